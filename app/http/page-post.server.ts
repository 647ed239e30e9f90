/**
 * A page whose form posts: any other write method (DELETE, PUT, PATCH) is the client's
 * mistake, answered 405 with the method the page takes, before its body is read.
 */
export function refuseUnlessPost(request: Request) {
  if (request.method !== "POST") throw new Response(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
}
