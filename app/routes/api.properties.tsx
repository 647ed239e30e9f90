import type { LoaderFunctionArgs } from "@remix-run/node";
import { listActiveProperties } from "~/models/properties.server";
import { publicJson } from "~/utils/http.server";
import { readOnlyAction } from "~/utils/api.server";

/** GET /api/properties: the active listings. */
export async function loader({ request }: LoaderFunctionArgs) {
  return publicJson(request, listActiveProperties());
}

export { readOnlyAction as action };
