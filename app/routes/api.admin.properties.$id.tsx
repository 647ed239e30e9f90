import { deleteProperty, getProperty, propertyJson, updateProperty } from "~/models/properties.server";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { adminJsonRoute, noStoreJson, notFoundJson } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { withPropertyBody } from "~/http/property-api.server";

/**
 * GET /api/admin/properties/{id}: one property, active or not.
 * PUT /api/admin/properties/{id} with a property body: replaces every field (the same
 * schema as POST: required fields are required; an optional one left out becomes null).
 * DELETE /api/admin/properties/{id}: deletes it; its linked media stay, unlinked.
 * 404 for an unknown id. Admins only: without a valid session every method answers 401.
 */

const notFound = () => notFoundJson(PROPERTY_MESSAGES.notFound);

const jsonRoute = adminJsonRoute({
  GET: ({ params }) => {
    const id = parseId(params.id);
    const property = id === null ? undefined : getProperty(id);
    return property ? noStoreJson(propertyJson(property)) : notFound();
  },
  PUT: ({ request, params, admin }) => {
    const id = parseId(params.id);
    const current = id === null ? undefined : getProperty(id);
    if (id === null || !current) return notFound();
    return withPropertyBody(request, PROPERTY_MESSAGES.updateFailed, current, async (property) => {
      const saved = await updateProperty(id, property, admin.email);
      return saved ? noStoreJson(propertyJson(saved.property)) : notFound();
    });
  },
  DELETE: ({ params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !getProperty(id)) return notFound();
    return deleteProperty(id, admin.email) ? noStoreJson({ message: PROPERTY_MESSAGES.deleted }) : notFound();
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
