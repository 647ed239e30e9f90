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
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}
