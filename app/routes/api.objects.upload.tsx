import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { json } from "~/http/json-response";
import { issueUploadSlot } from "~/services/uploads/upload-slots.server";
import { StorageUnavailable } from "~/services/storage.server";
import { uploadUrlFor } from "~/services/uploads/upload-urls.server";
import { methodNotAllowed } from "~/http/api.server";
import { requireAdminApi } from "~/auth/admin-guard.server";
import { storageUnavailableJson } from "~/http/storage-unavailable.server";
import { NO_STORE } from "~/http/no-store";

/**
 * POST /api/objects/upload: {uploadURL}, where the browser then PUTs one file with its
 * content type (docs/product.md §7). The URL names a new key in quarantine, is valid for
 * five minutes and for one upload: on S3 a presigned PUT into the bucket, on local
 * disk this app's own signed URL. Admins only: without a valid session every method
 * answers 401.
 */

const ALLOW = "POST";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "POST") return methodNotAllowed(ALLOW);
  const slot = issueUploadSlot(admin.email);
  try {
    return json({ uploadURL: await uploadUrlFor(slot) }, { headers: NO_STORE });
  } catch (error) {
    // Signing needs no request to S3, only credentials, which may have to be fetched
    // (an instance role); the unused slot goes with the cleanup.
    if (error instanceof StorageUnavailable) return storageUnavailableJson();
    throw error;
  }
}
