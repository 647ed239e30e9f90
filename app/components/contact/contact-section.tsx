import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  parse,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Link, useActionData, useFetcher } from "react-router";
import type { Inquiry } from "~/models/listing";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { toast } from "~/components/ui/toast";
import { CONTACT_CONSTRAINT, CONTACT_SUBJECTS } from "~/models/contact-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { useT } from "~/i18n/use-t";
import type { ContactActionData } from "~/models/contact-schema";
import { propertyPath } from "~/paths";
import { HoneypotField, PUBLIC_CONTROL_CLASS, PUBLIC_LABEL_CLASS, RequiredMark } from "~/components/ui/public-form-field";
import { Icon, type IconName } from "~/components/ui/icon";

/**
 * The #contact section: contact details and the contact form.
 *
 * Without JavaScript the form is a plain POST to the home page's action and the
 * answer renders the field messages or the success card. With JavaScript the same
 * form goes through a fetcher, so the page stays put, conform checks fields as the
 * visitor leaves them, and the outcome also shows as a toast.
 *
 * Its texts come without English fallbacks: the dictionary has every key (seeded at
 * start-up), and this section is part of the home page's first load, where bytes count.
 */
/** The visiting hours in words (visiting-hours.ts), from the setting the visit form uses. */
type VisitingHoursWords = { days: string; from: string; to: string };

export function ContactSection({ inquiry = null, visitingHours }: { inquiry?: Inquiry | null; visitingHours: VisitingHoursWords }) {
  const { t } = useT();
  return (
    <section id="contact" aria-labelledby="contact-title" className="border-t border-slate-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="contact-title" className="text-3xl font-bold text-brand-900">{t("contact.title")}</h2>
        <p className="mt-3 max-w-2xl text-slate-600">{t("contact.subtitle")}</p>
        <div className="mt-10 grid gap-8 lg:grid-cols-5">
          <ContactDetails visitingHours={visitingHours} />
          <div className="lg:col-span-3">
            <ContactFormPanel inquiry={inquiry} />
          </div>
        </div>
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------
// Details

function DetailItem({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  // The icon sits inside the <dt> so that the list stays a valid dt/dd group.
  return (
    <div className="contact-detail">
      <dt>
        <span className="contact-icon">
          <Icon name={icon} className="h-5 w-5 stroke-[1.8]" />
        </span>
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

const detailLinkClass =
  "rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline";

function ContactDetails({ visitingHours }: { visitingHours: VisitingHoursWords }) {
  const { t } = useT();
  return (
    <div className="rounded-lg bg-brand-50 p-6 sm:p-8 lg:col-span-2">
      <h3 className="text-xl font-semibold text-brand-900">{t("contact.info_title")}</h3>
      <address className="mt-6 not-italic">
        <dl className="space-y-6">
          <DetailItem
            label={t("contact.phone_label")}
            icon="phone"
          >
            <a href={`tel:${t("contact.phone_href")}`} className={detailLinkClass}>
              {t("contact.phone")}
            </a>
          </DetailItem>
          <DetailItem
            label={t("contact.email_label")}
            icon="mail"
          >
            <a href={`mailto:${t("contact.email")}`} className={`${detailLinkClass} break-all`}>
              {t("contact.email")}
            </a>
          </DetailItem>
          <DetailItem
            label={t("contact.address_label")}
            icon="office"
          >
            {t("contact.address")}
          </DetailItem>
          <DetailItem
            label={t("contact.hours_label")}
            icon="clock"
          >
            {t("contact.hours")}
          </DetailItem>
          <DetailItem label={t("contact.visiting_hours_label")} icon="calendar">
            {t("contact.visiting_hours", undefined, visitingHours)}
          </DetailItem>
        </dl>
      </address>
    </div>
  );
}

// ---------------------------------------------------------------------------------
// Form

/** Toasts for outcomes that came back to the fetcher (never on the server). */
function useOutcomeToasts(data: ContactActionData | undefined) {
  const { t } = useT();
  // Whatever the fetcher already held when this mounted has been announced before.
  const announced = useRef(data);
  useEffect(() => {
    if (!data || data === announced.current) return;
    announced.current = data;
    if (data.status === "success") {
      toast({ title: t("contact.success.title"), description: t("contact.success.text") });
    } else if (data.status === "failed") {
      toast({ title: t("contact.error.title"), description: t("contact.error.text"), variant: "destructive" });
    }
  }, [data, t]);
}

const STATUSES: ReadonlySet<string> = new Set(["success", "invalid", "rate_limited", "failed"]);

/** Anything but the action's own answer (a proxy's 502 page, say) is a failure. */
function asActionData(value: unknown): ContactActionData | undefined {
  if (value === undefined) return undefined;
  const status = (value as { status?: unknown } | null)?.status;
  return typeof status === "string" && STATUSES.has(status) ? (value as ContactActionData) : { status: "failed" };
}

function ContactFormPanel({ inquiry }: { inquiry: Inquiry | null }) {
  const fetcher = useFetcher<ContactActionData>({ key: "contact" });
  // Set only by a plain form post (no JavaScript, or a submit before hydration).
  const documentData = useActionData<ContactActionData>() as ContactActionData | undefined;
  // Memoised: the toast effect and "send another" compare answers by identity.
  const fetcherData = useMemo(() => asActionData(fetcher.data), [fetcher.data]);
  const data = fetcherData ?? documentData;
  useOutcomeToasts(fetcherData);

  // "Send another message" hides the answer it was shown for and starts a fresh form.
  const [dismissed, setDismissed] = useState<ContactActionData | undefined>(undefined);
  const [formGeneration, setFormGeneration] = useState(0);
  const current = data && data !== dismissed ? data : undefined;
  useFocusOnNewInquiry(inquiry);

  if (current?.status === "success") {
    return (
      <SuccessCard
        fromServerRender={current === documentData}
        onSendAnother={() => {
          setDismissed(current);
          setFormGeneration((generation) => generation + 1);
        }}
      />
    );
  }
  return (
    <ContactForm
      // A new form for another home: its subject and first line are the form's defaults.
      key={`${formGeneration} ${inquiry?.propertyId ?? ""}`}
      fetcher={fetcher}
      result={current?.result}
      status={current?.status}
      inquiry={inquiry}
      focusFirstField={formGeneration > 0}
    />
  );
}

function SuccessCard({ fromServerRender, onSendAnother }: { fromServerRender: boolean; onSendAnother: () => void }) {
  const { t } = useT();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The form (and the focused button) just vanished: keep the keyboard here.
    if (!fromServerRender) title.current?.focus();
  }, [fromServerRender]);
  return (
    <div
      id={ANSWER_ID}
      // Without JavaScript this is the only announcement; with it, the toast is.
      role={fromServerRender ? "status" : undefined}
      className="rounded-lg border border-green-200 bg-green-50 p-8 text-center"
    >
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-700 text-white">
        <Icon name="check" className="h-6 w-6 stroke-[2.5]" />
      </span>
      <h3 ref={title} tabIndex={-1} className="mt-4 text-2xl font-semibold text-slate-900 outline-none">
        {t("contact.success.title")}
      </h3>
      <p className="mt-2 text-slate-700">{t("contact.success.text")}</p>
      {/* A GET to the home page without JavaScript; with it, just a fresh form in place. */}
      <form
        method="get"
        action="/#contact"
        className="mt-6"
        onSubmit={(event) => {
          event.preventDefault();
          onSendAnother();
        }}
      >
        <button
          type="submit"
          className="inline-flex h-11 items-center rounded-md border border-brand-700 bg-white px-5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("contact.success.another")}
        </button>
      </form>
    </div>
  );
}

/**
 * Where the form's answer is: the thanks, the summary of refused fields, or a refusal of
 * the message (beside the send button, where the visitor's eyes are). Without JavaScript
 * the form posts to this fragment, so the answer's page opens at it on a phone too.
 */
const ANSWER_ID = "contact-answer";

const labelClass = PUBLIC_LABEL_CLASS;
const controlClass = PUBLIC_CONTROL_CLASS;

function FieldError({ field }: { field: Pick<FieldMetadata<unknown>, "errors" | "errorId"> }) {
  const { t } = useT();
  const first = field.errors?.[0];
  if (!first) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm text-red-700">
      {t(first)}
    </p>
  );
}

type ContactValidator = typeof import("~/models/contact-validation").validateContact;
let contactValidator: ContactValidator | null = null;
let loadingValidator: Promise<ContactValidator> | null = null;
/** It could not be loaded (offline, a new deployment): the form is sent and the server checks it. */
let validatorUnavailable = false;

/** Loads the contact form's check once (it is not part of the page's first load). */
function loadContactValidator(): Promise<ContactValidator> {
  loadingValidator ??= import("~/models/contact-validation").then(
    (module) => (contactValidator = module.validateContact),
    (error) => {
      validatorUnavailable = true;
      throw error;
    },
  );
  return loadingValidator;
}

/**
 * Loads the contact form's check when the visitor first comes to the form (a field
 * focused), then calls `onLoaded`; a page only read never fetches it. Until it arrives a
 * field left is checked once it does, and a send waits for it, so no message goes
 * unchecked from a fast visitor; if it cannot load at all, the server checks as always.
 * Returns the function that starts the load.
 */
function useContactValidator(onLoaded: () => void): () => void {
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  const requested = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(() => {
    if (contactValidator || requested.current) return;
    requested.current = true;
    loadContactValidator()
      .then(() => {
        if (mounted.current) loaded.current();
      })
      .catch(() => {
        // validatorUnavailable is set: the server checks every message as always.
      });
  }, []);
}

/** An empty form, or for a home the subject rental-inquiry and a first line naming it in the visitor's language. */
function formDefaults(inquiry: Inquiry | null, t: ReturnType<typeof useT>["t"]) {
  const empty = { firstName: "", lastName: "", email: "", phone: "", subject: "", message: "" };
  if (!inquiry) return empty;
  const firstLine = t("contact.inquiry.first_line", undefined, { name: inquiry.name, location: inquiry.location });
  return { ...empty, subject: "rental-inquiry", message: `${firstLine}\n` };
}

/**
 * Takes the visitor to the form's first field when they asked about a home from this
 * page (not on a first load, where the #contact fragment scrolls to it). Lives above the
 * form, which is a new one for each home.
 */
function useFocusOnNewInquiry(inquiry: Inquiry | null) {
  const seen = useRef(inquiry?.propertyId);
  useEffect(() => {
    if (!inquiry || inquiry.propertyId === seen.current) return;
    seen.current = inquiry.propertyId;
    document.querySelector<HTMLElement>('#contact-form [name="firstName"]')?.focus({ preventScroll: true });
  }, [inquiry]);
}

function InquiryNote({ inquiry }: { inquiry: Inquiry }) {
  const { t } = useT();
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm">
      <p className="min-w-0 text-slate-800">
        <span className="font-semibold">{t("contact.inquiry.about")}</span>{" "}
        <a href={propertyPath(inquiry.propertyId)} className="break-words font-medium text-brand-700 underline underline-offset-2">
          {inquiry.name}
        </a>{" "}
        <span className="text-slate-600">({inquiry.location})</span>
      </p>
      <Link to="/#contact" className="font-medium text-brand-700 underline underline-offset-2">
        {t("contact.inquiry.clear")}
      </Link>
    </div>
  );
}

// @conform-to/dom's INTENT: the name of the hidden button conform submits the form with
// to check a field (not exported by @conform-to/react).
const CONFORM_INTENT = "__intent__";

function isConformIntent(event: Event): boolean {
  const submitter = (event as SubmitEvent).submitter;
  return submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT;
}

function ContactForm({
  fetcher,
  result,
  status,
  inquiry,
  focusFirstField,
}: {
  fetcher: ReturnType<typeof useFetcher<ContactActionData>>;
  result: SubmissionResult<string[]> | undefined;
  status: ContactActionData["status"] | undefined;
  inquiry: Inquiry | null;
  focusFirstField: boolean;
}) {
  const { t } = useT();
  // Fields the visitor left before the check arrived: left again (for conform, which
  // checks a field as it is left) as soon as it does.
  const leftEarly = useRef(new Set<HTMLElement>());
  const startLoadingValidator = useContactValidator(() => {
    for (const element of leftEarly.current) element.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    leftEarly.current.clear();
  });
  // A send made before the check arrived waits for it, once.
  const sendWaiting = useRef(false);
  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: result,
    defaultValue: formDefaults(inquiry, t),
    constraint: CONTACT_CONSTRAINT,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Until the check has loaded (a moment after the visitor comes to the form), the form goes to the
    // server, which checks it with the same schema and answers in place.
    // Read from the module, not from state: a send waiting for the check runs in the same
    // tick as its arrival, before a re-render could hand conform a new function.
    onValidate: ({ formData }) => (contactValidator ? contactValidator(formData) : parse(formData, { resolve: (value) => ({ value }) })),
  });
  const sending = fetcher.state === "submitting";

  useEffect(() => {
    if (focusFirstField) document.getElementById(fields.firstName.id)?.focus();
  }, [focusFirstField, fields.firstName.id]);
  // A refusal drawn above the send button pushes it down: both in view again.
  const formError = form.errors?.[0];
  useEffect(() => {
    if (formError) document.getElementById(ANSWER_ID)?.scrollIntoView({ block: "nearest" });
  }, [formError]);

  const { key: firstNameKey, ...firstNameProps } = getInputProps(fields.firstName, { type: "text" });
  const { key: lastNameKey, ...lastNameProps } = getInputProps(fields.lastName, { type: "text" });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: phoneKey, ...phoneProps } = getInputProps(fields.phone, { type: "tel" });
  const { key: subjectKey, ...subjectProps } = getSelectProps(fields.subject);
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message);

  return (
    <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 id="contact-form-title" className="text-xl font-semibold text-brand-900">
        {t("contact.form.title")}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t("contact.form.required_hint")}</p>

      {!formError && status === "invalid" ? (
        // The server's verdict on a plain form post: say so at the top, details below.
        <p id={ANSWER_ID} role="status" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("contact.error.invalid")}
        </p>
      ) : null}
      {inquiry ? <InquiryNote inquiry={inquiry} /> : null}

      <fetcher.Form
        method="post"
        // The fragment brings a visitor without JavaScript to the answer (ANSWER_ID), and
        // ?about keeps the home named when the form comes back with errors.
        action={`/?index${inquiry ? `&about=${inquiry.propertyId}` : ""}#${ANSWER_ID}`}
        {...getFormProps(form)}
        onFocusCapture={startLoadingValidator}
        onBlurCapture={(event) => {
          if (!contactValidator && event.target !== event.currentTarget) leftEarly.current.add(event.target as HTMLElement);
        }}
        onSubmit={(event) => {
          if (contactValidator || validatorUnavailable) return getFormProps(form).onSubmit(event);
          event.preventDefault();
          // conform checks a field as it is left by submitting with a hidden intent button:
          // before the check has arrived that is no send (the field is checked again when
          // it does, leftEarly above), and must not become one.
          if (isConformIntent(event.nativeEvent)) return;
          // Sent before the check arrived: wait for it, then send again (checked this time).
          if (sendWaiting.current) return;
          sendWaiting.current = true;
          const element = event.currentTarget;
          const sendAgain = () => {
            sendWaiting.current = false;
            element.requestSubmit();
          };
          loadContactValidator().then(sendAgain, sendAgain);
        }}
        aria-labelledby="contact-form-title"
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
      >
        <div>
          <label htmlFor={fields.firstName.id} className={labelClass}>
            {t("contact.form.first_name")}
            <RequiredMark />
          </label>
          <input key={firstNameKey} {...firstNameProps} autoComplete="given-name" className={controlClass} />
          <FieldError field={fields.firstName} />
        </div>
        <div>
          <label htmlFor={fields.lastName.id} className={labelClass}>
            {t("contact.form.last_name")}
            <RequiredMark />
          </label>
          <input key={lastNameKey} {...lastNameProps} autoComplete="family-name" className={controlClass} />
          <FieldError field={fields.lastName} />
        </div>
        <div>
          <label htmlFor={fields.email.id} className={labelClass}>
            {t("contact.form.email")}
            <RequiredMark />
          </label>
          <input key={emailKey} {...emailProps} autoComplete="email" className={controlClass} />
          <FieldError field={fields.email} />
        </div>
        <div>
          <label htmlFor={fields.phone.id} className={labelClass}>
            {t("contact.form.phone")}
          </label>
          <input key={phoneKey} {...phoneProps} autoComplete="tel" className={controlClass} />
          <FieldError field={fields.phone} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={fields.subject.id} className={labelClass}>
            {t("contact.form.subject")}
            <RequiredMark />
          </label>
          <select key={subjectKey} {...subjectProps} className={controlClass}>
            <option value="">{t("contact.form.subject_placeholder")}</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {t(`contact.form.subject.${subject}`)}
              </option>
            ))}
          </select>
          <FieldError field={fields.subject} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={fields.message.id} className={labelClass}>
            {t("contact.form.message")}
            <RequiredMark />
          </label>
          <textarea
            key={messageKey}
            {...messageProps}
            rows={5}
            placeholder={t("contact.form.message_placeholder")}
            className={controlClass}
          />
          <FieldError field={fields.message} />
        </div>

        {inquiry ? <input type="hidden" name="propertyId" value={inquiry.propertyId} /> : null}
        <HoneypotField id="contact-website" />

        <div id={formError ? ANSWER_ID : undefined} className="sm:col-span-2">
          {formError ? (
            <p id={form.errorId} role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {t(formError)}
            </p>
          ) : null}
          <SubmitButton
            sending={sending}
            label={t("contact.form.submit")}
            sendingLabel={t("contact.form.sending")}
            className="sm:w-auto"
          />
        </div>
      </fetcher.Form>
    </div>
  );
}
