import { adminJsonRoute } from "~/http/admin-json-route.server";
import { makeMainImageCall } from "~/http/property-api.server";

/**
 * POST /api/admin/properties/{propertyId}/media/{mediaId}/main: the linked photo becomes
 * the home's main image (an unlinked previous one stays among its photos). 400 for a file
 * that is not an image, 404 for an unknown property or a photo not linked to it; 405
 * with Allow for other methods; 401 without a session.
 */

const jsonRoute = adminJsonRoute({
  POST: (call) => makeMainImageCall(call),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
