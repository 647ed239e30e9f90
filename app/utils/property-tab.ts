import { PROPERTIES_PATH } from "~/components/admin/tabs";
import { hrefWith } from "~/utils/paging";

/** Back to the Properties tab with the search and page the admin came from. */
export function propertiesTabUrl(request: Request): string {
  const params = new URL(request.url).searchParams;
  return hrefWith(PROPERTIES_PATH, { q: params.get("q"), page: params.get("page") });
}
