import type { NextFunction, Request, Response } from "express";

/**
 * The security headers of every answer the server sends: pages, JSON, static files,
 * media, refusals and error answers alike (ASVS 3.4). They are set first, before
 * anything can answer, so no answer is left without them; a page replaces the CSP with
 * its own (server/security.ts), a page cache hit replays the headers it was stored with
 * (the same values). Worked out once: a cached page pays one loop of setHeader calls.
 */

/** The features the site never uses, turned off for it and anything it might embed. */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "camera",
  "display-capture",
  // The maps show places the site chose; nothing asks where the visitor is.
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** For an answer that sets no CSP of its own (anything but a page): it may load, run and frame nothing. */
const NOTHING_ALLOWED_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** HSTS at the ASVS level 2 length: a year, subdomains included. */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

// No Cross-Origin-Embedder-Policy: the map tiles come from another origin without CORP.
export function commonSecurityHeaderList(options: { https: boolean }): Array<[string, string]> {
  return [
    ["Content-Security-Policy", NOTHING_ALLOWED_CSP],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-site"],
    ["Origin-Agent-Cluster", "?1"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // Browsers ignore it over plain http; sent only when the site is https.
    ...(options.https ? [["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY] as [string, string]] : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    // The old XSS auditors did more harm than good; 0 turns them off.
    ["X-XSS-Protection", "0"],
  ];
}

/**
 * The names of those headers no answer replaces (all but the CSP, which a page sets
 * itself). Set for every request before the page cache answers, so a stored answer need
 * not keep them: a cache hit writes them once, not twice.
 */
export const SET_FOR_EVERY_REQUEST: ReadonlySet<string> = new Set(
  commonSecurityHeaderList({ https: true })
    .map(([name]) => name.toLowerCase())
    .filter((name) => name !== "content-security-policy"),
);

export function commonSecurityHeaders(options: { https: boolean }) {
  const headers = commonSecurityHeaderList(options);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The CSP of a file a staff member uploaded (/objects, /variants): opened on its own it
 * is a sandboxed document that runs and loads nothing, whatever the file turns out to
 * hold. Set on every answer of those paths, errors included.
 */
export const UPLOADED_FILE_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Shown where it is opened (an image in a page or a tab), under its own name; keys need no escaping. */
export function inlineImageDisposition(fileName: string): string {
  return `inline; filename="${fileName}"`;
}
