import crypto from "node:crypto";

/**
 * JSON for public GET calls: an ETag over the body, so repeat visits answer 304,
 * and a short shared cache that must revalidate.
 */
export function publicJson(request: Request, data: unknown, maxAgeSeconds = 0): Response {
  const body = JSON.stringify(data);
  const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": `public, max-age=${maxAgeSeconds}, must-revalidate`,
    ETag: etag,
  });
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

/**
 * Whether an If-None-Match header names this ETag, compared weakly (W/ ignored) as
 * RFC 9110 asks for GET and HEAD.
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
