import { hrefWith } from "~/utils/paging";
import { PROPERTIES_PATH } from "~/paths";

/** Back to the Properties tab with the search and page the admin came from. */
export function propertiesTabUrl(request: Request): string {
  const params = new URL(request.url).searchParams;
  return hrefWith(PROPERTIES_PATH, { q: params.get("q"), page: params.get("page") });
}
