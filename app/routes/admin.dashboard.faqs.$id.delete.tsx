import { Form, useLoaderData, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { deleteFaq, getFaq } from "~/models/faqs.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { FAQ_MESSAGES } from "~/models/faq-form";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";
import { FAQS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

const FORM_ID = "delete-faq";
const GONE_TOAST = { title: "Error", description: FAQ_MESSAGES.deleteFailed, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const faq = id === null ? undefined : getFaq(id);
  if (!faq) return redirectWithToast(FAQS_PATH, GONE_TOAST);
  return data({ faq: { id: faq.id, question: faq.question } }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  // A confirmation button posts nothing: a body that is more than that is refused.
  await readForm(request, NO_FIELDS);
  const id = parseId(params.id);
  if (id === null || !deleteFaq(id, admin.email)) return redirectWithToast(FAQS_PATH, GONE_TOAST);
  return redirectWithToast(FAQS_PATH, { title: "Success", description: FAQ_MESSAGES.deleted });
}

export default function DeleteFaq() {
  const { faq } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <RouteDialog
      title="Delete FAQ"
      backTo={FAQS_PATH}
      confirm
      footer={
        <>
          <DialogCancelLink to={FAQS_PATH} />
          <Form id={FORM_ID} method="post" preventScrollReset />
          <DialogSubmitButton form={FORM_ID} pending={deleting} label="Delete" pendingLabel="Deleting..." tone="danger" />
        </>
      }
    >
      <p className="text-slate-700">Are you sure you want to delete this FAQ?</p>
      <p className="mt-2 break-words font-medium text-slate-900">{faq.question}</p>
    </RouteDialog>
  );
}
