import { Form, useLoaderData, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { getWhitelistEntry, removeFromWhitelist, sameAddress } from "~/models/whitelist.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { WHITELIST_MESSAGES } from "~/models/whitelist-form";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";
import { ADMINS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

const FORM_ID = "remove-whitelist-email";
const SELF_TOAST = { title: WHITELIST_MESSAGES.cannotRemoveSelfTitle, description: WHITELIST_MESSAGES.cannotRemoveSelf, variant: "destructive" } as const;
const GONE_TOAST = { title: "Error", description: WHITELIST_MESSAGES.notFound, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const entry = id === null ? undefined : getWhitelistEntry(id);
  if (!entry) return redirectWithToast(ADMINS_PATH, GONE_TOAST);
  if (sameAddress(entry.email, admin.email)) return redirectWithToast(ADMINS_PATH, SELF_TOAST);
  return data({ entry: { id: entry.id, email: entry.email } }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  // A confirmation button posts nothing: a body that is more than that is refused.
  await readForm(request, NO_FIELDS);
  const id = parseId(params.id);
  const outcome = id === null ? ({ kind: "not_found" } as const) : removeFromWhitelist(id, admin.email);
  if (outcome.kind === "self") return redirectWithToast(ADMINS_PATH, SELF_TOAST);
  if (outcome.kind === "not_found") return redirectWithToast(ADMINS_PATH, GONE_TOAST);
  return redirectWithToast(ADMINS_PATH, { title: "Success", description: WHITELIST_MESSAGES.removed });
}

export default function RemoveWhitelistEmail() {
  const { entry } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const removing = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <RouteDialog
      title="Remove Email"
      backTo={ADMINS_PATH}
      confirm
      footer={
        <>
          <DialogCancelLink to={ADMINS_PATH} />
          <Form id={FORM_ID} method="post" preventScrollReset />
          <DialogSubmitButton form={FORM_ID} pending={removing} label="Remove" pendingLabel="Removing..." tone="danger" />
        </>
      }
    >
      <p className="text-slate-700">Are you sure you want to remove {entry.email} from the whitelist?</p>
    </RouteDialog>
  );
}
