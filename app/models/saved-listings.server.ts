import type { Listing } from "~/models/listing";
import { listingsOf } from "./listings.server";
import { getPropertiesByIds } from "./properties.server";

/** A saved home that can no longer be shown: its name while the home exists (inactive), else only its number. */
export type UnavailableHome = { id: number; name: string | null };

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
    .map((id) => ({ id, name: found.get(id)?.name ?? null }));
  return { listings, unavailable };
}
