import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { createProperty, listAllProperties, MAX_PROPERTIES_PAGE_SIZE, propertiesPage } from "~/models/properties.server";
import { fieldErrorsOf, methodNotAllowed, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { PROPERTY_MESSAGES, propertySchema } from "~/utils/property-form";

/**
 * GET /api/admin/properties: every property, active or not, newest first (SPEC section 7,
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

  const fieldErrors: Record<string, string[]> = {};
  const number = (name: string) => {
    const value = params.get(name);
    if (value === null || value === "") return undefined;
    const parsed = parseId(value);
    if (parsed === null) fieldErrors[name] = [`${name} must be a positive whole number`];
    return parsed ?? undefined;
  };
  const page = number("page");
  const limit = number("limit");
  if (limit !== undefined && limit > MAX_PROPERTIES_PAGE_SIZE) fieldErrors.limit = [`limit must be at most ${MAX_PROPERTIES_PAGE_SIZE}`];
  if (Object.keys(fieldErrors).length) {
    return json({ error: "Invalid paging parameters", fieldErrors }, { status: 400, headers: NO_STORE });
  }
  const result = propertiesPage({ q: params.get("q") ?? "", page, limit });
  return json(result.properties, { headers: { ...NO_STORE, "X-Total-Count": String(result.total) } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);

  const body = await readJsonObject(request);
  // A body that is not a JSON object holds no fields: the same field errors as an empty one.
  const parsed = propertySchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      { error: body ? PROPERTY_MESSAGES.createFailed : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }
  return json(createProperty(parsed.data), { status: 201, headers: NO_STORE });
}
