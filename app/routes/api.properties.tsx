import type { LoaderFunctionArgs } from "react-router";
import { listActiveProperties, publicPropertyJson } from "~/models/properties.server";
import { publicJson } from "~/http/public-json.server";
import { readOnlyAction } from "~/http/api.server";

/** GET /api/properties: the active listings, each with its public facts. */
export async function loader({ request }: LoaderFunctionArgs) {
  return publicJson(request, listActiveProperties().map(publicPropertyJson));
}

export { readOnlyAction as action };
