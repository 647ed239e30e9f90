import { BROWSE_PATH } from "~/paths";

/**
 * Where a home's page goes back to ("Back to all homes", "Close"): the list its card was
 * on, carried in the card's link as `?from=` (the page is shared from the page cache, so
 * it cannot read the visitor's Referer). Only this site's lists are taken: /properties
 * with its search and page, or the home page's section; anything else (a missing, foreign
 * or odd value) goes to /properties, every home.
 */
export const BACK_TO_LIST_PARAM = "from";

/** The home page's list of homes, as a card's `from` names it. */
export const HOME_PAGE_LIST = "/";

/** A card's link to its home's page, naming the list it is on. */
export function homePageFromList(homePath: string, list: string): string {
  return `${homePath}?${BACK_TO_LIST_PARAM}=${encodeURIComponent(list)}`;
}

/** The list to go back to for a home page's `from`. */
export function backToListHref(from: string | null): string {
  if (from === HOME_PAGE_LIST) return "/#properties";
  if (!from?.startsWith(`${BROWSE_PATH}?`) && from !== BROWSE_PATH) return BROWSE_PATH;
  const url = new URL(from, "http://site.invalid");
  // Only the list's own address: no other path, host or fragment.
  if (url.origin !== "http://site.invalid" || url.pathname !== BROWSE_PATH) return BROWSE_PATH;
  return `${BROWSE_PATH}${url.search}`;
}
