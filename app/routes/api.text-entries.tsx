import type { LoaderFunctionArgs } from "react-router";
import { listTextEntries, textEntryJson } from "~/models/texts.server";
import { publicJson } from "~/http/public-json.server";
import { readOnlyAction } from "~/http/api.server";

/** GET /api/text-entries: the whole dictionary (docs/product.md §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const entries = listTextEntries().map(textEntryJson);
  return publicJson(request, entries);
}

export { readOnlyAction as action };
