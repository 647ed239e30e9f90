import { fitsOnOneLine } from "./control-characters";
import type { Translate } from "./translate";

/**
 * What staff may give as an address the site links to. Not a .server module: the
 * dashboard's forms check with it in the browser and the public pages use it when they
 * render a link from the dictionary.
 */

// White space, controls and backslashes: browsers drop tabs and line breaks inside an
// address ("java\tscript:") and read "\" as "/", so an address that holds one is not
// the address it looks like.
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f\\]/;

const LINK_SCHEMES = new Set(["https:", "http:", "mailto:", "tel:"]);

// "https:host" parses as https://host/, but a browser reads it on an https page as a
// path of that page: a web address must say "//".
const WEB_START = /^https?:\/\//i;

function parsed(text: string): URL | null {
  if (CONTROL_OR_SPACE.test(text) || !fitsOnOneLine(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** An absolute http(s) address with a host. */
export function isWebUrl(text: string): boolean {
  const url = parsed(text);
  return url !== null && WEB_START.test(text) && url.hostname !== "";
}

/**
 * A path on this site ('/objects/...'), never '//host' or '/\host', which browsers
 * read as another site; or an http(s) URL. No javascript: or any other scheme.
 */
export function isImageUrl(text: string): boolean {
  if (text.startsWith("/")) return !CONTROL_OR_SPACE.test(text) && fitsOnOneLine(text) && !text.startsWith("//");
  return isWebUrl(text);
}

export const SITE_LINK_RULE = "Links must start with https://, http://, mailto: or tel:";

/**
 * An address the public pages may put in an href: http(s) with a host, or mailto: or
 * tel: with something after the colon. Never javascript:, data: or any other scheme.
 */
export function isSiteLink(text: string): boolean {
  const url = parsed(text);
  if (!url || !LINK_SCHEMES.has(url.protocol)) return false;
  if (url.protocol === "http:" || url.protocol === "https:") return isWebUrl(text);
  return url.pathname !== "";
}

/**
 * A dictionary entry that the site renders as an href (links.pay_rent_url ...). Its
 * English and Spanish texts must be site links (text-entry-form.ts).
 */
export function isLinkEntryKey(key: string): boolean {
  return key.startsWith("links.") || key.endsWith("_url");
}

/**
 * The href of a link entry on a public page: its text when that is a site link, else
 * "#" (as for a missing entry), so a row changed in the database past the dashboard's
 * checks still never becomes a javascript: link.
 */
export function dictionaryLink(t: Translate, key: string): string {
  const text = t(key, "#");
  return isSiteLink(text) ? text : "#";
}
