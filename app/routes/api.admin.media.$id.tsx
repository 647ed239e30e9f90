import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteMedia } from "~/models/media-uploads.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { MEDIA_MESSAGES } from "~/utils/media-form";
import { parseId } from "~/utils/params";
import { storageUnavailableJson } from "~/utils/storage-unavailable.server";

/**
 * DELETE /api/admin/media/{id}: deletes a media item and its stored file (docs/product.md
 * §7); a property or the home carousel that showed it no longer does. While the
 * store is down: 503 with Retry-After, and the item stays. Admins only: without a
 * valid session every method answers 401.
 */

const ALLOW = "DELETE";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "DELETE") return methodNotAllowed(ALLOW);
  const id = parseId(params.id);
  const outcome = id === null ? ({ kind: "not_found" } as const) : await deleteMedia(id, admin.email);
  if (outcome.kind === "not_found") return json({ error: MEDIA_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
  if (outcome.kind === "storage_unavailable") return storageUnavailableJson();
  return json({ message: MEDIA_MESSAGES.deleted }, { headers: NO_STORE });
}
