import type { Media } from "~/db/schema";
import { mediaJson } from "~/models/media.server";
import type { IntakeOutcome } from "~/services/uploads/intake.server";
import { slotIdOfObjectPath } from "~/services/uploads/upload-urls.server";
import { noStoreJson, refusedJson, withJsonBody } from "./admin-json-route.server";
import { mediaUploadSchema } from "~/models/media-form";
import { retryAfterFor } from "~/http/storage-unavailable.server";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";

/**
 * The two JSON calls that record an upload (POST /api/admin/media/upload, PUT
 * /api/admin/media/{id}/reupload) read the same body and answer the same way.
 */

export type MediaUploadRequest = { slotId: string; filename: string };

/** The upload named by the body, or the 400 answer for a bad body or a filePath outside quarantine. */
export function withMediaUploadBody(request: Request, use: (upload: MediaUploadRequest) => Promise<Response>): Promise<Response> {
  return withJsonBody(request, mediaUploadSchema, "Invalid upload", ({ filePath, filename }) => {
    const slotId = slotIdOfObjectPath(filePath);
    if (!slotId) return refusedJson(UPLOAD_MESSAGES.notYourUpload, { filePath: [UPLOAD_MESSAGES.notYourUpload] });
    return use({ slotId, filename });
  });
}

/** The recorded item with its toast text (docs/product.md §8), or the rejection's status and reason (503: the store is down, with Retry-After). */
export function mediaUploadAnswer(outcome: IntakeOutcome<Media>, message: string, status = 200): Response {
  if (outcome.kind === "rejected") return noStoreJson({ error: outcome.error }, { status: outcome.status, headers: retryAfterFor(outcome.status) });
  return noStoreJson({ ...mediaJson(outcome.result), message }, { status });
}
