import { NO_FILTERS, type BrowseQuery, type WithinMiles } from "./browse-query";
import { WITHIN_CHOICES } from "./browse-choices";
import { FILTER_GROUPS, type FilterGroup } from "./search-description";
import { countBrowsed } from "./properties.server";

/**
 * When a search of /properties leaves no home (docs/product.md, "Nothing found, a way on"):
 * the nearest homes beyond its miles (the next distance that has any), and each of its
 * filters with how many homes the list would show without it, those that bring most first.
 * A few counts, asked only of an empty list.
 */

export type WiderPlace = { within: WithinMiles; count: number };
export type WithoutFilter = { group: FilterGroup; count: number };
export type WaysOut = { wider: WiderPlace | null; without: WithoutFilter[] };

export function waysOut(query: BrowseQuery): WaysOut {
  const without = FILTER_GROUPS.filter((group) => group.some((name) => query[name] !== NO_FILTERS[name]))
    .map((group) => ({ group: group[0], count: countBrowsed({ ...query, ...Object.fromEntries(group.map((name) => [name, NO_FILTERS[name]])) }) }))
    .sort((a, b) => b.count - a.count);
  return { wider: widerPlace(query), without };
}

/** The first wider distance with homes, the other filters kept; null without a place, or at any distance. */
function widerPlace(query: BrowseQuery): WiderPlace | null {
  if (!query.near || query.within === null || query.within === "any") return null;
  for (const within of WITHIN_CHOICES.slice(WITHIN_CHOICES.indexOf(query.within) + 1)) {
    const count = countBrowsed({ ...query, within });
    if (count) return { within, count };
  }
  return null;
}
