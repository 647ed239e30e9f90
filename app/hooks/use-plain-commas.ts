import { useLocation } from "react-router";
import { useEffect } from "react";

/**
 * A list page's address keeps its ids' plain commas (`?ids=1,2,3`) after the language
 * switch, whose GET form escapes them as %2C: without JavaScript the server sends such a
 * URL to the plain one (server/plain-comma-lists.ts); with it the address is put right
 * in place, as the same page.
 */
export function usePlainCommas() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    if (!/%2c/i.test(search)) return;
    window.history.replaceState(window.history.state, "", `${pathname}${search.replace(/%2c/gi, ",")}${hash}`);
  }, [pathname, search, hash]);
}
