import { searchTextEntries, textEntryJson } from "~/models/texts.server";
import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";

/**
 * GET /api/admin/text-entries: the dictionary (id, key, englishText, spanishText,
 * createdAt, updatedAt), ordered by key (docs/product.md §7). `?q=` filters like the Text
 * tab's search: case-insensitive "contains" over the key, the English and the Spanish.
 * Entries are only edited (PUT /api/admin/text-entries/{id}), never made here.
 * Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  GET: ({ request }) => noStoreJson(searchTextEntries(new URL(request.url).searchParams.get("q") ?? "").map(textEntryJson)),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
