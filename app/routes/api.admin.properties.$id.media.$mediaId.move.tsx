import { adminJsonRoute } from "~/http/admin-json-route.server";
import { moveMediaCall } from "~/http/property-api.server";

/**
 * POST /api/admin/properties/{propertyId}/media/{mediaId}/move with {direction: "up" |
 * "down"}: the linked photo one place earlier or later in the home's carousel (at an
 * end, nothing changes); or with {position: n}: to that place, 1 for the first (a drag
 * in Property Images). The main image keeps the first place. 400 for another direction,
 * a position past the last photo, or both or neither; 404 for an unknown property or a
 * photo not linked to it; 405 with Allow for other methods; 401 without a session.
 */

const jsonRoute = adminJsonRoute({
  POST: (call) => moveMediaCall(call),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
