import { createCookie, createSessionStorage } from "react-router";
import { cookieNames } from "~/config/cookie-names";
import { describeDevice } from "./session-device";
import { config } from "~/config/env.server";
import {
  createSessionRow,
  deleteSessionRow,
  readSessionRow,
  SESSION_ABSOLUTE_LIFETIME_MS,
  type SignInMethod,
  updateSessionRow,
} from "~/models/sessions.server";

/**
 * Admin sessions live in the sessions table (models/sessions.server.ts); the cookie
 * carries only the signed id. Deleting the row (logout, whitelist removal, expiry) ends
 * the session at once. The time limits are explained in
 * docs/decisions/004-admin-sessions.md.
 */

export type SessionData = {
  adminEmail?: string;
  signedInAt?: number;
  lastSeenAt?: number;
  /** When a passkey was last used in this session: a change to the sign-in factors needs it fresh (app/auth/fresh-proof.server.ts). */
  passkeyAt?: number;
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

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  createData: async (data, expires) => createSessionRow(data, expires),
  readData: async (sid) => readSessionRow(sid) as SessionData | null,
  updateData: async (sid, data, expires) => updateSessionRow(sid, data, expires),
  deleteData: async (sid) => deleteSessionRow(sid),
});

/**
 * A brand-new session for a sign-in (or its passkey step), in place of whatever session
 * the request had: a fresh id, so an id planted before sign-in is worthless. It names the
 * device as the sign-in's User-Agent describes it.
 */
export async function freshSession(request: Request) {
  const previous = await getSession(request);
  if (previous.id) await sessionStorage.destroySession(previous);
  const session = await sessionStorage.getSession();
  session.set("device", describeDevice(request.headers.get("User-Agent")));
  return session;
}

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** Whether the request carried a session cookie at all (to tell "expired" from "never signed in"). */
export async function hadSessionCookie(request: Request): Promise<boolean> {
  return Boolean(await sessionCookie.parse(request.headers.get("Cookie")));
}
