import { listPropertyMedia, mediaJson } from "~/models/media.server";
import { getProperty } from "~/models/properties.server";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { adminJsonRoute, noStoreJson, notFoundJson } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";

/**
 * GET /api/admin/properties/{id}/media: the media linked to a property, active or not
 * (the public call answers for active listings only). 404 for an unknown property.
 * Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  GET: ({ params }) => {
    const id = parseId(params.id);
    if (id === null || !getProperty(id)) return notFoundJson(PROPERTY_MESSAGES.notFound);
    return noStoreJson(listPropertyMedia(id).map(mediaJson));
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
