import { createProperty, listAllProperties, MAX_PROPERTIES_PAGE_SIZE, propertiesPage, propertyJson } from "~/models/properties.server";
import { PROPERTY_MESSAGES } from "~/models/property-messages";
import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";
import { pagingRefusal, readPaging } from "~/http/api.server";
import { withPropertyBody } from "~/http/property-api.server";

/**
 * GET /api/admin/properties: every property, active or not, newest first (docs/product.md §7,
 * a plain array). With `?q=` (name or location contains, any case), `?page=` or
 * `?limit=` (at most 100, default 24) it answers one page, still an array, and the
 * number of matches in the X-Total-Count header.
 * POST /api/admin/properties with a property body: 201 and the new property.
 * Admins only: without a valid session every method answers 401.
 */

const PAGE_PARAMS = ["q", "page", "limit"];

const jsonRoute = adminJsonRoute({
  GET: ({ request }) => {
    const params = new URL(request.url).searchParams;
    if (!PAGE_PARAMS.some((name) => params.has(name))) return noStoreJson(listAllProperties().map(propertyJson));
    const { page, limit, fieldErrors } = readPaging(params, MAX_PROPERTIES_PAGE_SIZE);
    if (Object.keys(fieldErrors).length) return pagingRefusal(fieldErrors);
    const result = propertiesPage({ q: params.get("q") ?? "", page, limit });
    return noStoreJson(result.properties.map(propertyJson), { headers: { "X-Total-Count": String(result.total) } });
  },
  POST: ({ request, admin }) =>
    withPropertyBody(request, PROPERTY_MESSAGES.createFailed, null, async (property) =>
      noStoreJson(propertyJson((await createProperty(property, admin.email)).property), { status: 201 }),
    ),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
