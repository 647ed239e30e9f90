import fs from "node:fs";
import type { NextFunction, Request, Response } from "express";
import { rateLimit } from "express-rate-limit";
import { IPV6_CLIENT_PREFIX } from "../app/utils/client-network.server";
import { refuse, REFUSALS } from "./refusal";

/** Page views, JSON calls, Remix data requests and the sitemap a client may ask for in a minute, before RATE_LIMIT_FACTOR. */
export const READS_PER_MINUTE = 600;

const COUNTED_METHODS = new Set(["GET", "HEAD"]);
// First path segments answered without a render: built assets, stored objects and their
// variants, the health check (the public folder's own entries are added at start).
const UNCOUNTED_ROOTS = ["build", "objects", "variants", "healthz"];

/**
 * The per-client limit on reads (decision 042): GET and HEAD of pages, JSON calls, data
 * requests and the sitemap, per client network (an IPv6 client by its /64), counted in
 * this process's memory so that a page view writes nothing to the database. Over it:
 * 429 with Retry-After, in the caller's format.
 *
 * A request is counted once, at the first of two places it reaches: before the prepared
 * answers, for anything but a file path; before the app, for a file path that named no
 * file (its 404 is a page render like any other, so missing files are no way around it).
 */
export function readLimit(options: { limit: number; publicDir: string }) {
  const uncountedRoots = new Set([...UNCOUNTED_ROOTS, ...fs.readdirSync(options.publicDir)]);
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: options.limit,
    ipv6Subnet: IPV6_CLIENT_PREFIX,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (req, res, _next, limiterOptions) => refuse(req, res, limiterOptions.statusCode, REFUSALS.tooManyReads),
  });
  const countOnce = (req: Request, res: Response, next: NextFunction) => {
    if (!COUNTED_METHODS.has(req.method) || res.locals.readCounted === true) return next();
    res.locals.readCounted = true;
    return limiter(req, res, next);
  };
  const isUncountedPath = (path: string) => uncountedRoots.has(path.split("/", 2)[1]);
  return {
    beforeAnswers: (req: Request, res: Response, next: NextFunction) => (isUncountedPath(req.path) ? next() : countOnce(req, res, next)),
    beforeApp: countOnce,
  };
}
