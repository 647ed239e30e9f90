import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "helmet";
import { tileHosts } from "../app/config/env.server";
import { clientFields } from "../app/config/log-pseudonyms.server";
import { log } from "../app/config/logger.server";
import { refuse, REFUSALS } from "./refusal";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assignCspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
}

/**
 * A page's CSP, enforced: scripts only with this response's nonce; images from us and
 * the tile hosts. It replaces the nothing-allowed CSP every answer starts with
 * (server/security-headers.ts); the other security headers are set there.
 */
export function pageContentSecurityPolicy(options: { mapTileUrl: string; upgradeInsecure: boolean; uploadOrigin?: string | null }) {
  const tiles = tileHosts(options.mapTileUrl);
  return contentSecurityPolicy({
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      // No page uses <base>: an injected one could not redirect relative script URLs.
      "base-uri": ["'none'"],
      // The uploader PUTs files straight into the S3 bucket when there is one.
      "connect-src": ["'self'", ...(options.uploadOrigin ? [options.uploadOrigin] : [])],
      "font-src": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
      "frame-src": ["'none'"],
      "img-src": ["'self'", "data:", "blob:", ...tiles],
      "manifest-src": ["'self'"],
      "media-src": ["'self'"],
      "object-src": ["'none'"],
      "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
      "script-src-attr": ["'none'"],
      "style-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
      // Server-rendered style attributes (carousel offsets, map size) need this.
      "style-src-attr": ["'unsafe-inline'"],
      "worker-src": ["'self'"],
      ...(options.upgradeInsecure ? { "upgrade-insecure-requests": [] } : {}),
    },
  });
}

// The Origin header is the other site's choice: the log keeps no more of it than this.
const MAX_LOGGED_ORIGIN = 200;

/**
 * A refused cross-site write, as an event of the log: the method, the path (no query:
 * it may hold a secret), what the browser said, and the client only as a pseudonym.
 * Never the body, which is not even read.
 */
function refuseCrossSite(req: Request, res: Response) {
  log.warn("cross-site write refused", {
    event: "security.cross_site_refused",
    outcome: "refused",
    method: req.method,
    path: req.path,
    fetchSite: req.get("sec-fetch-site") ?? null,
    origin: req.get("origin")?.slice(0, MAX_LOGGED_ORIGIN) ?? null,
    ...clientFields(req.ip),
  });
  refuse(req, res, 403, REFUSALS.crossSite);
}

/**
 * Refuses a state-changing request that another site started: the browser says so in
 * Sec-Fetch-Site, or the Origin header names a host other than ours. A request that
 * names no origin at all is let through: it is not a browser's from another site (a
 * search alert's one-click unsubscribe, RFC 8058, is posted by the mail provider's
 * servers, with neither header).
 */
export function rejectCrossSiteWrites(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    if (fetchSite === "cross-site" || fetchSite === "same-site") return refuseCrossSite(req, res);
    const origin = req.get("origin");
    if (origin !== undefined) {
      const requestOrigin = `${req.protocol}://${req.get("host")}`;
      if (origin !== appOrigin && origin !== requestOrigin) return refuseCrossSite(req, res);
    }
    next();
  };
}
