import { hrefWith } from "~/utils/paging";
import { BROWSE_PATH } from "~/paths";
import type { BrowseHomeType, BrowseKind, PetFilter } from "./browse-choices";

/**
 * The public /properties list's filters and sort, as they appear in its URL. Not a
 * .server module: the page builds its links and, with JavaScript, the next URL from
 * them. The URL is checked on the server (browse-query.server.ts), which sends any other
 * spelling of a query to this one.
 */

export { BROWSE_PAGE_SIZE } from "./browse-page-size";

export const BROWSE_SORTS = ["newest", "price-asc", "price-desc", "distance"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const DEFAULT_BROWSE_SORT: BrowseSort = "newest";

/** Nearest first with a place, newest first without one (where "distance" means nothing). */
export const defaultSortOf = (query: { near?: unknown }): BrowseSort => (query.near ? "distance" : DEFAULT_BROWSE_SORT);

/** "At least" choices the form offers; a larger number in the URL counts as the largest. */
export const BED_CHOICES = [1, 2, 3, 4] as const;
export const BATH_CHOICES = [1, 2, 3] as const;

export const MAX_BROWSE_TEXT = 100;
export const MAX_BROWSE_PRICE = 100_000_000;

/** A place /properties searches around, as the gazetteer read it (its name is the URL's `near`). */
export type NearPlace = { name: string; latitude: number; longitude: number };

/** Miles around the place (browse-choices.ts); "any" lists every home, nearest first. */
export type WithinMiles = 5 | 10 | 25 | 50 | "any";
export const DEFAULT_WITHIN: WithinMiles = 25;

export type BrowseQuery = {
  q: string;
  /** With `within`: homes near a place; null for anywhere. */
  near: NearPlace | null;
  /** Null exactly when `near` is. */
  within: WithinMiles | null;
  /** Rent or buy (browse-choices.ts). */
  kind: BrowseKind | null;
  minPrice: number | null;
  maxPrice: number | null;
  beds: number | null;
  baths: number | null;
  pets: PetFilter | null;
  homeType: BrowseHomeType | null;
  /** Only 55+ communities. */
  senior: boolean;
  /** YYYY-MM-DD: homes one can move into by then (available, or coming soon by that day). */
  availableBy: string | null;
  sort: BrowseSort;
  page: number;
};

/** What narrows a search: its query without the sort and the page (what a search alert follows). */
export type BrowseFilters = Omit<BrowseQuery, "sort" | "page">;

export const NO_FILTERS: BrowseFilters = { q: "", near: null, within: null, kind: null, minPrice: null, maxPrice: null, beds: null, baths: null, pets: null, homeType: null, senior: false, availableBy: null };

export const EMPTY_BROWSE_QUERY: BrowseQuery = { ...NO_FILTERS, sort: DEFAULT_BROWSE_SORT, page: 1 };

/** True when the query narrows the list (the sort and the page do not). */
export function isFiltered(query: BrowseQuery): boolean {
  return activeFilterCount(query) > 0;
}

/** How many filters narrow the list: the "(n)" of the folded filters' "Filters (n)" (a place and its miles are one). */
export function activeFilterCount(query: BrowseQuery): number {
  return (Object.keys(NO_FILTERS) as (keyof BrowseFilters)[]).filter((name) => name !== "within" && query[name] !== NO_FILTERS[name]).length;
}

type QueryValues = { [name in Exclude<keyof BrowseQuery, "senior" | "near">]?: string | number | null } & {
  senior?: boolean | string | null;
  near?: NearPlace | string | null;
};

/**
 * The one URL of a query: its values in a fixed order, without blanks, the query's default
 * sort or page 1. browseHref({ ...EMPTY_BROWSE_QUERY, beds: 2 }) is "/properties?beds=2".
 * The form's own strings may be given as they are (the server has the last word); a place
 * always has its miles, so that the URL says what the list shows.
 */
export function browseHref(query: QueryValues): string {
  const near = typeof query.near === "string" ? query.near.trim() : query.near?.name;
  return hrefWith(BROWSE_PATH, {
    q: typeof query.q === "string" ? query.q.trim() : query.q,
    near,
    within: near ? query.within || DEFAULT_WITHIN : null,
    kind: query.kind,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    beds: query.beds,
    baths: query.baths,
    pets: query.pets,
    homeType: query.homeType,
    senior: query.senior ? 1 : null,
    availableBy: query.availableBy,
    sort: query.sort === defaultSortOf({ near }) ? null : query.sort,
    page: query.page,
  });
}
