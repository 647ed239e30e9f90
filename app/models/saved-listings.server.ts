import type { Listing } from "~/models/listing";
import { isPublicStatus, type ClosedStatus } from "~/models/home-facts";
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
  const found = new Map(getPropertiesByIds(ids).map((property) => [property.id, property]));
  const active = ids.map((id) => found.get(id)).filter((property) => property?.isActive === true);
  const listings = listingsOf(active.map((property) => property!));
  const unavailable = ids
    .filter((id) => found.get(id)?.isActive !== true)
    .map((id) => {
      const home = found.get(id);
      // Named, it says why as its page does: rented, sold, or no longer available.
      return home?.firstPublishedAt && !isPublicStatus(home.status) ? { id, name: home.name, status: home.status } : { id, name: null };
    });
  return { listings, unavailable };
}
