import { adminJsonRoute } from "~/http/admin-json-route.server";
import { changeMediaLink } from "~/http/property-api.server";

/**
 * DELETE /api/admin/properties/{propertyId}/media/{mediaId}/unlink: unlinks a media
 * item from the property; the item itself stays. 404 for an unknown property or media,
 * or media not linked to that property; 405 with Allow for other methods. Admins only:
 * without a valid session, 401.
 */

const jsonRoute = adminJsonRoute({
  DELETE: (call) => changeMediaLink(call, "unlink"),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
