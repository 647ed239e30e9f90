import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { json } from "~/http/json-response";
import { getUploadSlot } from "~/services/uploads/upload-slots.server";
import { uploadedObjectPath } from "~/services/uploads/upload-urls.server";
import { fieldErrorsOf, methodNotAllowed, NOT_A_JSON_OBJECT, readJsonObject } from "~/http/api.server";
import { requireAdminApi } from "~/auth/admin-guard.server";
import { propertyImageSchema } from "~/models/media-form";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { NO_STORE } from "~/http/no-store";

/**
 * PUT /api/property-images with JSON {imageURL}: {objectPath}, the path the uploaded
 * file is known by in the next step (docs/product.md §7). It names the upload's place in
 * quarantine, which is never served: POST /api/admin/media/upload checks the file and
 * publishes it under a path of its own. Admins only: without a valid session every
 * method answers 401.
 */

const ALLOW = "PUT";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PUT") return methodNotAllowed(ALLOW);
  const body = await readJsonObject(request);
  const parsed = propertyImageSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json({ error: body ? UPLOAD_MESSAGES.notUploadURL : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400, headers: NO_STORE });
  }
  const uploaded = uploadedObjectPath(parsed.data.imageURL);
  if (!uploaded) return json({ error: UPLOAD_MESSAGES.notUploadURL }, { status: 400, headers: NO_STORE });
  if (getUploadSlot(uploaded.slotId)?.adminEmail !== admin.email) {
    return json({ error: UPLOAD_MESSAGES.notYourUpload }, { status: 404, headers: NO_STORE });
  }
  return json({ objectPath: uploaded.objectPath }, { headers: NO_STORE });
}
