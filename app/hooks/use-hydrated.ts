import { startTransition, useEffect, useState } from "react";

let hydratedOnce = false;

/**
 * False during the server render and the first browser render (so the markup matches),
 * true once JavaScript runs: controls that need JavaScript appear only then.
 *
 * The switch is a transition: on a page of cards every carousel draws its other photos
 * and its controls then, and React does that work in slices that leave the main thread
 * free for a tap, not in one long task after the page has hydrated.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
