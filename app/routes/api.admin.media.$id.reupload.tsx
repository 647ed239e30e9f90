import { reuploadMedia } from "~/models/media-uploads.server";
import { MEDIA_MESSAGES } from "~/models/media-form";
import { adminJsonRoute, notFoundJson } from "~/http/admin-json-route.server";
import { mediaUploadAnswer, withMediaUploadBody } from "~/http/media-upload-api.server";
import { parseId } from "~/http/params";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";

/**
 * PUT /api/admin/media/{id}/reupload with JSON {filename, filePath, fileSize, mimeType}
 * (docs/product.md §7): gives the media item a new image, with the same checks as
 * POST /api/admin/media/upload. The item keeps its id, hero status and property; the
 * old file and its resized copies are deleted, and a property whose main image it was
 * shows the new one. Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  PUT: ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null) return notFoundJson(MEDIA_MESSAGES.notFound);
    return withMediaUploadBody(request, async ({ slotId, filename }) =>
      mediaUploadAnswer(await reuploadMedia(id, slotId, admin.email, filename), UPLOAD_MESSAGES.imageReuploaded),
    );
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
