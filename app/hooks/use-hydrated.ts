import { useEffect, useState } from "react";

let hydratedOnce = false;

/**
 * False during the server render and the first browser render (so the markup matches),
 * true once JavaScript runs: controls that need JavaScript appear only then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
