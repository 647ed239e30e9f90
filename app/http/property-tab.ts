import { hrefWith } from "~/utils/paging";
import { PROPERTIES_PATH } from "~/paths";
import { readSpanishFilter } from "~/models/spanish-status";

/** Back to the Properties tab with the search, Spanish filter and page the admin came from. */
export function propertiesTabUrl(request: Request): string {
  const params = new URL(request.url).searchParams;
  return hrefWith(PROPERTIES_PATH, { q: params.get("q"), spanish: readSpanishFilter(params.get("spanish")), page: params.get("page") });
}
