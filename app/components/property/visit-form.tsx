import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/components/ui/submit-button";
import { VisitPickerOwner, VisitTimePicker, type VisitDayOption } from "~/components/property/visit-time-picker";
import { useHydrated } from "~/hooks/use-hydrated";
import { useT } from "~/i18n/use-t";
import { CONTACT_CONSTRAINT } from "~/models/contact-fields";
import { VISIT_CHOICES, type VisitActionData } from "~/models/visit-schema";
import type { Language } from "~/utils/locale";
import { ErrorText, HoneypotField, PUBLIC_CONTROL_CLASS, PUBLIC_LABEL_CLASS, RequiredMark } from "~/components/ui/public-form-field";

/**
 * The visit request form (docs/product.md, visit requests): a plain form that posts to the
 * page's action with or without JavaScript. Each preferred time is a day select and an
 * hour select (keyboard and screen-reader friendly as they are); the server checks them
 * against the visiting hours and answers errors per field in the page's language.
 */

type Option = { value: string; label: string };

const labelClass = PUBLIC_LABEL_CLASS;
const controlClass = PUBLIC_CONTROL_CLASS;

/** A day or an hour of one preferred time: a labelled select, marked invalid with its choice's error. */
function ChoiceSelect(props: { name: string; label: string; placeholder: string; options: Option[]; required: boolean; value: string | undefined; errorId: string | undefined }) {
  return (
    <div>
      <label htmlFor={`visit-${props.name}`} className={labelClass}>
        {props.label}
      </label>
      <select
        id={`visit-${props.name}`}
        name={props.name}
        required={props.required}
        defaultValue={props.value ?? ""}
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
        className={controlClass}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The preferred times without JavaScript (and before it runs): for each choice a day select and an hour select. */
function TimeSelects({ days, hours, values, errorOf }: { days: Option[]; hours: Option[]; values: Record<string, string | undefined>; errorOf: (name: string) => string | undefined }) {
  const { t } = useT();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-base font-semibold text-brand-900">{t("visit.form.times", "Preferred times")}</legend>
      <div className="mt-2 grid gap-4">
        {VISIT_CHOICES.map((choice, index) => {
          const n = index + 1;
          const error = errorOf(choice.error);
          const errorId = `visit-${choice.error}-error`;
          return (
            <fieldset key={choice.error} className="rounded-md border border-slate-200 p-3" aria-describedby={error ? errorId : undefined}>
              <legend className="px-1 text-sm font-medium text-slate-800">
                {n === 1 ? t("visit.form.choice", "Choice {{n}}", { n }) : t("visit.form.choice_optional", "Choice {{n}} (optional)", { n })}
                {n === 1 ? <RequiredMark /> : null}
              </legend>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
                <ChoiceSelect name={choice.day} label={t("visit.form.day", "Day")} placeholder={t("visit.form.day_placeholder", "Choose a day")} options={days} required={n === 1} value={values[choice.day]} errorId={error ? errorId : undefined} />
                <ChoiceSelect name={choice.hour} label={t("visit.form.hour", "Time")} placeholder={t("visit.form.hour_placeholder", "Choose a time")} options={hours} required={n === 1} value={values[choice.hour]} errorId={error ? errorId : undefined} />
              </div>
              <ErrorText id={errorId} errorKey={error} />
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Where the form's answer is: a refusal, the summary of refused fields, or the thanks
 * (the page's). Without JavaScript the form posts to this fragment, so the answer's page
 * opens at it (a redirect keeps it); with it, the answer takes the focus: in view on a
 * phone, and read out.
 */
export const VISIT_ANSWER_ID = "visit-answer";

export function VisitForm(props: { action: string; language: Language; days: VisitDayOption[]; hours: Option[]; result: VisitActionData | undefined }) {
  const { t } = useT();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const sending = navigation.state === "submitting";
  const errors = props.result?.fieldErrors ?? {};
  const values = props.result?.values ?? {};
  const errorOf = (name: string) => errors[name]?.[0];
  const describedBy = (name: string) => (errorOf(name) ? `visit-${name}-error` : undefined);
  const answer = useRef<HTMLDivElement>(null);
  // The refusal or the fields' problems: one box, focused when it comes (screen readers hear it too).
  const answerBox = { ref: answer, id: VISIT_ANSWER_ID, tabIndex: -1, role: "alert", className: "mt-6 rounded-md outline-none border border-red-200 bg-red-50 p-3 text-sm text-red-800" } as const;
  useEffect(() => {
    answer.current?.focus();
  }, [props.result]);

  const textField = (name: "firstName" | "lastName" | "email" | "phone", label: string, type: string, autoComplete: string, required: boolean) => (
    <div>
      <label htmlFor={`visit-${name}`} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        id={`visit-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        maxLength={CONTACT_CONSTRAINT[name].maxLength}
        defaultValue={values[name] ?? ""}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={describedBy(name)}
        className={controlClass}
      />
      <ErrorText id={`visit-${name}-error`} errorKey={errorOf(name)} />
    </div>
  );

  return (
    <>
      {props.result?.formError ? (
        <div {...answerBox}>{t(props.result.formError)}</div>
      ) : props.result?.status === "invalid" ? (
        <div {...answerBox}>
          <p>{t("visit.error.invalid", "Please correct the highlighted fields.")}</p>
          {props.result.freeNearby?.length ? (
            <>
              <p className="mt-2 font-semibold">{t("visit.error.free_nearby", "Free times nearby:")}</p>
              <ul className="mt-1 list-disc pl-5">
                {props.result.freeNearby.map((time) => (
                  <li key={`${time.day}-${time.hour}`}>{time.label}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <Form method="post" action={`${props.action}#${VISIT_ANSWER_ID}`} aria-labelledby="visit-title" className="relative mt-6 grid gap-5 sm:grid-cols-2">
        {textField("firstName", t("contact.form.first_name", "First Name"), "text", "given-name", true)}
        {textField("lastName", t("contact.form.last_name", "Last Name"), "text", "family-name", true)}
        {textField("email", t("contact.form.email", "Email"), "email", "email", true)}
        {textField("phone", t("contact.form.phone", "Phone (optional)"), "tel", "tel", false)}

        {hydrated ? (
          <VisitTimePicker
            days={props.days}
            hours={props.hours}
            initial={VISIT_CHOICES.map((choice) => ({ day: values[choice.day] ?? "", hour: values[choice.hour] ?? "" }))}
            errorKey={VISIT_CHOICES.map((choice) => errorOf(choice.error)).find(Boolean)}
            errorId="visit-times-error"
          />
        ) : (
          <TimeSelects days={props.days} hours={props.hours} values={values} errorOf={errorOf} />
        )}

        <div className="sm:col-span-2">
          <label htmlFor="visit-message" className={labelClass}>
            {t("visit.form.message", "Message (optional)")}
          </label>
          <textarea
            id="visit-message"
            name="message"
            rows={4}
            maxLength={CONTACT_CONSTRAINT.message.maxLength}
            defaultValue={values.message ?? ""}
            aria-invalid={errorOf("message") ? true : undefined}
            aria-describedby={describedBy("message")}
            className={controlClass}
          />
          <ErrorText id="visit-message-error" errorKey={errorOf("message")} />
        </div>

        <input type="hidden" name="language" value={props.language} />
        <HoneypotField id="visit-website" />

        <div className="sm:col-span-2">
          <SubmitButton sending={sending} label={t("visit.form.submit", "Request visit")} sendingLabel={t("contact.form.sending", "Sending...")} />
        </div>
      </Form>
      {hydrated ? <VisitPickerOwner /> : null}
    </>
  );
}
