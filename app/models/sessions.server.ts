import crypto from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { db, writeTransaction, type Transaction } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { normalizeEmail } from "~/models/whitelist.server";

/**
 * The sessions table: one row per signed-in browser (app/auth/session.server.ts keeps
 * only the row's signed id in a cookie). The time limits are explained in
 * docs/decisions/004-admin-sessions.md.
 */
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

// "email-and-passkey" and "google-and-passkey": the link or Google, then the passkey step.
export type SignInMethod = "email" | "google" | "passkey" | "email-and-passkey" | "google-and-passkey";
const SIGN_IN_METHODS: readonly string[] = ["email", "google", "passkey", "email-and-passkey", "google-and-passkey"] satisfies SignInMethod[];

function sweepExpired() {
  db().delete(sessions).where(lt(sessions.expire, new Date())).run();
}

/** A new row for a session's data; its id, made here, never leaves the server but in the signed cookie. */
export function createSessionRow(data: Record<string, unknown>, cookieExpires: Date | undefined): string {
  sweepExpired();
  const sid = crypto.randomBytes(32).toString("base64url");
  db()
    .insert(sessions)
    .values({ sid, sess: JSON.stringify(data), expire: idleExpiry(cookieExpires) })
    .run();
  return sid;
}

/** A session's data, or null when it has no row or the row has expired (then it goes). */
export function readSessionRow(sid: string): Record<string, unknown> | null {
  const row = db().select().from(sessions).where(eq(sessions.sid, sid)).get();
  if (!row) return null;
  if (row.expire.getTime() <= Date.now()) {
    deleteSessionRow(sid);
    return null;
  }
  return JSON.parse(row.sess) as Record<string, unknown>;
}

export function updateSessionRow(sid: string, data: Record<string, unknown>, cookieExpires: Date | undefined): void {
  db()
    .update(sessions)
    .set({ sess: JSON.stringify(data), expire: idleExpiry(cookieExpires) })
    .where(eq(sessions.sid, sid))
    .run();
}

export function deleteSessionRow(sid: string): void {
  db().delete(sessions).where(eq(sessions.sid, sid)).run();
}

/** A row lives until the idle timeout from its last write, and never past the cookie. */
function idleExpiry(cookieExpires: Date | undefined): Date {
  const idle = Date.now() + SESSION_IDLE_TIMEOUT_MS;
  return new Date(cookieExpires ? Math.min(idle, cookieExpires.getTime()) : idle);
}

/**
 * Signs an admin out: the session row goes and the change log records the sign-out, in
 * one transaction (nothing is recorded for a session that had already ended). True when
 * this ended the session.
 */
export function endSignedInSession(sid: string, adminEmail: string): boolean {
  return writeTransaction((tx) => {
    const ended = tx.delete(sessions).where(eq(sessions.sid, sid)).run().changes > 0;
    if (ended) recordAudit({ actor: adminEmail, entity: "session", action: "sign-out" }, tx);
    return ended;
  });
}

/**
 * An admin's own sessions, for the Admins tab (ASVS 7.5.2): where they are signed in,
 * and a way to end every session but the one in hand. Their ids never leave the server.
 */
export type AdminSessionSummary = {
  current: boolean;
  device: string;
  method: SignInMethod | "unknown";
  signedInAt: number;
  lastSeenAt: number;
};

const ownedBy = (email: string) => sql`lower(json_extract(${sessions.sess}, '$.adminEmail')) = ${normalizeEmail(email)}`;

export function listOwnSessions(email: string, currentSessionId: string | undefined): AdminSessionSummary[] {
  const now = Date.now();
  const rows = db()
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .where(and(ownedBy(email), gt(sessions.expire, new Date(now))))
    .all();
  return rows
    .map(({ sid, sess }) => {
      const data = JSON.parse(sess) as Record<string, unknown>;
      const method = typeof data.signInMethod === "string" && SIGN_IN_METHODS.includes(data.signInMethod) ? (data.signInMethod as SignInMethod) : "unknown";
      return {
        current: sid === currentSessionId,
        device: typeof data.device === "string" ? data.device : "Unknown device",
        method,
        signedInAt: Number(data.signedInAt ?? 0),
        lastSeenAt: Number(data.lastSeenAt ?? 0),
      } satisfies AdminSessionSummary;
    })
    .filter((session) => now - session.signedInAt <= SESSION_ABSOLUTE_LIFETIME_MS)
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
}

/**
 * Ends every session of this admin, in the caller's transaction: their passkeys were
 * removed by someone else (decision 062), so a session held by whoever took them ends too.
 */
export function endSessionsOf(email: string, tx: Transaction): number {
  return tx.delete(sessions).where(ownedBy(email)).run().changes;
}

/** Ends every session of this admin but the current one; the change log records how many. */
export function endOtherSessions(email: string, currentSessionId: string): number {
  return writeTransaction((tx) => {
    const ended = tx
      .delete(sessions)
      .where(and(ownedBy(email), ne(sessions.sid, currentSessionId)))
      .run().changes;
    if (ended > 0) {
      recordAudit({ actor: email, entity: "session", action: "sign-out-others", summary: `${ended} other ${ended === 1 ? "session" : "sessions"}` }, tx);
    }
    return ended;
  });
}
