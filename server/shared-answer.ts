import type { Response as ExpressResponse } from "express";
import { setsLanguageCookie } from "../app/config/cookie-names";
import { withHashedScripts } from "./inline-script-hashes";
import { prepareAnswer, type PreparedAnswer } from "./prepared-answer";

const SHAREABLE_TYPE = /^(text\/html|application\/json|application\/xml)/;

/**
 * The answer Remix made for a cacheable URL, prepared for every visitor of its language,
 * or null when it belongs to this request alone: anything but a 200 HTML page, JSON or
 * XML (the sitemap), one marked no-store, or one that sets a cookie other than
 * the language cookie of a `?lng=` URL (a flash message, a session). Its body is left unread when it is not shared.
 */
export async function prepareShared(
  res: ExpressResponse,
  response: Response,
  url: URL,
  nonce: string,
): Promise<PreparedAnswer | null> {
  if (response.status !== 200 || !response.body) return null;
  if (!SHAREABLE_TYPE.test(response.headers.get("content-type") ?? "")) return null;
  // One person's page (a staff preview of a home off the market) says so. (Every page is
  // "private, no-cache" to the browser and proxies, app/entry.server.tsx: ours to share.)
  if (/\bno-store\b/i.test(response.headers.get("cache-control") ?? "")) return null;
  const cookies = response.headers.getSetCookie();
  const languageCookie = url.searchParams.has("lng") && cookies.length === 1 && setsLanguageCookie(cookies[0]) ? cookies[0] : null;
  if (cookies.length > 0 && !languageCookie) return null;

  // The security headers the middleware set on this response, then Remix's own. Never a
  // cookie set for this visitor alone (server/first-visit-source.ts): the answer is everyone's.
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined && name !== "set-cookie") headers[name] = typeof value === "number" ? String(value) : value;
  }
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const csp = headers["content-security-policy"];
  let body = await response.text();
  if (typeof csp === "string") {
    const shared = withHashedScripts(body, csp, nonce);
    body = shared.html;
    headers["content-security-policy"] = shared.csp;
  }
  return prepareAnswer({ status: response.status, headers, body, setCookie: languageCookie });
}
