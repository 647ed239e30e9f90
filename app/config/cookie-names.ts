/**
 * The names of the site's cookies. On an https site they carry the prefix that makes a
 * browser enforce how they were set (ASVS 3.3.1): `__Host-` (Secure, this host only, no
 * Domain, Path=/) where the cookie covers the whole site, `__Secure-` for one set on
 * a narrower path (/admin, the Google callback, the passkey sign-in). On plain http (local development, the tests) a browser refuses those
 * prefixes without Secure, so the names stay bare there.
 */
export type CookieNames = { session: string; language: string; toast: string; googleState: string; passkeyChallenge: string; source: string };

const HTTPS_NAMES: CookieNames = { session: "__Host-session", language: "__Host-lng", toast: "__Secure-admin-toast", googleState: "__Secure-google-state", passkeyChallenge: "__Secure-passkey-challenge", source: "__Host-source" };
const HTTP_NAMES: CookieNames = { session: "__session", language: "lng", toast: "admin-toast", googleState: "__google_state", passkeyChallenge: "__passkey_challenge", source: "source" };

export function cookieNames(https: boolean): CookieNames {
  return https ? HTTPS_NAMES : HTTP_NAMES;
}

/** Whether a Set-Cookie header sets the language cookie (under either name). */
export function setsLanguageCookie(setCookie: string): boolean {
  return setCookie.startsWith(`${HTTP_NAMES.language}=`) || setCookie.startsWith(`${HTTPS_NAMES.language}=`);
}
