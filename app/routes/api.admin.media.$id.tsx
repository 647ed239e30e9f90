import { deleteMedia } from "~/models/media-uploads.server";
import { MEDIA_MESSAGES } from "~/models/media-form";
import { adminJsonRoute, noStoreJson, notFoundJson } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { storageUnavailableJson } from "~/http/storage-unavailable.server";

/**
 * DELETE /api/admin/media/{id}: deletes a media item and its stored file (docs/product.md
 * §7); a property or the home carousel that showed it no longer does. While the
 * store is down: 503 with Retry-After, and the item stays. Admins only: without a
 * valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  DELETE: async ({ params, admin }) => {
    const id = parseId(params.id);
    const outcome = id === null ? ({ kind: "not_found" } as const) : await deleteMedia(id, admin.email);
    if (outcome.kind === "not_found") return notFoundJson(MEDIA_MESSAGES.notFound);
    if (outcome.kind === "storage_unavailable") return storageUnavailableJson();
    return noStoreJson({ message: MEDIA_MESSAGES.deleted });
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
