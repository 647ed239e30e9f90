import { hrefWith } from "~/utils/paging";
import { BROWSE_PATH } from "~/paths";
import type { PriceKind } from "./price";

/**
 * The public /properties list's filters and sort, as they appear in its URL. Not a
 * .server module: the page builds its links and, with JavaScript, the next URL from
 * them. The URL is checked on the server (browse-query.server.ts), which sends any other
 * spelling of a query to this one.
 */

export const BROWSE_PAGE_SIZE = 24;

export const BROWSE_SORTS = ["newest", "price-asc", "price-desc"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const DEFAULT_BROWSE_SORT: BrowseSort = "newest";

/** "At least" choices the form offers; a larger number in the URL counts as the largest. */
export const BED_CHOICES = [1, 2, 3, 4] as const;
export const BATH_CHOICES = [1, 2, 3] as const;

export const MAX_BROWSE_TEXT = 100;
export const MAX_BROWSE_PRICE = 100_000_000;

export type BrowseQuery = {
  q: string;
  /** Rent or buy: homes whose price reads as a month's rent, or as a sale price (with those whose price reads as neither). */
  kind: PriceKind | null;
  minPrice: number | null;
  maxPrice: number | null;
  beds: number | null;
  baths: number | null;
  sort: BrowseSort;
  page: number;
};

/** What narrows a search: its query without the sort and the page (what a search alert follows). */
export type BrowseFilters = Omit<BrowseQuery, "sort" | "page">;

export const NO_FILTERS: BrowseFilters = { q: "", kind: null, minPrice: null, maxPrice: null, beds: null, baths: null };

export const EMPTY_BROWSE_QUERY: BrowseQuery = { q: "", kind: null, minPrice: null, maxPrice: null, beds: null, baths: null, sort: DEFAULT_BROWSE_SORT, page: 1 };

/** True when the query narrows the list (the sort and the page do not). */
export function isFiltered(query: BrowseQuery): boolean {
  return activeFilterCount(query) > 0;
}

/** How many filters narrow the list: the "(n)" of the folded filters' "Filters (n)". */
export function activeFilterCount(query: BrowseQuery): number {
  return [query.q !== "", query.kind !== null, query.minPrice !== null, query.maxPrice !== null, query.beds !== null, query.baths !== null].filter(Boolean).length;
}

type QueryValues = { [name in keyof BrowseQuery]?: string | number | null };

/**
 * The one URL of a query: its values in a fixed order, without blanks, the default sort
 * or page 1. browseHref({ ...EMPTY_BROWSE_QUERY, beds: 2 }) is "/properties?beds=2".
 * The form's own strings may be given as they are (the server has the last word).
 */
export function browseHref(query: QueryValues): string {
  return hrefWith(BROWSE_PATH, {
    q: typeof query.q === "string" ? query.q.trim() : query.q,
    kind: query.kind,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    beds: query.beds,
    baths: query.baths,
    sort: query.sort === DEFAULT_BROWSE_SORT ? null : query.sort,
    page: query.page,
  });
}
