import type { NextFunction, Request, Response } from "express";
import { cookieValueOf } from "../app/config/cookie-value";
import { encodeSourceCookie, SOURCE_COOKIE_DAYS, sourceOfLanding } from "../app/models/enquiry-source";

/** Paths that are never a visitor's first page: files, the JSON API, the back office, the router's data requests. */
const NOT_A_PAGE = /^\/(?:api|build|variants|objects|admin|auth|healthz)(?:\/|$)|\.[a-z0-9]+$/i;

/**
 * Remembers where a visitor came from (app/models/enquiry-source.ts): on the first page
 * that tells it (UTM parameters, or a link from another site), a first-party cookie for
 * 30 days, which every enquiry sent in that time records. Set here, before the page
 * cache, so a page answered from the cache sets it too; a source already remembered is
 * kept (the first one counts), and a visit that tells nothing sets nothing.
 */
export function rememberFirstSource(options: { appUrl: string; cookieName: string; https: boolean }) {
  const attributes = `Path=/; Max-Age=${SOURCE_COOKIE_DAYS * 24 * 60 * 60}; HttpOnly; SameSite=Lax${options.https ? "; Secure" : ""}`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || NOT_A_PAGE.test(req.path) || !isDocumentRequest(req) || cookieValueOf(req.get("cookie"), options.cookieName) !== null) return next();
    let page: URL;
    try {
      page = new URL(req.originalUrl, options.appUrl);
    } catch {
      return next();
    }
    const source = sourceOfLanding(page, req.get("referer"));
    if (source) res.append("Set-Cookie", `${options.cookieName}=${encodeSourceCookie(source)}; ${attributes}`);
    next();
  };
}

/** A page a browser opens (its own header says so), or, from a client that does not say, one that accepts HTML. */
function isDocumentRequest(req: Request): boolean {
  const destination = req.get("sec-fetch-dest");
  if (destination) return destination === "document";
  return (req.get("accept") ?? "").includes("text/html");
}
