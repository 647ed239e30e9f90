import type { LoaderFunctionArgs } from "react-router";
import { listMapMarkers } from "~/models/properties.server";
import { readOnlyAction } from "~/http/api.server";
import { publicJson } from "~/http/public-json.server";

/**
 * GET /api/map-markers: every active home with coordinates as { id, lat, lng, name,
 * price, priceEs? }, for the listings map; its info window fetches the rest on open.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return publicJson(request, listMapMarkers());
}

export { readOnlyAction as action };
