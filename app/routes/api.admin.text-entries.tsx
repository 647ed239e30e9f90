import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { searchTextEntries, textEntryJson } from "~/models/texts.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";

/**
 * GET /api/admin/text-entries: the dictionary (id, key, englishText, spanishText,
 * createdAt, updatedAt), ordered by key (docs/product.md §7). `?q=` filters like the Text
 * tab's search: case-insensitive "contains" over the key, the English and the Spanish.
 * Entries are only edited (PUT /api/admin/text-entries/{id}), never made here.
 * Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const query = new URL(request.url).searchParams.get("q") ?? "";
  return json(searchTextEntries(query).map(textEntryJson), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}
