/**
 * A return-to path kept on our own origin: only a local absolute path ("/admin/...")
 * is accepted; anything else (another host, "//host", "/\\host", a scheme) gives the default.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/admin/dashboard"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  try {
    const base = "http://local.invalid";
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
