import crypto from "node:crypto";

/**
 * The secrets of links sent by mail (a sign-in link, a search alert's confirmation):
 * 32 random bytes in base64url, unpadded, exactly 43 characters. Where a link works
 * once, the database keeps only the token's SHA-256, so a copy of it opens nothing.
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashOfToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** True for a string that could be one of our tokens (anything else is not looked up). */
export function isTokenShaped(token: unknown): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}
