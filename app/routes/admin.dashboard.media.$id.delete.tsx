import { Form, useActionData, useLoaderData, useLocation, useNavigation, data, type ActionFunctionArgs } from "react-router";
import { RefusalBox } from "~/components/admin/refusal-box";
import { mediaNameDialogLoader } from "~/http/media-dialog.server";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { deleteMedia } from "~/models/media-uploads.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { MEDIA_MESSAGES, mediaTabUrl } from "~/models/media-form";
import { parseId } from "~/http/params";
import { addActionRetryAfter } from "~/http/route-exports";
import { retryAfterFor } from "~/http/storage-unavailable.server";
import { redirectWithToast } from "~/http/toast.server";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";

const FORM_ID = "delete-media";
const FAILED_TOAST = { title: "Error", description: MEDIA_MESSAGES.deleteFailed, variant: "destructive" } as const;

// The store being down (503) keeps its Retry-After on the page.
export const headers = addActionRetryAfter;

export const loader = mediaNameDialogLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  // A confirmation button posts nothing: a body that is more than that is refused.
  await readForm(request, NO_FIELDS);
  const back = mediaTabUrl(new URL(request.url).searchParams);
  const id = parseId(params.id);
  const outcome = id === null ? ({ kind: "not_found" } as const) : await deleteMedia(id, admin.email);
  if (outcome.kind === "not_found") return redirectWithToast(back, FAILED_TOAST);
  // The dialog again, saying why: the item is still there to delete once the store is back.
  if (outcome.kind === "storage_unavailable") {
    return data({ error: `${MEDIA_MESSAGES.deleteFailed}. ${UPLOAD_MESSAGES.storageUnavailable}` }, { status: 503, headers: retryAfterFor(503) });
  }
  return redirectWithToast(back, { title: "Success", description: MEDIA_MESSAGES.deleted });
}

export default function DeleteMedia() {
  const { item } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const backTo = mediaTabUrl(new URLSearchParams(location.search));
  return (
    <RouteDialog
      title="Delete File"
      backTo={backTo}
      confirm
      footer={
        <>
          <DialogCancelLink to={backTo} />
          <Form id={FORM_ID} method="post" action={`${location.pathname}${location.search}`} preventScrollReset />
          <DialogSubmitButton form={FORM_ID} pending={deleting} label="Delete" pendingLabel="Deleting..." tone="danger" />
        </>
      }
    >
      <p className="break-words text-slate-700">Are you sure you want to delete {item.originalName}?</p>
      {data?.error ? (
        <RefusalBox className="mt-4">{data.error}</RefusalBox>
      ) : null}
    </RouteDialog>
  );
}
