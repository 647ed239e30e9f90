import { useEffect, useState } from "react";
import { listingCostsOf, type ListingCosts } from "~/models/listing-costs";
import type { PublicHomeFacts } from "~/models/home-facts";
import type { Language } from "~/utils/locale";
import { propertyApi } from "~/paths";

/**
 * A home's costs for its details dialog: the cards' data leaves the facts out (the home
 * page's HTML has a budget), so the dialog reads them from GET /api/properties/{id} (shared
 * by the page cache) when it opens; null until they come, or when they cannot.
 */
export function useListingCosts(id: number | null, language: Language): ListingCosts | null {
  const [found, setFound] = useState<{ id: number; facts: PublicHomeFacts } | null>(null);
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    fetch(propertyApi(id), { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ facts?: PublicHomeFacts }>) : null))
      .then((body) => {
        if (body?.facts) setFound({ id, facts: body.facts });
      })
      // A dialog closed, or the network gone: the details show without their costs.
      .catch(() => {});
    return () => controller.abort();
  }, [id]);
  return found && found.id === id ? listingCostsOf(found.facts, language) : null;
}
