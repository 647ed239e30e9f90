/**
 * A configuration value as a message may show it: credentials written into it, as in a
 * URL's `user:password@host`, are masked, also when the value is too mistyped to parse
 * as a URL (`smtp//user:pass@host`, `smtps:/user:pass@host`, `user:pass@host`).
 *
 * Everything up to the last "@" (a password may hold "@", "/" or ":") after the scheme
 * and its slashes is the userinfo: a user name before a ":" stays readable, the rest is
 * "***". Without a scheme and slashes, a userinfo without ":" is an e-mail address's
 * local part and is left as it is.
 */

export const MASK = "***";

// "smtp://", "smtp//", "smtps:/", "https:\\\\": the part before a URL's userinfo.
const SCHEME_AND_SLASHES = /^[a-z][a-z0-9+.-]*:?[/\\]+/i;

/** A URL with a host and no user name or password: an "@" in its path or query is no credential. */
function isUrlWithoutCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.host !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

export function maskCredentials(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 0 || isUrlWithoutCredentials(value)) return value;
  const before = SCHEME_AND_SLASHES.exec(value.slice(0, at))?.[0] ?? "";
  const userinfo = value.slice(before.length, at);
  const colon = userinfo.indexOf(":");
  if (colon < 0 && !before) return value;
  const shown = colon < 0 ? MASK : `${userinfo.slice(0, colon)}:${MASK}`;
  return `${before}${shown}${value.slice(at)}`;
}
