import { useActionData, useLocation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { ImageUploadDialog } from "~/components/admin/image-upload-dialog";
import { answerSeveralUploads } from "~/http/several-uploads.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { mediaTabUrl } from "~/models/media-form";
import { addActionRetryAfter } from "~/http/route-exports";
import { imagesUploaded, MOST_FILES_AT_ONCE, UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { MEDIA_UPLOAD_API } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * The Media tab's upload dialog (/admin/dashboard/media/upload), up to MOST_FILES_AT_ONCE
 * files at once. With JavaScript each file goes through docs/product.md §7's JSON flow;
 * without it the form posts here and each file is streamed into quarantine, checked and
 * recorded the same way.
 */

// The store being down (503) keeps its Retry-After on the page.
export const headers = addActionRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data(null, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return answerSeveralUploads(request, admin.email, { back: mediaTabUrl(new URL(request.url).searchParams), success: imagesUploaded });
}

export default function UploadMedia() {
  const answer = useActionData<typeof action>();
  const location = useLocation();
  return (
    <ImageUploadDialog
      title="Upload Image"
      backTo={mediaTabUrl(new URLSearchParams(location.search))}
      action={`${location.pathname}${location.search}`}
      target={{ url: MEDIA_UPLOAD_API, method: "POST" }}
      most={MOST_FILES_AT_ONCE}
      successMessage={UPLOAD_MESSAGES.imageUploaded}
      serverAnswer={answer}
    />
  );
}
