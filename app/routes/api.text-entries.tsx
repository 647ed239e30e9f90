import type { LoaderFunctionArgs } from "@remix-run/node";
import { listTextEntries } from "~/models/texts.server";
import { publicJson } from "~/utils/http.server";

/** GET /api/text-entries: the whole dictionary (SPEC section 7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const entries = listTextEntries().map(({ id, key, englishText, spanishText, createdAt, updatedAt }) => ({
    id,
    key,
    englishText,
    spanishText,
    createdAt,
    updatedAt,
  }));
  return publicJson(request, entries);
}
