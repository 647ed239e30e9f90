import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { linkMediaToProperty } from "~/models/media-links.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { mediaLinkNotFound, PROPERTY_MESSAGES } from "~/utils/property-form";

/**
 * POST /api/admin/properties/{propertyId}/media/{mediaId}/link: links a media item to
 * a property (one linked elsewhere moves here). 404 for an unknown property or media.
 * Admins only: without a valid session every method answers 401.
 */

const ALLOW = "POST";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);
  const propertyId = parseId(params.id);
  const mediaId = parseId(params.mediaId);
  if (propertyId === null) return json({ error: mediaLinkNotFound("property_not_found") }, { status: 404, headers: NO_STORE });
  if (mediaId === null) return json({ error: mediaLinkNotFound("media_not_found") }, { status: 404, headers: NO_STORE });
  const outcome = linkMediaToProperty(propertyId, mediaId);
  if (outcome.kind !== "linked") return json({ error: mediaLinkNotFound(outcome.kind) }, { status: 404, headers: NO_STORE });
  return json({ message: PROPERTY_MESSAGES.linked }, { headers: NO_STORE });
}
