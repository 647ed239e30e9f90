/** The pattern of each cookie name asked for: the site's few names (cookie-names.ts), built once. */
const patterns = new Map<string, RegExp>();

/**
 * The value of the cookie `name` in a Cookie header, as the browser sent it (not decoded,
 * quotes kept): the first one of that name, "" when it has no value, null when the header
 * has none or there is no header. Only a whole name matches (`source` is not `__Host-source`).
 */
export function cookieValueOf(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  let pattern = patterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|;\\s*)${name.replace(/[^\w-]/g, "\\$&")}=([^;]*)`);
    patterns.set(name, pattern);
  }
  return pattern.exec(header)?.[1] ?? null;
}
