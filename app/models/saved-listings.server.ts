import type { Listing } from "~/models/listing";
import type { Property } from "~/db/schema";
import { isPublicStatus, publicFacts, type ClosedStatus } from "~/models/home-facts";
import { factsOf } from "~/models/home-facts.server";
import type { ComparedHome } from "~/models/compare-rows";
import { listingsOf } from "./listings.server";
import { getPropertiesByIds } from "./properties.server";

/**
 * A saved home that can no longer be shown: its name while the home exists and was once
 * public, else none. A home never public (a draft) is not named: its name may say what
 * the public must not read ("owner in foreclosure, do not list"), and anyone can put any
 * number in a list's URL.
 */
export type UnavailableHome = { id: number; name: string | null; status?: ClosedStatus };

/**
 * The homes of a visitor's list (their saved homes, a shared link, a comparison), in the
 * list's order: the active ones as listings, the others named as no longer available.
 */
export function savedListings(ids: number[]): { listings: Listing[]; unavailable: UnavailableHome[] } {
  const { active, unavailable } = listedHomes(ids);
  return { listings: listingsOf(active), unavailable };
}

/** The homes of a comparison: as savedListings(), each listing with its public facts. */
export function comparedHomes(ids: number[]): { homes: ComparedHome[]; unavailable: UnavailableHome[] } {
  const { active, unavailable } = listedHomes(ids);
  const homes = listingsOf(active).map((listing, index) => ({ ...listing, facts: publicFacts(factsOf(active[index]!)) }));
  return { homes, unavailable };
}

function listedHomes(ids: number[]): { active: Property[]; unavailable: UnavailableHome[] } {
  const found = new Map(getPropertiesByIds(ids).map((property) => [property.id, property]));
  const active = ids.flatMap((id) => {
    const property = found.get(id);
    return property?.isActive === true ? [property] : [];
  });
  const unavailable = ids
    .filter((id) => found.get(id)?.isActive !== true)
    .map((id) => {
      const home = found.get(id);
      // Named, it says why as its page does: rented, sold, or no longer available.
      return home?.firstPublishedAt && !isPublicStatus(home.status) ? { id, name: home.name, status: home.status } : { id, name: null };
    });
  return { active, unavailable };
}
