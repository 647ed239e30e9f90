import type { LoaderFunctionArgs } from "react-router";
import { listActiveProperties, propertyJson } from "~/models/properties.server";
import { publicJson } from "~/http/public-json.server";
import { readOnlyAction } from "~/http/api.server";

/** GET /api/properties: the active listings. */
export async function loader({ request }: LoaderFunctionArgs) {
  return publicJson(request, listActiveProperties().map(propertyJson));
}

export { readOnlyAction as action };
