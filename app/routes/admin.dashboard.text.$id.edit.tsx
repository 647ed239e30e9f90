import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { getTextEntry, textSpanishStatus, updateTextEntry } from "~/models/texts.server";
import { savedToast, spanishSaveNote } from "~/models/spanish-status";
import { SpanishFormNotice } from "~/components/admin/spanish-status";
import { requireAdmin } from "~/auth/admin-guard.server";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { TEXT_ENTRY_MESSAGES, textEntrySchema } from "~/models/text-entry-form";
import { readForm } from "~/http/form-body.server";
import { TEXT_ENTRY_FORM } from "~/http/form-shapes.server";
import { TEXT_PATH } from "~/paths";
import { hrefWith } from "~/utils/paging";
import { readSpanishFilter } from "~/models/spanish-status";
import { NO_STORE } from "~/http/no-store";

const FORM_ID = "edit-text-entry";
const GONE_TOAST = { title: TEXT_ENTRY_MESSAGES.updateFailed, description: TEXT_ENTRY_MESSAGES.notFound, variant: "destructive" } as const;

/** Back to the tab with the search and Spanish filter the admin came from. */
function tabUrl(request: Request): string {
  const params = new URL(request.url).searchParams;
  return hrefWith(TEXT_PATH, { q: params.get("q"), spanish: readSpanishFilter(params.get("spanish")) });
}

const MISSING_SPANISH = "The Spanish site shows the English text here until the Spanish is written.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = parseId(params.id);
  const entry = id === null ? undefined : getTextEntry(id);
  if (!entry) return redirectWithToast(tabUrl(request), GONE_TOAST);
  const { key, englishText, spanishText } = entry;
  const spanish = { status: textSpanishStatus(entry), englishWas: entry.translatedFrom };
  return data({ entry: { id: entry.id, key, englishText, spanishText }, spanish }, { headers: NO_STORE });
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const entry = id === null ? undefined : getTextEntry(id);
  if (!entry) return redirectWithToast(tabUrl(request), GONE_TOAST);
  const submission = parseWithZod(await readForm(request, TEXT_ENTRY_FORM), { schema: textEntrySchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const outcome = updateTextEntry(entry, submission.value, admin.email);
  if (outcome.kind === "key_changed") {
    return data<ActionData>({ result: submission.reply({ fieldErrors: { key: [TEXT_ENTRY_MESSAGES.keyChanged] } }) }, { status: 400 });
  }
  if (outcome.kind === "not_found") return redirectWithToast(tabUrl(request), GONE_TOAST);
  const note = spanishSaveNote(textSpanishStatus(outcome.entry), "not_needed", { failed: MISSING_SPANISH, unavailable: MISSING_SPANISH, blank: TEXT_ENTRY_MESSAGES.spanishBlank });
  return redirectWithToast(tabUrl(request), savedToast(TEXT_ENTRY_MESSAGES.updated, note));
}

export default function EditTextEntry() {
  const { entry, spanish } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const updating = navigation.state === "submitting" && navigation.formMethod === "POST";
  const backTo = `${TEXT_PATH}${location.search}`;
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: data?.result,
    defaultValue: entry,
    constraint: getZodConstraint(textEntrySchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: textEntrySchema }),
  });
  const { key: keyKey, ...keyProps } = getInputProps(fields.key, { type: "text" });
  const { key: englishKey, ...englishProps } = getTextareaProps(fields.englishText);
  const { key: spanishKey, ...spanishProps } = getTextareaProps(fields.spanishText);
  const error = (field: { errors?: string[]; errorId: string }) =>
    field.errors?.[0] ? (
      <p id={field.errorId} className="mt-1 text-sm text-red-700">
        {field.errors[0]}
      </p>
    ) : null;

  return (
    <RouteDialog
      title="Edit Text Entry"
      backTo={backTo}
      footer={
        <>
          <DialogCancelLink to={backTo} />
          <DialogSubmitButton form={form.id} pending={updating} label="Update Text Entry" pendingLabel="Updating..." />
        </>
      }
    >
      <Form method="post" action={`${TEXT_PATH}/${entry.id}/edit${location.search}`} preventScrollReset {...getFormProps(form)} className="space-y-4">
        <div>
          <label htmlFor={fields.key.id} className="block text-sm font-medium text-slate-800">
            Key
          </label>
          {/* The site looks texts up by key: it is shown, not edited. */}
          <input key={keyKey} {...keyProps} readOnly className={`${FIELD_CLASS} h-11 bg-slate-50 font-mono text-sm`} />
          {error(fields.key)}
        </div>
        <div>
          <label htmlFor={fields.englishText.id} className="block text-sm font-medium text-slate-800">
            English Text
          </label>
          <textarea key={englishKey} {...englishProps} rows={4} className={FIELD_CLASS} />
          {error(fields.englishText)}
        </div>
        <div>
          <label htmlFor={fields.spanishText.id} className="block text-sm font-medium text-slate-800">
            Spanish Text
          </label>
          <textarea key={spanishKey} {...spanishProps} lang="es" rows={4} className={FIELD_CLASS} />
          {error(fields.spanishText)}
        </div>
        <SpanishFormNotice
          id={`${form.id}-spanish-status`}
          status={spanish.status}
          missing={MISSING_SPANISH}
          sources={[{ label: "English Text", was: spanish.englishWas, now: entry.englishText }]}
        />
      </Form>
    </RouteDialog>
  );
}
