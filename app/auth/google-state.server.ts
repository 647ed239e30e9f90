import { createCookie, createCookieSessionStorage, type SessionStorage } from "react-router";
import { cookieNames } from "~/config/cookie-names";
import { config } from "~/config/env.server";
import { OneTimeKeys } from "~/services/rate-limits/rate-limit.server";
import { GOOGLE_CALLBACK_PATH } from "~/paths";

/**
 * Where the Google sign-in keeps its OAuth `state` between the redirect to Google and
 * the callback: in a cookie of its own, signed with the session secret, not in a
 * session row, so that starting a sign-in (an anonymous GET) writes nothing
 * (docs/decisions/032-google-state-cookie-and-sign-in-events.md). remix-auth-oauth2 1.x
 * reads and writes the state through whatever session storage it is given; this one
 * is the cookie itself.
 */

export const GOOGLE_STATE_COOKIE = cookieNames(config().appUrlIsHttps).googleState;
export const GOOGLE_STATE_LIFETIME_MS = 10 * 60_000;

const ISSUED_AT = "issuedAt";

const stateCookie = createCookie(GOOGLE_STATE_COOKIE, {
  // Sent back only to the callback, the one place that reads it.
  path: GOOGLE_CALLBACK_PATH,
  httpOnly: true,
  // Lax: Google's redirect back is a top-level GET from another site.
  sameSite: "lax",
  secure: config().appUrlIsHttps,
  secrets: config().sessionSecrets,
  maxAge: GOOGLE_STATE_LIFETIME_MS / 1000,
});

const cookieStorage = createCookieSessionStorage({ cookie: stateCookie });

/**
 * The cookie storage, with the time of issue inside the signed value: the browser drops
 * the cookie after Max-Age, and a copy kept past that is refused here as if absent.
 */
export const googleStateStorage: SessionStorage = {
  async getSession(cookieHeader, options) {
    const session = await cookieStorage.getSession(cookieHeader, options);
    const age = Date.now() - Number(session.get(ISSUED_AT));
    return age >= 0 && age < GOOGLE_STATE_LIFETIME_MS ? session : cookieStorage.getSession();
  },
  async commitSession(session, options) {
    session.set(ISSUED_AT, Date.now());
    return cookieStorage.commitSession(session, options);
  },
  destroySession: (session, options) => cookieStorage.destroySession(session, options),
};

/** The Set-Cookie that removes the state cookie (every answer of the callback sends it). */
export async function clearedGoogleStateCookie(): Promise<string> {
  return cookieStorage.destroySession(await cookieStorage.getSession());
}

// Remembered a little longer than a state cookie is accepted, so no accepted cookie can
// outlive the memory of its use.
const usedStates = new OneTimeKeys("google-state", GOOGLE_STATE_LIFETIME_MS + 5 * 60_000);

/**
 * Uses a state up: true the first time, false for a replay. Called only once the
 * callback has checked the state and the account, so only a real sign-in writes.
 */
export function redeemGoogleState(state: string): Promise<boolean> {
  return usedStates.use(state);
}
