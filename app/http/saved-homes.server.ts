import { config } from "~/config/env.server";
import { parseHomeIds, savedHomesCookieValue, savedHomesSetCookie } from "~/utils/saved-homes";

/** The ids of the visitor's `saved-homes` cookie (saved without JavaScript), junk dropped. */
export function savedHomesOf(request: Request): number[] {
  return parseHomeIds(savedHomesCookieValue(request.headers.get("Cookie")));
}

/** The Set-Cookie header that keeps `ids` (Secure on an https site). */
export function savedHomesCookie(ids: number[]): string {
  return savedHomesSetCookie(ids, config().appUrlIsHttps);
}
