import { Form, useLoaderData, useLocation, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { requireAdmin } from "~/auth/admin-guard.server";
import { proofNeeded } from "~/auth/fresh-proof.server";
import { ConfirmItsYou } from "~/components/admin/confirm-its-you";
import { freshProofToast } from "~/http/fresh-proof-answers.server";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";
import { PASSKEY_MESSAGES } from "~/models/passkey-form";
import { listPasskeys, removePasskey } from "~/models/passkeys.server";
import { ADMINS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * /admin/dashboard/admins/passkeys/{id}/remove: "Remove" on one of the signed-in admin's
 * passkeys, confirmed (a dialog with JavaScript, a page without); the admin is mailed.
 * While a passkey is required it needs a fresh proof (decision 062): until then the
 * dialog shows 'Confirm it's you' instead of its button, and a post is sent back to it.
 */

const FORM_ID = "remove-passkey";
const GONE_TOAST = { title: "Error", description: PASSKEY_MESSAGES.notFound, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const passkey = listPasskeys(admin.email).find((item) => item.id === id);
  if (!passkey) return redirectWithToast(ADMINS_PATH, GONE_TOAST);
  return data({ passkey: { id: passkey.id, name: passkey.name }, proofNeeded: await proofNeeded(request, admin) }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  await readForm(request, NO_FIELDS);
  const need = await proofNeeded(request, admin);
  if (need) return redirectWithToast(new URL(request.url).pathname, freshProofToast(need));
  const id = parseId(params.id);
  if (id === null || !removePasskey(id, admin.email, admin.email)) return redirectWithToast(ADMINS_PATH, GONE_TOAST);
  return redirectWithToast(ADMINS_PATH, { title: "Success", description: PASSKEY_MESSAGES.removed });
}

export default function RemovePasskey() {
  const { passkey, proofNeeded: need } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const removing = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <RouteDialog
      title="Remove Passkey"
      backTo={ADMINS_PATH}
      confirm
      footer={
        <>
          <DialogCancelLink to={ADMINS_PATH} />
          <Form id={FORM_ID} method="post" preventScrollReset />
          {need ? null : <DialogSubmitButton form={FORM_ID} pending={removing} label="Remove" pendingLabel="Removing..." tone="danger" />}
        </>
      }
    >
      <p className="break-words text-slate-700">Are you sure you want to remove the passkey {passkey.name}? You will no longer be able to sign in with it.</p>
      {need ? <ConfirmItsYou need={need} returnTo={pathname} /> : null}
    </RouteDialog>
  );
}
