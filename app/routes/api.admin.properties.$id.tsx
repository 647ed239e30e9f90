import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteProperty, getProperty, updateProperty } from "~/models/properties.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { readPropertyBody } from "~/utils/property-api.server";
import { PROPERTY_MESSAGES } from "~/utils/property-messages";

/**
 * GET /api/admin/properties/{id}: one property, active or not.
 * PUT /api/admin/properties/{id} with a property body: replaces every field (the same
 * schema as POST: required fields are required; an optional one left out becomes null).
 * DELETE /api/admin/properties/{id}: deletes it; its linked media stay, unlinked.
 * 404 for an unknown id. Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET, PUT, DELETE";

const notFound = () => json({ error: PROPERTY_MESSAGES.notFound }, { status: 404, headers: NO_STORE });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const id = parseId(params.id);
  const property = id === null ? undefined : getProperty(id);
  return property ? json(property, { headers: NO_STORE }) : notFound();
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(ALLOW);
  const id = parseId(params.id);
  const current = id === null ? undefined : getProperty(id);
  if (id === null || !current) return notFound();

  if (request.method === "DELETE") {
    return deleteProperty(id, admin.email) ? json({ message: PROPERTY_MESSAGES.deleted }, { headers: NO_STORE }) : notFound();
  }

  const read = await readPropertyBody(request, PROPERTY_MESSAGES.updateFailed, current.imageUrl);
  if ("refusal" in read) return read.refusal;
  const updated = updateProperty(id, read.property, admin.email);
  return updated ? json(updated, { headers: NO_STORE }) : notFound();
}
