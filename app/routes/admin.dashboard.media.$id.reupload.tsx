import { useActionData, useLoaderData, useLocation, data, type ActionFunctionArgs } from "react-router";
import { ImageUploadDialog } from "~/components/admin/image-upload-dialog";
import { mediaNameDialogLoader } from "~/http/media-dialog.server";
import { reuploadMedia } from "~/models/media-uploads.server";
import { receiveFormUpload } from "~/http/form-upload.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { MEDIA_MESSAGES, mediaTabUrl } from "~/models/media-form";
import { parseId } from "~/http/params";
import { addActionRetryAfter } from "~/http/route-exports";
import { retryAfterFor } from "~/http/storage-unavailable.server";
import { redirectWithToast } from "~/http/toast.server";
import { refusalNaming, UPLOAD_MESSAGES, type UploadFormAnswer } from "~/services/uploads/upload-rules";
import { UPLOAD_FORM } from "~/http/form-shapes.server";
import { mediaReuploadApi } from "~/paths";

/**
 * The Media tab's re-upload dialog (/admin/dashboard/media/:id/reupload): a new image
 * for the item, which keeps its id, hero status and property. Same uploader and checks
 * as the upload dialog; the old file and its resized copies are deleted.
 */

// The store being down (503) keeps its Retry-After on the page.
export const headers = addActionRetryAfter;

export const loader = mediaNameDialogLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = mediaTabUrl(new URL(request.url).searchParams);
  const id = parseId(params.id);
  if (id === null) return redirectWithToast(back, { title: "Error", description: MEDIA_MESSAGES.notFound, variant: "destructive" });
  const received = await receiveFormUpload(request, admin.email, UPLOAD_FORM);
  if (received.kind === "rejected") return data<UploadFormAnswer>({ uploaded: [], refused: [received.error] }, { status: received.status, headers: retryAfterFor(received.status) });
  const outcome = await reuploadMedia(id, received.slotId, admin.email, received.filename);
  if (outcome.kind === "rejected") {
    return data<UploadFormAnswer>({ uploaded: [], refused: [refusalNaming(received.filename, outcome.error)] }, { status: outcome.status, headers: retryAfterFor(outcome.status) });
  }
  return redirectWithToast(back, { title: "Success", description: UPLOAD_MESSAGES.imageReuploaded });
}

export default function ReuploadMedia() {
  const { item } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  return (
    <ImageUploadDialog
      title="Re-upload Image"
      intro={<p className="break-words text-slate-700">A new image for {item.originalName}. It keeps its hero status and its property.</p>}
      backTo={mediaTabUrl(new URLSearchParams(location.search))}
      action={`${location.pathname}${location.search}`}
      target={{ url: mediaReuploadApi(item.id), method: "PUT" }}
      most={1}
      successMessage={UPLOAD_MESSAGES.imageReuploaded}
      serverAnswer={answer}
    />
  );
}
