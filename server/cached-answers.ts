import type { NextFunction, Request, Response } from "express";
import type { PageCache } from "./page-cache";
import { sendPrepared } from "./prepared-answer";

/**
 * Answers from the page cache before anything else runs: a hit carries every header it
 * was stored with (security headers and its own CSP included), so nothing downstream
 * (compression, static files, Remix) needs to see it. A miss goes on with its cache key
 * in `res.locals.pageCacheKey`, for the Remix handler to make and store the answer.
 */
export function serveCachedAnswers(cache: PageCache, languageOf: (req: Request, url: URL) => Promise<string>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    let url: URL;
    try {
      url = requestUrl(req);
    } catch {
      // Not a URL we can share an answer for; the app answers it as it would anyway.
      return next();
    }
    try {
      const key = await cache.keyFor(req.method, url.pathname, url.search, () => languageOf(req, url));
      if (!key) return next();
      res.locals.pageCacheKey = key;
      const hit = cache.get(key);
      if (!hit) return next();
      sendPrepared(req, res, hit, "hit");
    } catch (error) {
      next(error);
    }
  };
}

/** The URL a request names, as the Remix handler reads it. */
export function requestUrl(req: Request): URL {
  return new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
}
