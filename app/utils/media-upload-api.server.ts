import { json } from "@remix-run/node";
import type { Media } from "~/db/schema";
import { mediaJson } from "~/models/media.server";
import type { IntakeOutcome } from "~/services/uploads/intake.server";
import { slotIdOfObjectPath } from "~/services/uploads/upload-urls.server";
import { fieldErrorsOf, NO_STORE, NOT_A_JSON_OBJECT, readJsonObject } from "~/utils/api.server";
import { mediaUploadSchema } from "~/utils/media-form";
import { retryAfterFor } from "~/utils/storage-unavailable.server";
import { UPLOAD_MESSAGES } from "~/utils/upload-rules";

/**
 * The two JSON calls that record an upload (POST /api/admin/media/upload, PUT
 * /api/admin/media/{id}/reupload) read the same body and answer the same way.
 */

export type MediaUploadRequest = { slotId: string; filename: string };

/** The upload named by the body, or the 400 answer for a bad body or a filePath outside quarantine. */
export async function readMediaUploadRequest(request: Request): Promise<MediaUploadRequest | Response> {
  const body = await readJsonObject(request);
  const parsed = mediaUploadSchema.safeParse(body ?? {});
  if (!parsed.success) {
    return json(
      { error: body ? "Invalid upload" : NOT_A_JSON_OBJECT, fieldErrors: fieldErrorsOf(parsed.error) },
      { status: 400, headers: NO_STORE },
    );
  }
  const slotId = slotIdOfObjectPath(parsed.data.filePath);
  if (!slotId) {
    return json({ error: UPLOAD_MESSAGES.notYourUpload, fieldErrors: { filePath: [UPLOAD_MESSAGES.notYourUpload] } }, { status: 400, headers: NO_STORE });
  }
  return { slotId, filename: parsed.data.filename };
}

/** The recorded item with its toast text (docs/product.md §8), or the rejection's status and reason (503: the store is down, with Retry-After). */
export function mediaUploadAnswer(outcome: IntakeOutcome<Media>, message: string, status = 200): Response {
  if (outcome.kind === "rejected") return json({ error: outcome.error }, { status: outcome.status, headers: { ...NO_STORE, ...retryAfterFor(outcome.status) } });
  return json({ ...mediaJson(outcome.result), message }, { status, headers: NO_STORE });
}
