import { DASHBOARD_PATH } from "~/paths";
const BASE = "http://local.invalid";

/** A path that a browser reads as a path of this site: one "/" not followed by another or a "\". */
function isLocalPath(value: string): boolean {
  return value.startsWith("/") && value[1] !== "/" && value[1] !== "\\";
}

/**
 * A return-to path kept on our own origin: only a local absolute path ("/admin/...")
 * is accepted; anything else (another host, "//host", "/\\host", a scheme) gives the default.
 *
 * Normalised first, then checked: the URL parser drops tabs and line breaks, reads "\"
 * as "/" and resolves "." and ".." segments (also "%2e"), so "/.//evil.com" becomes the
 * path "//evil.com", which a browser would take for another host; such a result is
 * refused too. What comes out is its own result: safeRedirect(safeRedirect(x)) ===
 * safeRedirect(x), for any fallback that is itself a local path.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = DASHBOARD_PATH): string {
  if (typeof target !== "string" || !isLocalPath(target)) return fallback;
  try {
    const url = new URL(target, BASE);
    if (url.origin !== BASE) return fallback;
    const normalised = url.pathname + url.search + url.hash;
    return isLocalPath(normalised) ? normalised : fallback;
  } catch {
    return fallback;
  }
}
