import { useCallback, useRef } from "react";

/**
 * For work an input's change starts and finishes later (a photo made smaller, an upload):
 * a later change makes the earlier work's result stale. A 10 MB photo takes a moment to
 * read; a file chosen meanwhile must not be cleared, or replaced, by what the first one
 * came to. Call the returned function as the change begins; it gives a check that stays
 * true only while no later change has begun.
 */
export function useLatestChoice(): () => () => boolean {
  const latest = useRef(0);
  return useCallback(() => {
    const mine = ++latest.current;
    return () => mine === latest.current;
  }, []);
}
