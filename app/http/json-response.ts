/**
 * A JSON answer of the /api contract: the body as JSON, `application/json; charset=utf-8`
 * unless the caller set another type. React Router's `data()` is for what a page's
 * loader or action hands its component; a JSON call gets a plain Response, byte for byte
 * what it got before (Remix v2's `json()` made the same one).
 */
export function json(body: unknown, init: number | ResponseInit = {}): Response {
  const responseInit = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(responseInit.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...responseInit, headers });
}
