import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { listPropertyMedia } from "~/models/media.server";
import { getProperty } from "~/models/properties.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { PROPERTY_MESSAGES } from "~/utils/property-messages";

/**
 * GET /api/admin/properties/{id}/media: the media linked to a property, active or not
 * (the public call answers for active listings only). 404 for an unknown property.
 * Admins only: without a valid session every method answers 401.
 */

const ALLOW = "GET";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const id = parseId(params.id);
  if (id === null || !getProperty(id)) return json({ error: PROPERTY_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
  return json(listPropertyMedia(id), { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}
