import { useActionData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { ImageUploadDialog } from "~/components/admin/image-upload-dialog";
import { recordUploadedMedia } from "~/models/media-uploads.server";
import { receiveFormUpload } from "~/http/form-upload.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { mediaTabUrl } from "~/models/media-form";
import { addActionRetryAfter } from "~/http/route-exports";
import { retryAfterFor } from "~/http/storage-unavailable.server";
import { redirectWithToast } from "~/http/toast.server";
import { refusalNaming, UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { UPLOAD_FORM } from "~/http/form-shapes.server";
import { MEDIA_UPLOAD_API } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * The Media tab's upload dialog (/admin/dashboard/media/upload). With JavaScript the
 * file goes through docs/product.md §7's JSON flow; without it the form posts here and the
 * file is streamed into quarantine, checked and recorded the same way.
 */

// The store being down (503) keeps its Retry-After on the page.
export const headers = addActionRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data(null, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const received = await receiveFormUpload(request, admin.email, UPLOAD_FORM);
  if (received.kind === "rejected") return data({ error: received.error }, { status: received.status, headers: retryAfterFor(received.status) });
  const outcome = await recordUploadedMedia(received.slotId, admin.email, received.filename);
  if (outcome.kind === "rejected") return data({ error: refusalNaming(received.filename, outcome.error) }, { status: outcome.status, headers: retryAfterFor(outcome.status) });
  return redirectWithToast(mediaTabUrl(new URL(request.url).searchParams), { title: "Success", description: UPLOAD_MESSAGES.imageUploaded });
}

export default function UploadMedia() {
  const data = useActionData<typeof action>();
  const location = useLocation();
  return (
    <ImageUploadDialog
      title="Upload Image"
      backTo={mediaTabUrl(new URLSearchParams(location.search))}
      action={`${location.pathname}${location.search}`}
      target={{ url: MEDIA_UPLOAD_API, method: "POST" }}
      successMessage={UPLOAD_MESSAGES.imageUploaded}
      serverError={data?.error}
    />
  );
}
