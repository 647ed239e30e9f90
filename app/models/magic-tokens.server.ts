import { and, eq, gt, isNull } from "drizzle-orm";
import { db, type Transaction, writeTransaction } from "~/db/client.server";
import { magicTokens } from "~/db/schema";
import { hashOfToken, isTokenShaped, newSecretToken } from "~/utils/secret-tokens.server";

/**
 * One-time sign-in tokens (docs/decisions/005-magic-link-strategy.md). The token
 * itself only ever travels in the e-mail; the table keeps its SHA-256 hash, so a copy
 * of the database cannot be turned into a working link.
 */

export const LOGIN_TOKEN_LIFETIME_MS = 10 * 60_000;
const LOGIN_PURPOSE = "login";

export type LoginTokenFailure = "token_already_used" | "expired_token" | "unknown";
export type LoginTokenState = "valid" | LoginTokenFailure;
/** Why a token does not sign in, and whose it was when it is one of ours (for the log). */
export type LoginTokenRefusal = { error: LoginTokenFailure; email: string | null };
export type ConsumeResult = { ok: true; email: string } | ({ ok: false } & LoginTokenRefusal);
export type InspectResult = { state: LoginTokenState; email: string | null };


type Requester = { ip: string | null; userAgent: string | null };

/** A fresh token and its hash. Also the "comparable work" for addresses off the whitelist. */
export function newLoginToken(): { token: string; jti: string } {
  const token = newSecretToken();
  return { token, jti: hashOfToken(token) };
}

/** The hash of a token that could be one of ours, or null for anything else. */
function jtiOf(token: unknown): string | null {
  return isTokenShaped(token) ? hashOfToken(token) : null;
}

// Headers are attacker-controlled: keep what is stored small.
function clip(value: string | null): string | null {
  return value === null ? null : value.slice(0, 512);
}

/**
 * Issues a login token for the (already lowercased) address and, in the same
 * transaction, ends that address's older unused tokens: only the newest link works,
 * and an older one says "expired". `alsoInTransaction` runs inside that transaction
 * (the caller queues the e-mail there, so token and mail commit together or not at all).
 */
export function issueLoginToken(
  input: { email: string } & Requester,
  alsoInTransaction?: (tx: Transaction, issued: { token: string; expiresAt: Date }) => void,
): { token: string; expiresAt: Date } {
  const { token, jti } = newLoginToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LOGIN_TOKEN_LIFETIME_MS);
  return writeTransaction((tx) => {
    tx.update(magicTokens)
      .set({ expiresAt: now })
      .where(
        and(
          eq(magicTokens.email, input.email),
          eq(magicTokens.purpose, LOGIN_PURPOSE),
          isNull(magicTokens.usedAt),
          gt(magicTokens.expiresAt, now),
        ),
      )
      .run();
    tx.insert(magicTokens)
      .values({
        jti,
        email: input.email,
        purpose: LOGIN_PURPOSE,
        expiresAt,
        requestedIp: clip(input.ip),
        requestedUserAgent: clip(input.userAgent),
      })
      .run();
    const issued = { token, expiresAt };
    alsoInTransaction?.(tx, issued);
    return issued;
  });
}

/** Why a token that cannot be used now cannot be used, from its stored row. */
function failureOf(jti: string | null, now: Date): LoginTokenRefusal {
  const unknown = { error: "unknown", email: null } as const;
  if (!jti) return unknown;
  const row = db()
    .select({ usedAt: magicTokens.usedAt, expiresAt: magicTokens.expiresAt, purpose: magicTokens.purpose, email: magicTokens.email })
    .from(magicTokens)
    .where(eq(magicTokens.jti, jti))
    .get();
  if (!row || row.purpose !== LOGIN_PURPOSE) return unknown;
  if (row.usedAt) return { error: "token_already_used", email: row.email };
  if (row.expiresAt.getTime() <= now.getTime()) return { error: "expired_token", email: row.email };
  return { error: "unknown", email: row.email };
}

/**
 * Uses a token up. One conditional UPDATE ... RETURNING: SQLite runs it atomically, so
 * of any number of simultaneous submissions of one link exactly one gets the address.
 */
/** A login token that is neither used nor expired. */
function usable(jti: string, now: Date) {
  return and(eq(magicTokens.jti, jti), eq(magicTokens.purpose, LOGIN_PURPOSE), isNull(magicTokens.usedAt), gt(magicTokens.expiresAt, now));
}

export function consumeLoginToken(input: { token: unknown } & Requester): ConsumeResult {
  const jti = jtiOf(input.token);
  const now = new Date();
  if (jti) {
    const row = db()
      .update(magicTokens)
      .set({ usedAt: now, usedIp: clip(input.ip), usedUserAgent: clip(input.userAgent) })
      .where(usable(jti, now))
      .returning({ email: magicTokens.email })
      .get();
    if (row) return { ok: true, email: row.email };
  }
  return { ok: false, ...failureOf(jti, now) };
}

/** What a token would do if submitted now, without using it (the confirm page's GET). */
export function inspectLoginToken(token: unknown): InspectResult {
  const jti = jtiOf(token);
  const now = new Date();
  if (jti) {
    const row = db()
      .select({ email: magicTokens.email })
      .from(magicTokens)
      .where(usable(jti, now))
      .get();
    if (row) return { state: "valid", email: row.email };
  }
  const { error, email } = failureOf(jti, now);
  return { state: error, email };
}

/** Comparable database work for a request that issues nothing (see requestLoginLink). */
export function countUnusedLoginTokens(email: string): number {
  return db()
    .select({ id: magicTokens.id })
    .from(magicTokens)
    .where(and(eq(magicTokens.email, email), isNull(magicTokens.usedAt)))
    .all().length;
}
