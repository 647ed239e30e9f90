import type { NextFunction, Request, Response } from "express";
import type { AnswerKeptUntilChanged } from "./kept-answer";
import type { PageCache } from "./page-cache";
import { sendPrepared, type PreparedAnswer } from "./prepared-answer";
import { carriesSavedHomes } from "../app/utils/saved-homes";

/**
 * How the Remix handler makes and stores the shared answer of a request that found none
 * (left in `res.locals.shareAnswer`): `make` renders it, and returns null when the answer
 * belongs to this request alone.
 */
export type ShareAnswer = (make: () => Promise<PreparedAnswer | null>) => Promise<PreparedAnswer | null>;

/**
 * Answers from the page cache before anything else runs: a hit carries every header it
 * was stored with (security headers and its own CSP included), so nothing downstream
 * (compression, static files, Remix) needs to see it. A miss goes on with
 * `res.locals.shareAnswer`, for the Remix handler to make and store the answer.
 */
export function serveCachedAnswers(cache: PageCache, languageOf: (req: Request, url: URL) => Promise<string>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    // A visitor with saved homes sees them on every page (the header's count, the pressed
    // Save toggles): their pages are theirs alone, neither served from nor stored in the cache.
    if (carriesSavedHomes(req.get("cookie"))) return next();
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
      const hit = cache.get(key);
      if (!hit) {
        const share: ShareAnswer = async (make) => (await cache.getOrMake(key, make)).answer;
        res.locals.shareAnswer = share;
        return next();
      }
      sendPrepared(req, res, hit, "hit");
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Answers GET and HEAD of `pathname` (whatever the query) from a copy kept until its data
 * changes; a GET that finds it out of date goes on to the Remix handler, which makes the
 * new copy (a HEAD is answered by the app, without one).
 */
export function serveKeptAnswer(pathname: string, kept: AnswerKeptUntilChanged) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== pathname) return next();
    try {
      const found = kept.lookup();
      if ("answer" in found) return sendPrepared(req, res, found.answer, "hit");
      if (req.method === "GET") {
        const share: ShareAnswer = (make) => kept.getOrMake(found.wanted, make);
        res.locals.shareAnswer = share;
      }
      next();
    } catch (error) {
      // A database that cannot be read is answered as for any request (503, 507).
      next(error);
    }
  };
}

/** The URL a request names, as the Remix handler reads it. */
export function requestUrl(req: Request): URL {
  return new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
}
