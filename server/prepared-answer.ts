import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import Negotiator from "negotiator";
import type { Request, Response } from "express";
import { etagMatches } from "../app/http/public-json.server";
import { SET_FOR_EVERY_REQUEST } from "./security-headers";

/**
 * An answer made once and sent many times: its body in the three encodings a browser may
 * ask for, compressed when it is stored, and every header but the few that belong to one
 * response. Sending it is a table lookup and one write.
 */

export type Encoding = "br" | "gzip" | "identity";

export type PreparedAnswer = {
  status: number;
  /** Every header of the answer except Content-Encoding and Content-Length. */
  headers: Record<string, string | string[]>;
  bodies: Record<Encoding, Buffer>;
  etag: string;
  /** The language cookie of a `?lng=` URL, added to every answer of it. */
  setCookie: string | null;
  /** Bytes held: all three bodies. */
  size: number;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Brotli 5 compresses the home page (78 KB) in about 2 ms to within 13% of brotli 11,
// which takes 150 ms; an entry is made again every few seconds and after every write,
// while a visitor is waiting for it. gzip 9 costs the same as 6 here.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 9;

// Headers that belong to one response (or are set again for each answer): a request's
// id or rate-limit counts must never be handed to the next visitor. The security headers
// common to every answer are set again too, before the cache answers (SET_FOR_EVERY_REQUEST).
const PER_RESPONSE = new Set([
  "content-length",
  "content-encoding",
  "date",
  "set-cookie",
  "etag",
  "x-page-cache",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-request-id",
  "ratelimit",
  "ratelimit-policy",
  "retry-after",
]);

function withVaryAcceptEncoding(vary: string | undefined): string {
  const names = (vary ?? "").split(",").map((name) => name.trim()).filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === "accept-encoding")) names.push("Accept-Encoding");
  return names.join(", ");
}

export async function prepareAnswer(options: {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  setCookie: string | null;
}): Promise<PreparedAnswer> {
  const identity = Buffer.from(options.body, "utf8");
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: GZIP_LEVEL }),
  ]);
  const headers: Record<string, string | string[]> = {};
  let etag: string | null = null;
  for (const [name, value] of Object.entries(options.headers)) {
    const lower = name.toLowerCase();
    if (lower === "etag") etag = String(value);
    if (PER_RESPONSE.has(lower) || SET_FOR_EVERY_REQUEST.has(lower)) continue;
    headers[lower] = value;
  }
  headers.vary = withVaryAcceptEncoding(headers.vary === undefined ? undefined : String(headers.vary));
  // The same ETag for every encoding: it is weak, and weak comparison is what
  // If-None-Match uses.
  etag ??= `W/"${crypto.createHash("sha1").update(identity).digest("base64url")}"`;
  return {
    status: options.status,
    headers,
    bodies: { br, gzip: gz, identity },
    etag,
    setCookie: options.setCookie,
    size: br.length + gz.length + identity.length,
  };
}

const ENCODINGS: Encoding[] = ["br", "gzip", "identity"];

/**
 * The smallest encoding the request accepts (Accept-Encoding, q=0 refusing one); brotli
 * wherever it is accepted at all, as browsers list it after gzip.
 */
export function chooseEncoding(req: Request): Encoding {
  const accepted = new Set(new Negotiator(req).encodings(ENCODINGS));
  return ENCODINGS.find((encoding) => accepted.has(encoding)) ?? "identity";
}

/**
 * Whether the request already holds this answer: it names its ETag, or, naming none, a
 * date not before its Last-Modified (If-Modified-Since counts only without
 * If-None-Match, RFC 9110 section 13.2.2).
 */
function alreadyHeld(req: Request, answer: PreparedAnswer): boolean {
  const ifNoneMatch = req.get("if-none-match");
  if (ifNoneMatch) return etagMatches(ifNoneMatch, answer.etag);
  const lastModified = answer.headers["last-modified"];
  const since = Date.parse(req.get("if-modified-since") ?? "");
  return typeof lastModified === "string" && Number.isFinite(since) && Date.parse(lastModified) <= since;
}

/**
 * Sends a prepared answer, or 304 when the request already holds it. X-Page-Cache says
 * whether it was made for this request (miss) or before (hit).
 */
export function sendPrepared(req: Request, res: Response, answer: PreparedAnswer, cacheStatus: "hit" | "miss") {
  const encoding = chooseEncoding(req);
  const headers: Record<string, string | string[] | number> = { ...answer.headers, etag: answer.etag, "x-page-cache": cacheStatus };
  // A cookie set before the cache answered (server/first-visit-source.ts) goes with the page's own.
  const setBefore = res.getHeader("set-cookie");
  const cookies = [...(setBefore === undefined ? [] : Array.isArray(setBefore) ? setBefore : [String(setBefore)]), ...(answer.setCookie ? [answer.setCookie] : [])];
  if (cookies.length) headers["set-cookie"] = cookies;
  if (alreadyHeld(req, answer)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const body = answer.bodies[encoding];
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = body.length;
  res.writeHead(answer.status, headers);
  res.end(body);
}
