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
import { otherAdminPasskeys, removeOtherAdminPasskeys } from "~/models/passkeys.server";
import { WHITELIST_MESSAGES } from "~/models/whitelist-form";
import { ADMINS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * /admin/dashboard/admins/{id}/passkeys/remove: another admin lost their passkeys; this
 * removes all of them, confirmed (a dialog with JavaScript, a page without). They sign in
 * again by link or Google and add new ones. The change log records who did it; their
 * sessions end and they are mailed. While a passkey is required it needs a fresh proof
 * (decision 062): until then the dialog shows 'Confirm it's you' instead of its button.
 */

const FORM_ID = "remove-admin-passkeys";
const REFUSALS = {
  not_found: { title: "Error", description: WHITELIST_MESSAGES.notFound, variant: "destructive" },
  own: { title: "Error", description: PASSKEY_MESSAGES.ownByTheList, variant: "destructive" },
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const other = otherAdminPasskeys(parseId(params.id), admin.email);
  if (other.kind !== "found") return redirectWithToast(ADMINS_PATH, REFUSALS[other.kind]);
  return data({ email: other.email, count: other.count, proofNeeded: await proofNeeded(request, admin) }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  await readForm(request, NO_FIELDS);
  const need = await proofNeeded(request, admin);
  if (need) return redirectWithToast(new URL(request.url).pathname, freshProofToast(need));
  const outcome = removeOtherAdminPasskeys(parseId(params.id), admin.email);
  if (outcome.kind !== "removed") return redirectWithToast(ADMINS_PATH, REFUSALS[outcome.kind]);
  return redirectWithToast(ADMINS_PATH, { title: "Success", description: PASSKEY_MESSAGES.othersRemoved });
}

export default function RemoveAdminPasskeys() {
  const { email, count, proofNeeded: need } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const removing = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <RouteDialog
      title="Remove Passkeys"
      backTo={ADMINS_PATH}
      confirm
      footer={
        <>
          <DialogCancelLink to={ADMINS_PATH} />
          <Form id={FORM_ID} method="post" preventScrollReset />
          {need ? null : <DialogSubmitButton form={FORM_ID} pending={removing} label="Remove passkeys" pendingLabel="Removing..." tone="danger" />}
        </>
      }
    >
      <p className="break-words text-slate-700">
        {`Remove all ${count} passkey${count === 1 ? "" : "s"} of ${email}? Do this when they have lost theirs: they sign in by link or Google and add new ones.`}
      </p>
      {need ? <ConfirmItsYou need={need} returnTo={pathname} /> : null}
    </RouteDialog>
  );
}
