import { adminJsonRoute } from "~/http/admin-json-route.server";
import { changeMediaLink } from "~/http/property-api.server";

/**
 * POST /api/admin/properties/{propertyId}/media/{mediaId}/link: links a media item to
 * a property (one linked elsewhere moves here). 404 for an unknown property or media;
 * 405 with Allow for other methods. Admins only: without a valid session, 401.
 */

const jsonRoute = adminJsonRoute({
  POST: (call) => changeMediaLink(call, "link"),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
