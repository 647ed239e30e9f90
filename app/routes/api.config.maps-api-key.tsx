import type { LoaderFunctionArgs } from "react-router";
import { config } from "~/config/env.server";
import { publicJson } from "~/http/public-json.server";
import { readOnlyAction } from "~/http/api.server";

/**
 * GET /api/config/maps-api-key. The map runs on open tiles (Leaflet), which need no
 * key: apiKey stays empty, and the tile source travels with it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { mapTileUrl, mapTileAttribution } = config();
  return publicJson(request, { apiKey: "", tileUrl: mapTileUrl, tileAttribution: mapTileAttribution });
}

export { readOnlyAction as action };
