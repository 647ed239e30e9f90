import crypto from "node:crypto";
import { derivedKey } from "./derived-keys.server";

/**
 * How the log names a person or a client without holding their address
 * (docs/decisions/032-google-state-cookie-and-sign-in-events.md): an e-mail address is
 * shown masked (`d***@example.com`, enough for a person to guess whose it is among the
 * staff) with a keyed hash of the whole address, and a client's IP only as a keyed
 * hash. The same address gives the same hash, so its events can be followed through the
 * log; without the key a hash cannot be turned back into an address by trying likely
 * ones. The key is derived from the current session secret (a new secret gives new
 * hashes).
 */

const PSEUDONYM_HEX_LENGTH = 12;

// A key of its own, so a log pseudonym is never a value the session cookie's signature uses.
const pseudonymKey = () => derivedKey("log pseudonyms");

/** A short keyed hash: the same input gives the same 12 hex digits. */
export function pseudonymOf(value: string): string {
  return crypto.createHmac("sha256", pseudonymKey()).update(value).digest("hex").slice(0, PSEUDONYM_HEX_LENGTH);
}

/** `dana@example.com` → `d***@example.com`; anything without an @ → `***`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/** The log's fields for an e-mail address (lowercased first: one address, one hash). */
export function emailFields(email: string | null | undefined): { email?: string; emailKey?: string } {
  if (!email) return {};
  const address = email.trim().toLowerCase();
  return { email: maskedEmail(address), emailKey: pseudonymOf(`email:${address}`) };
}

/** The log's field for a client's IP address. */
export function clientFields(clientIp: string | null | undefined): { clientKey?: string } {
  return clientIp ? { clientKey: pseudonymOf(`ip:${clientIp}`) } : {};
}
