import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { requireAdmin } from "~/auth/admin-guard.server";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";
import { PASSKEY_MESSAGES } from "~/models/passkey-form";
import { passkeyCounts, removeAllPasskeys } from "~/models/passkeys.server";
import { WHITELIST_MESSAGES } from "~/models/whitelist-form";
import { getWhitelistEntry, normalizeEmail, sameAddress } from "~/models/whitelist.server";
import { ADMINS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

/**
 * /admin/dashboard/admins/{id}/passkeys/remove: another admin lost their passkeys; this
 * removes all of them, confirmed (a dialog with JavaScript, a page without). They sign in
 * again by link or Google and add new ones. The change log records who did it.
 */

const FORM_ID = "remove-admin-passkeys";
const GONE_TOAST = { title: "Error", description: WHITELIST_MESSAGES.notFound, variant: "destructive" } as const;
const OWN_TOAST = { title: "Error", description: PASSKEY_MESSAGES.ownByTheList, variant: "destructive" } as const;

function otherEntry(id: string | undefined, admin: { email: string }) {
  const parsed = parseId(id);
  const entry = parsed === null ? undefined : getWhitelistEntry(parsed);
  if (!entry) return { refusal: GONE_TOAST } as const;
  if (sameAddress(entry.email, admin.email)) return { refusal: OWN_TOAST } as const;
  return { entry } as const;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const found = otherEntry(params.id, admin);
  if (!found.entry) return redirectWithToast(ADMINS_PATH, found.refusal);
  const count = passkeyCounts().get(normalizeEmail(found.entry.email)) ?? 0;
  return json({ email: found.entry.email, count }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  await readForm(request, NO_FIELDS);
  const found = otherEntry(params.id, admin);
  if (!found.entry) return redirectWithToast(ADMINS_PATH, found.refusal);
  removeAllPasskeys(found.entry.email, admin.email);
  return redirectWithToast(ADMINS_PATH, { title: "Success", description: PASSKEY_MESSAGES.othersRemoved });
}

export default function RemoveAdminPasskeys() {
  const { email, count } = useLoaderData<typeof loader>();
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
          <DialogSubmitButton form={FORM_ID} pending={removing} label="Remove passkeys" pendingLabel="Removing..." tone="danger" />
        </>
      }
    >
      <p className="break-words text-slate-700">
        {`Remove all ${count} passkey${count === 1 ? "" : "s"} of ${email}? Do this when they have lost theirs: they sign in by link or Google and add new ones.`}
      </p>
    </RouteDialog>
  );
}
