import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { reuploadMedia } from "~/models/media-uploads.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { MEDIA_MESSAGES } from "~/utils/media-form";
import { mediaUploadAnswer, readMediaUploadRequest } from "~/utils/media-upload-api.server";
import { parseId } from "~/utils/params";
import { UPLOAD_MESSAGES } from "~/utils/upload-rules";

/**
 * PUT /api/admin/media/{id}/reupload with JSON {filename, filePath, fileSize, mimeType}
 * (docs/product.md §7): gives the media item a new image, with the same checks as
 * POST /api/admin/media/upload. The item keeps its id, hero status and property; the
 * old file and its resized copies are deleted, and a property whose main image it was
 * shows the new one. Admins only: without a valid session every method answers 401.
 */

const ALLOW = "PUT";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PUT") return methodNotAllowed(ALLOW);
  const id = parseId(params.id);
  if (id === null) return json({ error: MEDIA_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
  const upload = await readMediaUploadRequest(request);
  if (upload instanceof Response) return upload;
  return mediaUploadAnswer(await reuploadMedia(id, upload.slotId, admin.email, upload.filename), UPLOAD_MESSAGES.imageReuploaded);
}
