import crypto from "node:crypto";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { passkeyChallenges, passkeys, type Passkey } from "~/db/schema";
import { recordAudit } from "./audit.server";
import { endSessionsOf } from "./sessions.server";
import { allPasskeysRemovedMail, passkeyAddedMail, passkeyRemovedMail } from "./sign-in-factor-mails.server";
import { queueMail } from "~/services/mail/queue.server";
import { getWhitelistEntry, normalizeEmail, sameAddress } from "./whitelist.server";
import type { PasskeySummary } from "./passkey-form";

export type { PasskeySummary };

/**
 * Staff passkeys (docs/decisions/053-staff-passkeys.md): the credentials each admin has
 * registered, and the challenges of ceremonies in progress. The WebAuthn checks
 * themselves are app/auth/passkeys.server.ts's; this module stores what they need.
 */

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;


const summary = (row: Passkey): PasskeySummary => ({ id: row.id, name: row.name, createdAt: row.createdAt.getTime(), lastUsedAt: row.lastUsedAt?.getTime() ?? null });

/** An admin's passkeys, oldest first. */
export function listPasskeys(email: string): PasskeySummary[] {
  return db().select().from(passkeys).where(eq(passkeys.adminEmail, normalizeEmail(email))).orderBy(asc(passkeys.id)).all().map(summary);
}

/** The stored credentials of an admin, for the browser to leave out when registering another. */
export function credentialsOf(email: string): Pick<Passkey, "credentialId" | "transports">[] {
  return db().select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.adminEmail, normalizeEmail(email))).all();
}

export function countPasskeys(email: string): number {
  return db().select({ n: sql<number>`count(*)` }).from(passkeys).where(eq(passkeys.adminEmail, normalizeEmail(email))).get()?.n ?? 0;
}

export type NewPasskey = { adminEmail: string; credentialId: string; publicKey: string; counter: number; transports: string[]; name: string };

/**
 * Stores a verified credential for its admin; the change log records it and the admin is
 * mailed (decision 062). Undefined when the credential is already stored.
 */
export function addPasskey(input: NewPasskey): PasskeySummary | undefined {
  const adminEmail = normalizeEmail(input.adminEmail);
  return writeTransaction((tx) => {
    const row = tx.insert(passkeys).values({ ...input, adminEmail }).onConflictDoNothing().returning().get();
    if (!row) return undefined;
    recordAudit({ actor: adminEmail, entity: "passkey", entityId: row.id, action: "create", summary: `name: ${row.name}` }, tx);
    queueMail(passkeyAddedMail(adminEmail, row.name), tx);
    return summary(row);
  });
}

/** The stored credential a sign-in names, if any. */
export function passkeyByCredentialId(credentialId: string): Passkey | undefined {
  return db().select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();
}

/**
 * Records a sign-in's use of the passkey: its new counter and the time. Conditional on the
 * counter read before the check, so of two simultaneous uses of one assertion one counts.
 */
export function recordPasskeyUse(passkey: Pick<Passkey, "id" | "counter">, newCounter: number): boolean {
  return (
    db()
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: new Date() })
      .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
      .run().changes === 1
  );
}

/**
 * Removes one of `owner`'s passkeys (`actor` did it: the owner, or another admin), and
 * mails the owner; false when there is no such passkey of theirs.
 */
export function removePasskey(id: number, owner: string, actor: string): boolean {
  const adminEmail = normalizeEmail(owner);
  return writeTransaction((tx) => {
    const row = tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.adminEmail, adminEmail))).returning().get();
    if (!row) return false;
    const whose = normalizeEmail(actor) === adminEmail ? "" : ` (of ${adminEmail})`;
    recordAudit({ actor: normalizeEmail(actor), entity: "passkey", entityId: row.id, action: "delete", summary: `name: ${row.name}${whose}` }, tx);
    queueMail(passkeyRemovedMail(adminEmail, row.name, normalizeEmail(actor)), tx);
    return true;
  });
}

/**
 * Removes every passkey of `owner` (an admin who lost theirs, at another admin's hand or
 * from the command line); the change log records it with `actor`. The owner's sessions
 * end with them and the owner is mailed (decision 062): if the passkeys were taken from
 * them, or this is not their wish, a session held by someone else ends too and they know.
 * Returns how many went.
 */
export function removeAllPasskeys(owner: string, actor: string): number {
  const adminEmail = normalizeEmail(owner);
  return writeTransaction((tx) => {
    const removed = tx.delete(passkeys).where(eq(passkeys.adminEmail, adminEmail)).returning({ id: passkeys.id }).all();
    if (removed.length) {
      recordAudit({ actor, entity: "passkey", action: "delete", summary: `all passkeys of ${adminEmail} (${removed.length})` }, tx);
      endSessionsOf(adminEmail, tx);
      queueMail(allPasskeysRemovedMail(adminEmail, removed.length, actor), tx);
    }
    return removed.length;
  });
}

/** A whitelist entry as another admin's (never the caller's own), with its passkeys' count. */
export type OtherAdminPasskeys = { kind: "found"; email: string; count: number } | { kind: "not_found" } | { kind: "own" };

export function otherAdminPasskeys(entryId: number | null, actor: string): OtherAdminPasskeys {
  const entry = entryId === null ? undefined : getWhitelistEntry(entryId);
  if (!entry) return { kind: "not_found" };
  if (sameAddress(entry.email, actor)) return { kind: "own" };
  return { kind: "found", email: entry.email, count: countPasskeys(entry.email) };
}

/** Removes every passkey of the admin of whitelist entry `entryId`, by another admin `actor` (the Admins tab and its JSON call). */
export function removeOtherAdminPasskeys(entryId: number | null, actor: string): Exclude<OtherAdminPasskeys, { kind: "found" }> | { kind: "removed"; removed: number } {
  const other = otherAdminPasskeys(entryId, actor);
  return other.kind === "found" ? { kind: "removed", removed: removeAllPasskeys(other.email, actor) } : other;
}

/** How many passkeys each address has (the Admins tab's entries). */
export function passkeyCounts(): Map<string, number> {
  const rows = db().select({ email: passkeys.adminEmail, n: sql<number>`count(*)` }).from(passkeys).groupBy(passkeys.adminEmail).all();
  return new Map(rows.map((row) => [row.email, row.n]));
}

export type ChallengePurpose = "register" | "sign-in";

/** Keeps a ceremony's challenge; returns its id (for a sign-in's cookie). Older expired ones are swept. */
export function storeChallenge(input: { purpose: ChallengePurpose; challenge: string; sessionId?: string | null; adminEmail?: string | null }): string {
  const id = crypto.randomBytes(24).toString("base64url");
  const now = Date.now();
  writeTransaction((tx) => {
    tx.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(now))).run();
    // One registration at a time per session: a newer one ends the older.
    if (input.purpose === "register" && input.sessionId) {
      tx.delete(passkeyChallenges).where(and(eq(passkeyChallenges.purpose, "register"), eq(passkeyChallenges.sessionId, input.sessionId))).run();
    }
    tx.insert(passkeyChallenges)
      .values({ id, purpose: input.purpose, challenge: input.challenge, sessionId: input.sessionId ?? null, adminEmail: input.adminEmail ?? null, expiresAt: new Date(now + CHALLENGE_LIFETIME_MS) })
      .run();
  });
  return id;
}

type ChallengeRow = typeof passkeyChallenges.$inferSelect;

/** Takes a challenge out (single use): the row is deleted whether or not it is still in time; undefined when there is none or it expired. */
function take(where: ReturnType<typeof and>): ChallengeRow | undefined {
  const row = db().delete(passkeyChallenges).where(where).returning().get();
  return row && row.expiresAt.getTime() > Date.now() ? row : undefined;
}

export function takeSignInChallenge(id: string): ChallengeRow | undefined {
  return take(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, "sign-in")));
}

export function takeRegistrationChallenge(sessionId: string, adminEmail: string): ChallengeRow | undefined {
  return take(and(eq(passkeyChallenges.purpose, "register"), eq(passkeyChallenges.sessionId, sessionId), eq(passkeyChallenges.adminEmail, normalizeEmail(adminEmail))));
}
