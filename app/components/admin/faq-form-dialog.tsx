import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "react-router";
import { useEffect } from "react";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { toast } from "~/components/ui/toast";
import { faqFormSchema, FAQ_LIMITS } from "~/models/faq-form";
import { SwitchInput } from "~/components/ui/switch";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { FAQS_PATH } from "~/paths";
import type { SpanishStatus } from "~/models/spanish-status";
import { SpanishFormNotice } from "~/components/admin/spanish-status";

export type FaqFormActionData = { result: SubmissionResult<string[]>; error?: string };

export type FaqFormValues = {
  question: string;
  answer: string;
  questionSpanish: string | null;
  answerSpanish: string | null;
  sortOrder: number;
  isActive: boolean;
};

const TEXTS = {
  create: {
    title: "Add New FAQ",
    formId: "add-faq",
    label: "Create FAQ",
    pendingLabel: "Creating...",
    spanishHint: "Leave these blank and the Spanish text is translated by machine when you save; you can edit it afterwards.",
  },
  edit: {
    title: "Edit FAQ",
    formId: "edit-faq",
    label: "Update FAQ",
    pendingLabel: "Updating...",
    spanishHint: "The Spanish text can be edited manually; left blank, it is translated by machine when you save.",
  },
} as const;

// Said instead of the hints above when no translation service is set up (TRANSLATE_URL).
const NO_MACHINE_TRANSLATION_HINT =
  "No translation service is set up: Spanish left blank stays blank, and the Spanish site shows this FAQ in English until its Spanish is written here.";
const MISSING_SPANISH = "The Spanish site shows this FAQ in English until its Spanish is written.";

/** The stored FAQ's Spanish: its status, and the English its Spanish texts were written against. */
export type FaqSpanish = { status: SpanishStatus; questionWas: string | null; answerWas: string | null };

const NEW_FAQ: FaqFormValues = { question: "", answer: "", questionSpanish: null, answerSpanish: null, sortOrder: 0, isActive: true };

const labelClass = "block text-sm font-medium text-slate-800";

function FieldError({ field }: { field: FieldMetadata<unknown> }) {
  const message = field.errors?.[0];
  return message ? (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * 'Add New FAQ' and 'Edit FAQ' (600 px wide): one form, posted to the dialog's own
 * URL, checked by conform in the browser and by the action with the same schema.
 */
export function FaqFormDialog(props: {
  mode: "create" | "edit";
  action: string;
  faq?: FaqFormValues;
  spanish?: FaqSpanish;
  /** Whether blank Spanish is translated on save: the hint says what this site does. */
  machineTranslation: boolean;
  lastResult?: FaqFormActionData;
}) {
  const texts = TEXTS[props.mode];
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction === props.action;
  const [form, fields] = useForm({
    id: texts.formId,
    lastResult: props.lastResult?.result,
    defaultValue: props.faq ?? NEW_FAQ,
    constraint: getZodConstraint(faqFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: faqFormSchema }),
  });
  // The server refused it (the FAQ is gone, say): with JavaScript that is also said in a toast.
  const serverError = props.lastResult?.error;
  useEffect(() => {
    if (serverError) toast({ title: "Error", description: serverError, variant: "destructive" });
  }, [props.lastResult, serverError]);

  const { key: questionKey, ...questionProps } = getInputProps(fields.question, { type: "text" });
  const { key: answerKey, ...answerProps } = getTextareaProps(fields.answer);
  const { key: questionEsKey, ...questionEsProps } = getInputProps(fields.questionSpanish, { type: "text" });
  const { key: answerEsKey, ...answerEsProps } = getTextareaProps(fields.answerSpanish);
  const { key: sortKey, ...sortProps } = getInputProps(fields.sortOrder, { type: "number" });
  const { key: activeKey, ...activeProps } = getInputProps(fields.isActive, { type: "checkbox" });

  return (
    <RouteDialog
      title={texts.title}
      backTo={FAQS_PATH}
      width="600px"
      footer={
        <>
          <DialogCancelLink to={FAQS_PATH} />
          <DialogSubmitButton form={form.id} pending={pending} label={texts.label} pendingLabel={texts.pendingLabel} />
        </>
      }
    >
      <Form method="post" action={props.action} preventScrollReset {...getFormProps(form)} className="space-y-4">
        {serverError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {serverError}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.question.id} className={labelClass}>
            Question
          </label>
          <input key={questionKey} {...questionProps} maxLength={FAQ_LIMITS.question} className={`${FIELD_CLASS} h-11`} />
          <FieldError field={fields.question} />
        </div>
        <div>
          <label htmlFor={fields.answer.id} className={labelClass}>
            Answer
          </label>
          <textarea key={answerKey} {...answerProps} rows={4} maxLength={FAQ_LIMITS.answer} className={FIELD_CLASS} />
          <FieldError field={fields.answer} />
        </div>
        <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4" aria-describedby={`${form.id}-spanish-hint`}>
          <legend className="px-1 text-sm font-semibold text-slate-800">Spanish (optional)</legend>
          <p id={`${form.id}-spanish-hint`} className="text-sm text-slate-600">
            {props.machineTranslation ? texts.spanishHint : NO_MACHINE_TRANSLATION_HINT}
          </p>
          {props.spanish && props.faq ? (
            <SpanishFormNotice
              id={`${form.id}-spanish-status`}
              status={props.spanish.status}
              missing={MISSING_SPANISH}
              sources={[
                { label: "Question", was: props.spanish.questionWas, now: props.faq.question },
                { label: "Answer", was: props.spanish.answerWas, now: props.faq.answer },
              ]}
            />
          ) : null}
          <div>
            <label htmlFor={fields.questionSpanish.id} className={labelClass}>
              Question (Spanish)
            </label>
            <input key={questionEsKey} {...questionEsProps} lang="es" maxLength={FAQ_LIMITS.question} className={`${FIELD_CLASS} h-11`} />
            <FieldError field={fields.questionSpanish} />
          </div>
          <div>
            <label htmlFor={fields.answerSpanish.id} className={labelClass}>
              Answer (Spanish)
            </label>
            <textarea key={answerEsKey} {...answerEsProps} lang="es" rows={4} maxLength={FAQ_LIMITS.answer} className={FIELD_CLASS} />
            <FieldError field={fields.answerSpanish} />
          </div>
        </fieldset>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <label htmlFor={fields.sortOrder.id} className={labelClass}>
              Sort Order
            </label>
            <input key={sortKey} {...sortProps} step={1} className={`${FIELD_CLASS} h-11 w-32`} />
            <FieldError field={fields.sortOrder} />
          </div>
          <div className="flex items-center gap-3 pt-7">
            <SwitchInput key={activeKey} {...activeProps} />
            <label htmlFor={fields.isActive.id} className="text-sm font-medium text-slate-800">
              Active
            </label>
          </div>
        </div>
      </Form>
    </RouteDialog>
  );
}
