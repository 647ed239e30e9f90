/**
 * A visitor's saved homes (docs/decisions/050-favourites-in-the-browser.md): a list of
 * home ids kept in the browser, never on the server. Without JavaScript it rides in the
 * `saved-homes` cookie (ids joined by dots); with it, in localStorage under the same name.
 * Shared links carry it as `?ids=1,2,3`.
 */

export const SAVED_HOMES_COOKIE = "saved-homes";
export const SAVED_HOMES_STORAGE_KEY = "saved-homes";
/** The most homes a list keeps: the cookie stays small, and the page stays one page. */
export const MAX_SAVED_HOMES = 50;
/** The most homes /compare shows side by side. */
export const MAX_COMPARED_HOMES = 4;
/** The cookie outlives visits: about a year. */
export const SAVED_HOMES_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The query parameter of a shared list and of /compare. */
export const IDS_PARAM = "ids";

const WHOLE_NUMBER = /^[1-9][0-9]{0,8}$/;

/**
 * The ids a text names, in order, each once: only positive whole numbers; anything else
 * (junk, negatives, decimals, huge numbers) is dropped. Dots, commas and spaces separate
 * (the cookie joins with dots, a shared link with commas).
 */
export function parseHomeIds(text: string | null | undefined, max = MAX_SAVED_HOMES): number[] {
  if (!text) return [];
  const ids: number[] = [];
  for (const part of text.split(/[.,\s]+/)) {
    if (!WHOLE_NUMBER.test(part)) continue;
    const id = Number(part);
    if (!ids.includes(id)) ids.push(id);
    if (ids.length >= max) break;
  }
  return ids;
}

/** The cookie's value: the ids joined by dots (no character a cookie must escape). */
export const cookieValueOf = (ids: number[]): string => ids.slice(0, MAX_SAVED_HOMES).join(".");

/** A list's ids as a shared link and /compare spell them: joined by commas. */
export const idsParamOf = (ids: number[]): string => ids.join(",");

/** `ids` with `id` added at the end (at most MAX_SAVED_HOMES: the oldest stay, a new one past the cap is not added). */
export function withHome(ids: number[], id: number): number[] {
  if (ids.includes(id) || ids.length >= MAX_SAVED_HOMES) return ids;
  return [...ids, id];
}

export const withoutHome = (ids: number[], id: number): number[] => ids.filter((item) => item !== id);

/** `ids` and then those of `more` not in it, within the cap. */
export function mergedHomes(ids: number[], more: number[]): number[] {
  return more.reduce(withHome, ids);
}

/** The value of the cookie in a Cookie header (or document.cookie), or null. */
export function savedHomesCookieValue(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    if (part.slice(0, equals).trim() === SAVED_HOMES_COOKIE) return part.slice(equals + 1).trim();
  }
  return null;
}

/** Whether a Cookie header carries a saved list (such a visitor's pages are their own: never shared from the page cache). */
export const carriesSavedHomes = (cookieHeader: string | null | undefined): boolean => Boolean(savedHomesCookieValue(cookieHeader));

/**
 * The Set-Cookie value that keeps `ids` (or deletes the cookie when there are none).
 * Not HttpOnly: the page's script moves it into localStorage and deletes it.
 */
export function savedHomesSetCookie(ids: number[], secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  if (!ids.length) return `${SAVED_HOMES_COOKIE}=; Max-Age=0; ${attributes}`;
  return `${SAVED_HOMES_COOKIE}=${cookieValueOf(ids)}; Max-Age=${SAVED_HOMES_MAX_AGE_SECONDS}; ${attributes}`;
}
