import { hrefWith } from "~/utils/paging";
import { PROPERTIES_PATH } from "~/paths";
import { readSpanishFilter } from "~/models/spanish-status";
import { FACTS_TO_COMPLETE } from "~/models/home-facts";

/** Back to the Properties tab with the search, filters and page the admin came from. */
export function propertiesTabUrl(request: Request): string {
  const params = new URL(request.url).searchParams;
  const facts = params.get("facts") === FACTS_TO_COMPLETE ? FACTS_TO_COMPLETE : null;
  return hrefWith(PROPERTIES_PATH, { q: params.get("q"), spanish: readSpanishFilter(params.get("spanish")), facts, page: params.get("page") });
}
