import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { recordUploadedMedia } from "~/models/media-uploads.server";
import { methodNotAllowed } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { mediaUploadAnswer, readMediaUploadRequest } from "~/utils/media-upload-api.server";
import { UPLOAD_MESSAGES } from "~/utils/upload-rules";

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

const ALLOW = "POST";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);
  const upload = await readMediaUploadRequest(request);
  if (upload instanceof Response) return upload;
  return mediaUploadAnswer(await recordUploadedMedia(upload.slotId, admin.email, upload.filename), UPLOAD_MESSAGES.imageUploaded, 201);
}
