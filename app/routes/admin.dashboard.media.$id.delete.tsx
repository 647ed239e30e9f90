import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { mediaForDialog } from "~/components/admin/media-dialog.server";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { deleteMedia } from "~/models/media-uploads.server";
import { requireAdmin } from "~/utils/auth.server";
import { MEDIA_MESSAGES, mediaTabUrl } from "~/utils/media-form";
import { parseId } from "~/utils/params";
import { redirectWithToast } from "~/utils/toast.server";

const FORM_ID = "delete-media";
const FAILED_TOAST = { title: "Error", description: MEDIA_MESSAGES.deleteFailed, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const item = await mediaForDialog(request, params);
  return json({ item: { id: item.id, originalName: item.originalName } }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = mediaTabUrl(new URL(request.url).searchParams);
  const id = parseId(params.id);
  const outcome = id === null ? ({ kind: "not_found" } as const) : await deleteMedia(id, admin.email);
  if (outcome.kind === "not_found") return redirectWithToast(back, FAILED_TOAST);
  return redirectWithToast(back, { title: "Success", description: MEDIA_MESSAGES.deleted });
}

export default function DeleteMedia() {
  const { item } = useLoaderData<typeof loader>();
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
    </RouteDialog>
  );
}
