import { HOME_TYPES } from "~/db/home-fact-values";
import { defaultSortOf, type BrowseSort, type WithinMiles } from "./browse-query";

/**
 * The choices of /properties' fact filters, apart from browse-query.ts: the home page
 * links to the list (browseHref) and so carries that module, not these lists, which only
 * the list's form and the server's reading of its URL need.
 */

export { HOME_TYPES };

/**
 * Rent or buy: rent and sale by what the price reads as (a price read as neither is under
 * both); rent to own and owner financing by the home's listing type.
 */
export const BROWSE_KINDS = ["rent", "sale", "rent_to_own", "owner_finance"] as const;
export type BrowseKind = (typeof BROWSE_KINDS)[number];

/** Pets a renter brings: a home allowing cats (or cats and dogs), or dogs. */
export const PET_FILTERS = ["cats", "dogs"] as const;
export type PetFilter = (typeof PET_FILTERS)[number];

export type BrowseHomeType = (typeof HOME_TYPES)[number];

/** How far from a place a search reaches, in miles; "any" lists every home, nearest first. */
export const WITHIN_CHOICES = [5, 10, 25, 50, "any"] as const satisfies readonly WithinMiles[];

/** The order the visitor chose, or null for the query's default (which a changed place may change). */
export const chosenSort = (query: { near?: unknown; sort: BrowseSort }): BrowseSort | null => (query.sort === defaultSortOf(query) ? null : query.sort);
