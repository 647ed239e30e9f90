import { parseWithZod } from "@conform-to/zod";
import { useActionData, useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { FaqFormDialog, type FaqFormActionData } from "~/components/admin/faq-form-dialog";
import { createFaq, faqSpanishStatus } from "~/models/faqs.server";
import { machineTranslationIsSetUp } from "~/models/machine-translation.server";
import { savedToast } from "~/models/spanish-status";
import { requireAdmin } from "~/auth/admin-guard.server";
import { FAQ_MESSAGES, faqFormSchema, faqSpanishNote } from "~/models/faq-form";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { FAQ_FORM } from "~/http/form-shapes.server";
import { FAQS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

const ACTION = `${FAQS_PATH}/new`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data({ machineTranslation: machineTranslationIsSetUp() }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request, FAQ_FORM), { schema: faqFormSchema });
  if (submission.status !== "success") {
    return data<FaqFormActionData>({ result: submission.reply(), error: FAQ_MESSAGES.createFailed }, { status: 400 });
  }
  const { faq, translation } = await createFaq(submission.value, admin.email);
  return redirectWithToast(FAQS_PATH, savedToast(FAQ_MESSAGES.created, faqSpanishNote(faqSpanishStatus(faq), translation)));
}

export default function AddFaq() {
  const { machineTranslation } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as FaqFormActionData | undefined;
  return <FaqFormDialog mode="create" action={ACTION} machineTranslation={machineTranslation} lastResult={data} />;
}
