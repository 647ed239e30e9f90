import { recordUploadedMedia } from "~/models/media-uploads.server";
import { adminJsonRoute } from "~/http/admin-json-route.server";
import { mediaUploadAnswer, withMediaUploadBody } from "~/http/media-upload-api.server";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";

/**
 * POST /api/admin/media/upload with JSON {filename, filePath, fileSize, mimeType}
 * (docs/product.md §7): records the file uploaded to filePath (the objectPath of PUT
 * /api/property-images) as a media item, 201 with the item. The server checks the
 * stored file itself first: this admin's upload, at most 10485760 bytes, a JPEG, PNG,
 * GIF or WebP by its bytes, at most 50 megapixels; it is re-encoded without metadata
 * and published under a path of its own, and fileSize and mimeType are what the server
 * measured. A rejected upload is deleted and answered 4xx with the reason. Admins only:
 * without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  POST: ({ request, admin }) =>
    withMediaUploadBody(request, async ({ slotId, filename }) =>
      mediaUploadAnswer(await recordUploadedMedia(slotId, admin.email, filename), UPLOAD_MESSAGES.imageUploaded, 201),
    ),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
