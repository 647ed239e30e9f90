import { parseWithZod } from "@conform-to/zod";
import { useActionData, useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { FaqFormDialog, type FaqFormActionData } from "~/components/admin/faq-form-dialog";
import { faqSpanishStatus, getFaq, updateFaq } from "~/models/faqs.server";
import { machineTranslationIsSetUp } from "~/models/machine-translation.server";
import { savedToast } from "~/models/spanish-status";
import { requireAdmin } from "~/auth/admin-guard.server";
import { FAQ_MESSAGES, faqFormSchema, faqSpanishNote } from "~/models/faq-form";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { FAQ_FORM } from "~/http/form-shapes.server";
import { FAQS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

const GONE_TOAST = { title: "Error", description: FAQ_MESSAGES.updateFailed, variant: "destructive" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const faq = id === null ? undefined : getFaq(id);
  if (!faq) return redirectWithToast(FAQS_PATH, GONE_TOAST);
  const { question, answer, questionSpanish, answerSpanish, sortOrder, isActive } = faq;
  return data(
    {
      id: faq.id,
      faq: { question, answer, questionSpanish, answerSpanish, sortOrder, isActive },
      spanish: { status: faqSpanishStatus(faq), questionWas: faq.questionTranslatedFrom, answerWas: faq.answerTranslatedFrom },
      machineTranslation: machineTranslationIsSetUp(),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null || !getFaq(id)) return redirectWithToast(FAQS_PATH, GONE_TOAST);
  const submission = parseWithZod(await readForm(request, FAQ_FORM), { schema: faqFormSchema });
  if (submission.status !== "success") {
    return data<FaqFormActionData>({ result: submission.reply(), error: FAQ_MESSAGES.updateFailed }, { status: 400 });
  }
  const outcome = await updateFaq(id, submission.value, admin.email);
  if (outcome.kind === "not_found") return redirectWithToast(FAQS_PATH, GONE_TOAST);
  return redirectWithToast(FAQS_PATH, savedToast(FAQ_MESSAGES.updated, faqSpanishNote(faqSpanishStatus(outcome.faq), outcome.translation)));
}

export default function EditFaq() {
  const { id, faq, spanish, machineTranslation } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as FaqFormActionData | undefined;
  return (
    <FaqFormDialog
      key={id}
      mode="edit"
      action={`${FAQS_PATH}/${id}/edit`}
      faq={faq}
      spanish={spanish}
      machineTranslation={machineTranslation}
      lastResult={data}
    />
  );
}
