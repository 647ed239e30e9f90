import crypto from "node:crypto";
import { createCookie, createSessionStorage } from "@remix-run/node";
import { eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { cookieNames } from "./cookie-names";
import { config } from "./env.server";

/**
 * Admin sessions live in the sessions table; the cookie carries only the signed id.
 * Deleting the row (logout, whitelist removal, expiry) ends the session at once.
 * The time limits are explained in docs/decisions/004-admin-sessions.md.
 */
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type SignInMethod = "email" | "google";

export type SessionData = {
  adminEmail?: string;
  signedInAt?: number;
  lastSeenAt?: number;
  /** How and where the session began, for the admin's list of their sessions. */
  signInMethod?: SignInMethod;
  device?: string;
  // remix-auth's Authenticator takes any session storage; nothing else is kept here (the
  // Google sign-in's OAuth state has a cookie of its own, app/auth/google-state.server.ts).
  [key: string]: unknown;
};

const sessionCookie = createCookie(cookieNames(config().appUrlIsHttps).session, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: config().appUrlIsHttps,
  secrets: config().sessionSecrets,
  maxAge: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
});

function sweepExpired() {
  db().delete(sessions).where(lt(sessions.expire, new Date())).run();
}

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    sweepExpired();
    const sid = crypto.randomBytes(32).toString("base64url");
    db()
      .insert(sessions)
      .values({ sid, sess: JSON.stringify(data), expire: idleExpiry(expires) })
      .run();
    return sid;
  },
  async readData(sid) {
    const row = db().select().from(sessions).where(eq(sessions.sid, sid)).get();
    if (!row) return null;
    if (row.expire.getTime() <= Date.now()) {
      db().delete(sessions).where(eq(sessions.sid, sid)).run();
      return null;
    }
    return JSON.parse(row.sess) as SessionData;
  },
  async updateData(sid, data, expires) {
    db()
      .update(sessions)
      .set({ sess: JSON.stringify(data), expire: idleExpiry(expires) })
      .where(eq(sessions.sid, sid))
      .run();
  },
  async deleteData(sid) {
    db().delete(sessions).where(eq(sessions.sid, sid)).run();
  },
});

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
  return db().transaction((tx) => {
    const ended = tx.delete(sessions).where(eq(sessions.sid, sid)).run().changes > 0;
    if (ended) recordAudit({ actor: adminEmail, entity: "session", action: "sign-out" }, tx);
    return ended;
  });
}

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** Whether the request carried a session cookie at all (to tell "expired" from "never signed in"). */
export async function hadSessionCookie(request: Request): Promise<boolean> {
  return Boolean(await sessionCookie.parse(request.headers.get("Cookie")));
}
