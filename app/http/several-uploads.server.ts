import { data } from "react-router";
import type { Media } from "~/db/schema";
import { recordUploadedMedia } from "~/models/media-uploads.server";
import { receiveFormUploads } from "~/http/form-upload.server";
import { SEVERAL_UPLOADS_FORM } from "~/http/form-shapes.server";
import { retryAfterFor } from "~/http/storage-unavailable.server";
import { redirectWithToast } from "~/http/toast.server";
import { refusalNaming, type UploadFormAnswer } from "~/services/uploads/upload-rules";

/**
 * An uploader's post without JavaScript carrying several files (the Media tab's upload,
 * Property Images' 'Upload photos'): each file is checked and recorded on its own, in
 * the order chosen, as the JSON flow records each; one refused does not stop the others.
 * All up: back to `back` with a toast. Otherwise the page says which went up and why
 * each other one did not (UploadFormAnswer), with the first refusal's status.
 */
export async function answerSeveralUploads(
  request: Request,
  adminEmail: string,
  options: {
    back: string;
    success: (count: number) => string;
    /** What a recorded file needs next (linked to a home): a reason if that failed. */
    afterRecord?: (item: Media) => string | null;
  },
) {
  const received = await receiveFormUploads(request, adminEmail, SEVERAL_UPLOADS_FORM);
  // One file too large stops the reading of the post: it is named, and none is said uploaded.
  if (received.kind === "rejected") return data<UploadFormAnswer>({ uploaded: [], refused: [received.error] }, { status: received.status, headers: retryAfterFor(received.status) });
  const answer: UploadFormAnswer = { uploaded: [], refused: [] };
  let status = 200;
  for (const file of received.files) {
    const outcome = await recordUploadedMedia(file.slotId, adminEmail, file.filename);
    const failure = outcome.kind === "rejected" ? outcome.error : (options.afterRecord?.(outcome.result) ?? null);
    if (failure === null) {
      answer.uploaded.push(file.filename);
      continue;
    }
    answer.refused.push(refusalNaming(file.filename, failure));
    if (status === 200) status = outcome.kind === "rejected" ? outcome.status : 500;
  }
  if (!answer.refused.length) return redirectWithToast(options.back, { title: "Success", description: options.success(answer.uploaded.length) });
  return data(answer, { status, headers: retryAfterFor(status) });
}
