import { useCallback, useEffect, useRef, useState } from "react";
import type { Listing } from "~/models/listing";
import { propertyPath } from "~/paths";
import { handlePopState } from "~/utils/popstate-gate";

// Marks the history entries this page pushed for an open home: the home's id.
const DETAILS_STATE = "detailsOpen";

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * A home's details as a dialog over a list (the home page's cards and map, /properties)
 * whose address is the home's own page: opening it pushes `/properties/:id` (so it can be
 * shared, and a reload shows the page), and the phone's Back closes it, back on the list
 * as it was, filters and scroll and all, because the list never left.
 *
 * The router is not told of these entries: the list stays the route it knows. A Back or
 * Forward between the list's entry and one of ours is this page's business alone, so it
 * is handled before the router hears of it (utils/popstate-gate.ts); every other one
 * (Back past the list, a page the router pushed) is left to the router.
 */
export function useDetailsInUrl() {
  const [open, setOpen] = useState<Listing | null>(null);
  // Read by the popstate listener: the latest, not a render's.
  const shown = useRef<Listing | null>(null);
  const pushed = useRef(new Map<number, Listing>());
  const listUrl = useRef<string | null>(null);

  const showListing = useCallback((listing: Listing | null) => {
    shown.current = listing;
    setOpen(listing);
  }, []);

  /** Opens a home's details and pushes its address. */
  const show = useCallback(
    (listing: Listing) => {
      if (window.history.state?.[DETAILS_STATE] === undefined) listUrl.current = here();
      pushed.current.set(listing.id, listing);
      const state = { ...window.history.state, [DETAILS_STATE]: listing.id };
      if (window.history.state?.[DETAILS_STATE] !== undefined) window.history.replaceState(state, "", propertyPath(listing.id));
      else window.history.pushState(state, "", propertyPath(listing.id));
      showListing(listing);
    },
    [showListing],
  );

  /** Close, Escape, the backdrop: as Back does, so Forward opens the home again. */
  const close = useCallback(() => {
    if (window.history.state?.[DETAILS_STATE] !== undefined) window.history.back();
    else showListing(null);
  }, [showListing]);

  /** Closed on the way to another page (a link in the dialog): the list's address comes back in place, and Back from that page returns to the list. */
  const dismiss = useCallback(() => {
    const state = window.history.state as Record<string, unknown> | null;
    if (state?.[DETAILS_STATE] !== undefined && listUrl.current) {
      const { [DETAILS_STATE]: _closed, ...listState } = state;
      window.history.replaceState(listState, "", listUrl.current);
    }
    showListing(null);
  }, [showListing]);

  useEffect(
    () =>
      handlePopState((event) => {
        const id = (event.state as Record<string, unknown> | null)?.[DETAILS_STATE];
        const listing = typeof id === "number" ? pushed.current.get(id) : undefined;
        if (listing) {
          showListing(listing);
          return true;
        }
        if (shown.current && here() === listUrl.current) {
          showListing(null);
          return true;
        }
        return false;
      }),
    [showListing],
  );

  return { open, show, close, dismiss };
}
