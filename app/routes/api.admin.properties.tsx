import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createProperty, listAllProperties, MAX_PROPERTIES_PAGE_SIZE, propertiesPage } from "~/models/properties.server";
import { methodNotAllowed, NO_STORE, pagingRefusal, readPaging } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { readPropertyBody } from "~/utils/property-api.server";
import { PROPERTY_MESSAGES } from "~/utils/property-messages";

/**
 * GET /api/admin/properties: every property, active or not, newest first (docs/product.md §7,
 * a plain array). With `?q=` (name or location contains, any case), `?page=` or
 * `?limit=` (at most 100, default 24) it answers one page, still an array, and the
 * number of matches in the X-Total-Count header.
 * POST /api/admin/properties with a property body: 201 and the new property.
 * Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET, POST";
const PAGE_PARAMS = ["q", "page", "limit"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const params = new URL(request.url).searchParams;
  if (!PAGE_PARAMS.some((name) => params.has(name))) return json(listAllProperties(), { headers: NO_STORE });

  const { page, limit, fieldErrors } = readPaging(params, MAX_PROPERTIES_PAGE_SIZE);
  if (Object.keys(fieldErrors).length) return pagingRefusal(fieldErrors);
  const result = propertiesPage({ q: params.get("q") ?? "", page, limit });
  return json(result.properties, { headers: { ...NO_STORE, "X-Total-Count": String(result.total) } });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);

  const read = await readPropertyBody(request, PROPERTY_MESSAGES.createFailed);
  if ("refusal" in read) return read.refusal;
  return json(createProperty(read.property, admin.email), { status: 201, headers: NO_STORE });
}
