import { Form, useActionData, useLoaderData, useLocation, useNavigation, useSubmit, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { DialogCancelLink, DialogSubmitButton, RouteDialog } from "~/components/admin/route-dialog";
import { EnquiryThread } from "~/components/admin/enquiry-thread";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { readForm } from "~/http/form-body.server";
import { REPLY_FORM } from "~/http/form-shapes.server";
import { NO_STORE } from "~/http/no-store";
import { parseId } from "~/http/params";
import { redirectWithToast } from "~/http/toast.server";
import { threadOf } from "~/models/enquiry-thread.server";
import { MESSAGE_MESSAGES, messagesTabUrl } from "~/models/message-form";
import { sendReply } from "~/models/message-replies.server";
import { getContactMessage, subjectLabel } from "~/models/messages.server";
import { enquiryHomeOf, replyDraft, templateChoices } from "~/models/reply-drafts.server";
import { REPLY_FIELDS, REPLY_MAX_LENGTH, REPLY_MESSAGES, replyDraftSchema, replySchema } from "~/models/reply-form";
import { formatDateTime } from "~/utils/dates";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/utils/locale";

/**
 * 'Reply' on a message (docs/product.md, "Replies"): a dialog over the Messages tab with
 * JavaScript, the tab with the dialog in place without. It opens in the visitor's
 * language with the ready answer that suits the enquiry written out; 'Use' (a GET form,
 * sent on change with JavaScript) writes out another answer or language. 'Send reply'
 * mails it and returns to the tab at the same filter and page.
 */

const FORM_ID = "message-reply";
const CHOICE_FORM_ID = "message-reply-choice";

/** The URL's ready answer and language; what is not one is left to the enquiry's own. */
function choiceOf(params: URLSearchParams) {
  const language = params.get(REPLY_FIELDS.language);
  const template = params.get(REPLY_FIELDS.template);
  const parsed = replyDraftSchema.safeParse({ language: (LANGUAGES as readonly string[]).includes(language ?? "") ? language : undefined, template });
  return parsed.success ? parsed.data : { template: null };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const back = messagesTabUrl(search);
  const id = parseId(params.id);
  const message = id === null ? undefined : getContactMessage(id);
  if (!message) return redirectWithToast(back, { title: "Error", description: MESSAGE_MESSAGES.notFound, variant: "destructive" });
  const home = enquiryHomeOf(message);
  const draft = replyDraft(message, home, choiceOf(search));
  return data(
    {
      back,
      // The tab's filter and page, kept through the choice of answer.
      keep: [...new URLSearchParams(back.split("?")[1] ?? "")],
      enquiry: {
        id: message.id,
        name: `${message.firstName} ${message.lastName}`,
        email: message.email,
        language: message.language,
        subject: subjectLabel(message.subject),
        home: home?.name ?? null,
        message: message.message,
        date: formatDateTime(message.createdAt),
      },
      draft,
      templates: templateChoices(home, draft.language),
      thread: threadOf(message.id),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const back = messagesTabUrl(url.searchParams);
  const form = await readForm(request, REPLY_FORM);
  const id = parseId(params.id);
  if (id === null) return redirectWithToast(back, { title: "Error", description: MESSAGE_MESSAGES.notFound, variant: "destructive" });
  const values = { language: form.get(REPLY_FIELDS.language) ?? undefined, template: form.get(REPLY_FIELDS.template) ?? undefined, body: form.get(REPLY_FIELDS.body) ?? undefined };
  const parsed = replySchema.safeParse(values);
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "";
    return data({ error, body: typeof values.body === "string" ? values.body : "" }, { status: 400, headers: NO_STORE });
  }
  const outcome = sendReply(id, parsed.data, admin.email);
  if (outcome.kind === "not_found") return redirectWithToast(back, { title: "Error", description: MESSAGE_MESSAGES.notFound, variant: "destructive" });
  const { firstName, lastName } = outcome.message;
  return redirectWithToast(back, { title: "Success", description: REPLY_MESSAGES.sentTo(`${firstName} ${lastName}`) });
}

export default function ReplyDialog() {
  const { back, keep, enquiry, draft, templates, thread } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const here = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const bodyId = `reply-body-${enquiry.id}`;
  const errorId = `${bodyId}-error`;
  const chooseAgain = (form: HTMLFormElement | null) => {
    if (form) void submit(form, { replace: true, preventScrollReset: true });
  };
  return (
    <RouteDialog
      title={`Reply to ${enquiry.name}`}
      backTo={back}
      footer={
        <>
          <DialogCancelLink to={back} />
          <DialogSubmitButton form={FORM_ID} pending={sending} label="Send reply" pendingLabel="Sending..." />
        </>
      }
    >
      <section aria-label="The enquiry" className="rounded-md bg-slate-50 p-3 text-sm text-slate-800">
        <p className="break-words">
          <span className="font-semibold">{enquiry.name}</span> <span className="break-all text-slate-600">&lt;{enquiry.email}&gt;</span>
        </p>
        <p className="break-words text-slate-600">
          {enquiry.subject}
          {enquiry.home ? ` · ${enquiry.home}` : null} · {enquiry.date}
          {enquiry.language ? ` · ${LANGUAGE_NAMES[enquiry.language]}` : null}
        </p>
        {enquiry.message ? <p className="mt-2 whitespace-pre-line break-words">{enquiry.message}</p> : null}
      </section>
      <EnquiryThread items={thread} label="Conversation so far" heading="h3" />
      {/* The choice of answer and language: a page of its own without JavaScript ('Use'). */}
      <Form id={CHOICE_FORM_ID} method="get" action={here.pathname} preventScrollReset replace className="mt-4 flex flex-wrap items-end gap-3 text-sm">
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset className="min-w-0">
          <legend className="font-semibold text-slate-800">Reply in</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {LANGUAGES.map((language: Language) => (
              <label key={language} className="flex min-h-6 items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name={REPLY_FIELDS.language}
                  value={language}
                  defaultChecked={language === draft.language}
                  className="h-4 w-4"
                  onChange={(event) => chooseAgain(event.currentTarget.form)}
                />
                {LANGUAGE_NAMES[language]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex min-w-0 max-w-full flex-col gap-1 font-semibold text-slate-800">
          Ready answer
          <select
            name={REPLY_FIELDS.template}
            defaultValue={draft.template}
            key={`${draft.language}-${draft.template}`}
            className={`h-10 max-w-full rounded-md border border-slate-500 bg-white px-2 font-normal text-slate-900`}
            onChange={(event) => chooseAgain(event.currentTarget.form)}
          >
            {templates.map((template) => (
              <option key={template.value} value={template.value}>
                {template.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100">
          Use
        </button>
      </Form>
      <Form id={FORM_ID} method="post" action={`${here.pathname}${here.search}`} preventScrollReset className="mt-4 grid gap-2">
        <input type="hidden" name={REPLY_FIELDS.language} value={draft.language} />
        <input type="hidden" name={REPLY_FIELDS.template} value={draft.template} />
        <p className="break-words text-sm text-slate-700">
          <span className="font-semibold">Subject:</span> {draft.subject}
        </p>
        <label htmlFor={bodyId} className="text-sm font-semibold text-slate-800">
          Reply
        </label>
        <textarea
          id={bodyId}
          key={`${draft.language}-${draft.template}`}
          name={REPLY_FIELDS.body}
          defaultValue={refused?.body ?? draft.body}
          rows={12}
          maxLength={REPLY_MAX_LENGTH}
          required
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? errorId : undefined}
          lang={draft.language}
          className={`${FIELD_CLASS} mt-0 font-normal`}
        />
        {refused ? (
          <p id={errorId} role="alert" className="text-sm font-semibold text-red-700">
            {refused.error}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">Sent from the site&apos;s address; the visitor&apos;s answer comes to the office.</p>
      </Form>
    </RouteDialog>
  );
}
