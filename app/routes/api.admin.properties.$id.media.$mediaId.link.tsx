import { adminJsonRoute } from "~/http/admin-json-route.server";
import { changeMediaLink } from "~/http/property-api.server";

/**
 * POST /api/admin/properties/{propertyId}/media/{mediaId}/link: links a media item to
 * a property (one linked elsewhere moves here). 404 for an unknown property or media;
 * 405 with Allow for other methods. Admins only: without a valid session, 401.
 */

export const { loader, action } = adminJsonRoute({
  POST: (call) => changeMediaLink(call, "link"),
});
