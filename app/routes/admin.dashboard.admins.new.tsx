import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { useEffect } from "react";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { toast } from "~/components/ui/toast";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { addToWhitelist } from "~/models/whitelist.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { redirectWithToast } from "~/http/toast.server";
import { WHITELIST_MESSAGES, whitelistEmailSchema } from "~/models/whitelist-form";
import { readForm } from "~/http/form-body.server";
import { WHITELIST_FORM } from "~/http/form-shapes.server";
import { ADMINS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

const FORM_ID = "add-whitelist-email";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return data(null, { headers: NO_STORE });
}

type ActionData = { result: SubmissionResult<string[]>; error?: string };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request, WHITELIST_FORM), { schema: whitelistEmailSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { email, invite } = submission.value;
  const outcome = addToWhitelist(email, admin.email, { invite });
  if (outcome.kind === "duplicate") {
    return data<ActionData>(
      { result: submission.reply({ fieldErrors: { email: [WHITELIST_MESSAGES.duplicate] } }), error: WHITELIST_MESSAGES.duplicate },
      { status: 409 },
    );
  }
  const description = invite ? `${WHITELIST_MESSAGES.added}. ${WHITELIST_MESSAGES.invited(email)}` : WHITELIST_MESSAGES.added;
  return redirectWithToast(ADMINS_PATH, { title: "Success", description });
}

export default function AddWhitelistEmail() {
  const data = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formAction === `${ADMINS_PATH}/new`;
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: data?.result,
    // Invited unless unticked; a refused post shows the box as it was sent.
    defaultValue: { invite: true },
    constraint: getZodConstraint(whitelistEmailSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: whitelistEmailSchema }),
  });
  // The server refused it (a duplicate): with JavaScript that is also said in a toast.
  useEffect(() => {
    if (data?.error) toast({ title: "Error", description: data.error, variant: "destructive" });
  }, [data]);
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const emailError = fields.email.errors?.[0];

  return (
    <RouteDialog
      title="Add Email to Whitelist"
      backTo={ADMINS_PATH}
      footer={
        <>
          <DialogCancelLink to={ADMINS_PATH} />
          <DialogSubmitButton form={form.id} pending={adding} label="Add Email" pendingLabel="Adding..." />
        </>
      }
    >
      <Form method="post" action={`${ADMINS_PATH}/new`} preventScrollReset {...getFormProps(form)}>
        <label htmlFor={fields.email.id} className="block text-sm font-medium text-slate-800">
          Email Address
        </label>
        <input
          key={emailKey}
          {...emailProps}
          autoComplete="off"
          placeholder="name@example.com"
          className={`${FIELD_CLASS} h-11`}
        />
        {emailError ? (
          <p id={fields.email.errorId} className="mt-1 text-sm text-red-700">
            {emailError}
          </p>
        ) : null}
        <div className="mt-4 flex items-start gap-3">
          <input
            {...getInputProps(fields.invite, { type: "checkbox" })}
            key={fields.invite.key}
            aria-describedby={`${fields.invite.id}-hint`}
            className="mt-0.5 h-6 w-6 shrink-0 rounded border-slate-300"
          />
          <div>
            <label htmlFor={fields.invite.id} className="text-sm font-medium text-slate-800">
              Send an invitation
            </label>
            <p id={`${fields.invite.id}-hint`} className="text-sm text-slate-600">
              An e-mail with the address of the sign-in page. It does not sign anyone in by itself.
            </p>
          </div>
        </div>
      </Form>
    </RouteDialog>
  );
}
