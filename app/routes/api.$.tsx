import { json } from "~/http/json-response";
import { NO_STORE } from "~/http/no-store";

/**
 * Every /api path no other route claims, with any method: a JSON 404, never the HTML
 * 404 page, so API clients always get an answer they can parse.
 */
function notFound() {
  return json({ error: "Not found" }, { status: 404, headers: NO_STORE });
}

export const loader = notFound;
export const action = notFound;
