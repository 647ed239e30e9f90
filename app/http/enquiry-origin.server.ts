import { config } from "~/config/env.server";
import { cookieNames } from "~/config/cookie-names";
import { cookieValueOf } from "~/config/cookie-value";
import { decodeSourceCookie, sentFromPage, type EnquiryOrigin } from "~/models/enquiry-source";

/**
 * Where an enquiry came from, as its request tells: the source remembered in the
 * visitor's cookie (server/first-visit-source.ts) and the page of this site it was sent
 * from (the browser's Referer: a form's page, or the page that made the JSON call).
 */
export function enquiryOriginOf(request: Request): EnquiryOrigin {
  return {
    source: decodeSourceCookie(cookieValueOf(request.headers.get("cookie"), cookieNames(config().appUrlIsHttps).source)),
    sentFrom: sentFromPage(request.headers.get("referer"), config().appUrl),
  };
}
