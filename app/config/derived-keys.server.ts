import crypto from "node:crypto";
import { config } from "./env.server";

/**
 * Keys of their own for each use of the session secret (SESSION_SECRET, else the one kept
 * in ./data/session-secret): the log's pseudonyms, the passkeys' user handles. Each is
 * HMAC-SHA256(current secret, purpose), so no value made with one key is a value the
 * session cookie's signature, or another use, makes; a new secret gives new keys.
 */

const derived = new Map<string, { secret: string; key: Buffer }>();

export function derivedKey(purpose: string): Buffer {
  const secret = config().sessionSecrets[0];
  const known = derived.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = crypto.createHmac("sha256", secret).update(purpose).digest();
  derived.set(purpose, { secret, key });
  return key;
}
