import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useActionData, useLoaderData, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { TabPanel } from "~/components/admin/tab-panel";
import { buttonState, FIELD_CLASS } from "~/components/ui/control-styles";
import { useHydrated } from "~/hooks/use-hydrated";
import { defaultContactRecipient, getConfiguration, saveContactEmail, sendContactTestEmail } from "~/models/configurations.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { proofNeeded } from "~/auth/fresh-proof.server";
import { freshProofToast } from "~/http/fresh-proof-answers.server";
import { CONTACT_EMAIL_KEY, CONTACT_EMAIL_MESSAGES, contactEmailSchema } from "~/models/contact-email-form";
import { formatDateTime } from "~/utils/dates";
import { log } from "~/config/logger.server";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { CONTACT_EMAIL_FORM } from "~/http/form-shapes.server";
import { errorForLog } from "~/utils/error-for-log";
import { SETTINGS_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";
import { VisitingHoursForm } from "~/components/admin/visiting-hours-form";
import { enquiryReminderHoursFromForm, reminderHourFromForm, VISITING_HOURS_INTENT, VISITING_HOURS_MESSAGES, visitingHoursFromForm, visitsAtOnceFromForm } from "~/models/visiting-hours-form";
import { saveVisitReminderHour, visitReminderHour, VISIT_REMINDER_HOUR_KEY } from "~/models/visit-reminders.server";
import { ENQUIRY_REMINDER_HOURS_KEY, enquiryReminderHours, saveEnquiryReminderHours } from "~/models/enquiry-reminders.server";
import { saveVisitsAtOnce, visitsAtOnce, VISITS_AT_ONCE_KEY } from "~/models/visit-availability.server";
import { saveVisitingHours, visitingHours, VISITING_HOURS_KEY } from "~/models/visiting-hours.server";
import { PasskeyRequirementForm } from "~/components/admin/passkey-requirement-form";
import { OfficeStateForm } from "~/components/admin/office-state-form";
import { OFFICE_STATE_INTENT, OFFICE_STATE_MESSAGES, officeStateFromForm } from "~/models/office-state-form";
import { officeState, OFFICE_STATE_KEY, saveOfficeState } from "~/models/office-state.server";
import { usStateName } from "~/services/address-search/address-search";
import { SearchAlertLimitForm } from "~/components/admin/search-alert-limit-form";
import { SEARCH_ALERT_LIMIT_INTENT, SEARCH_ALERT_LIMIT_MESSAGES, searchAlertLimitFromForm } from "~/models/search-alert-limit-form";
import { saveSearchAlertsLimit, searchAlertsLimit, SEARCH_ALERTS_LIMIT_KEY } from "~/models/search-alert-limits.server";
import { searchAlertCounts } from "~/models/search-alerts.server";
import { passkeyRequired, setPasskeyRequired } from "~/models/passkey-requirement.server";
import { countPasskeys } from "~/models/passkeys.server";
import { PASSKEY_REQUIREMENT_FIELD, PASSKEY_REQUIREMENT_INTENT, PASSKEY_REQUIREMENT_MESSAGES } from "~/models/passkey-form";

/**
 * The Settings tab: where contact form messages are mailed. One form saves the address
 * (creating the setting or changing it); a second one sends a test e-mail to the stored
 * address. The visiting hours, the search alert limit, the office's state (the address
 * search's) and 'Require a passkey for staff sign-in' have a form each. All end in a redirect with a toast, so they work without JavaScript.
 */

const FORM_ID = "contact-email";
const TEST_FORM_ID = "contact-email-test";
const TEST_INTENT = "send-test-email";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const setting = getConfiguration(CONTACT_EMAIL_KEY);
  return data(
    {
      setting: setting ? { value: setting.value, updatedBy: setting.updatedBy, updatedAt: setting.updatedAt.toISOString() } : null,
      defaultRecipient: defaultContactRecipient(),
      visitingHours: visitingHours(),
      visitingHoursUpdated: `${getConfiguration(VISITING_HOURS_KEY)?.updatedAt.toISOString() ?? "default"}-${getConfiguration(VISITS_AT_ONCE_KEY)?.updatedAt.toISOString() ?? "default"}-${getConfiguration(VISIT_REMINDER_HOUR_KEY)?.updatedAt.toISOString() ?? "default"}-${getConfiguration(ENQUIRY_REMINDER_HOURS_KEY)?.updatedAt.toISOString() ?? "default"}`,
      visitsAtOnce: visitsAtOnce(),
      reminderHour: visitReminderHour(),
      enquiryReminder: enquiryReminderHours(),
      alertLimit: searchAlertsLimit(),
      alertLimitUpdated: getConfiguration(SEARCH_ALERTS_LIMIT_KEY)?.updatedAt.toISOString() ?? "default",
      confirmedAlerts: searchAlertCounts().confirmed,
      officeState: officeState(),
      officeStateUpdated: getConfiguration(OFFICE_STATE_KEY)?.updatedAt.toISOString() ?? "default",
      passkeyRequired: passkeyRequired(),
      hasPasskey: countPasskeys(admin.email) > 0,
      proofNeeded: await proofNeeded(request, admin),
    },
    { headers: NO_STORE },
  );
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await readForm(request, CONTACT_EMAIL_FORM);

  if (formData.get("intent") === VISITING_HOURS_INTENT) {
    const hours = visitingHoursFromForm(formData);
    if (!hours) return redirectWithToast(SETTINGS_PATH, { title: "Error", description: VISITING_HOURS_MESSAGES.invalid, variant: "destructive" });
    const atOnce = visitsAtOnceFromForm(formData);
    if (atOnce === null) return redirectWithToast(SETTINGS_PATH, { title: "Error", description: VISITING_HOURS_MESSAGES.invalidAtOnce, variant: "destructive" });
    const reminderHour = reminderHourFromForm(formData);
    if (reminderHour === null) return redirectWithToast(SETTINGS_PATH, { title: "Error", description: VISITING_HOURS_MESSAGES.invalidReminderHour, variant: "destructive" });
    const enquiryReminder = enquiryReminderHoursFromForm(formData);
    if (enquiryReminder === null) return redirectWithToast(SETTINGS_PATH, { title: "Error", description: VISITING_HOURS_MESSAGES.invalidEnquiryReminder, variant: "destructive" });
    saveVisitingHours(hours, admin.email);
    if (atOnce !== "unchanged" && atOnce !== visitsAtOnce()) saveVisitsAtOnce(atOnce, admin.email);
    if (reminderHour !== "unchanged" && reminderHour !== visitReminderHour()) saveVisitReminderHour(reminderHour, admin.email);
    if (enquiryReminder !== "unchanged" && enquiryReminder !== enquiryReminderHours()) saveEnquiryReminderHours(enquiryReminder, admin.email);
    return redirectWithToast(SETTINGS_PATH, { title: "Success", description: VISITING_HOURS_MESSAGES.updated });
  }

  if (formData.get("intent") === SEARCH_ALERT_LIMIT_INTENT) {
    const limit = searchAlertLimitFromForm(formData);
    if (limit === null) return redirectWithToast(SETTINGS_PATH, { title: "Error", description: SEARCH_ALERT_LIMIT_MESSAGES.invalid, variant: "destructive" });
    saveSearchAlertsLimit(limit, admin.email);
    return redirectWithToast(SETTINGS_PATH, { title: "Success", description: SEARCH_ALERT_LIMIT_MESSAGES.updated });
  }

  if (formData.get("intent") === OFFICE_STATE_INTENT) {
    const state = officeStateFromForm(formData);
    if (state === null) return redirectWithToast(SETTINGS_PATH, { title: "Error", description: OFFICE_STATE_MESSAGES.invalid, variant: "destructive" });
    const saved = saveOfficeState(state, admin.email);
    return redirectWithToast(SETTINGS_PATH, { title: "Success", description: OFFICE_STATE_MESSAGES.updated(usStateName(saved) ?? saved) });
  }

  if (formData.get("intent") === PASSKEY_REQUIREMENT_INTENT) {
    const need = await proofNeeded(request, admin);
    if (need) return redirectWithToast(SETTINGS_PATH, freshProofToast(need));
    const outcome = setPasskeyRequired(formData.get(PASSKEY_REQUIREMENT_FIELD) === "on", admin.email);
    if (outcome.kind === "no_passkey") return redirectWithToast(SETTINGS_PATH, { title: "Error", description: PASSKEY_REQUIREMENT_MESSAGES.noPasskey, variant: "destructive" });
    return redirectWithToast(SETTINGS_PATH, { title: "Success", description: outcome.required ? PASSKEY_REQUIREMENT_MESSAGES.on : PASSKEY_REQUIREMENT_MESSAGES.off });
  }

  if (formData.get("intent") === TEST_INTENT) {
    const outcome = await sendContactTestEmail(admin.email);
    return redirectWithToast(
      SETTINGS_PATH,
      outcome.kind === "sent"
        ? { title: CONTACT_EMAIL_MESSAGES.testSentTitle, description: outcome.message }
        : { title: CONTACT_EMAIL_MESSAGES.testFailedTitle, description: outcome.message, variant: "destructive" },
    );
  }

  const submission = parseWithZod(formData, { schema: contactEmailSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  try {
    saveContactEmail(submission.value.value, admin.email);
  } catch (error) {
    log.error("settings: contact email not saved", { error: errorForLog(error) });
    return redirectWithToast(SETTINGS_PATH, { title: "Error", description: CONTACT_EMAIL_MESSAGES.updateFailed, variant: "destructive" });
  }
  return redirectWithToast(SETTINGS_PATH, { title: "Success", description: CONTACT_EMAIL_MESSAGES.updated });
}

export default function SettingsTab() {
  const {
    setting,
    defaultRecipient,
    visitingHours: hours,
    visitingHoursUpdated,
    visitsAtOnce: atOnce,
    reminderHour,
    enquiryReminder,
    alertLimit,
    alertLimitUpdated,
    confirmedAlerts,
    officeState: state,
    officeStateUpdated,
    passkeyRequired: required,
    hasPasskey,
    proofNeeded: need,
  } = useLoaderData<typeof loader>();
  return (
    <TabPanel id="settings-title" title="Contact Email Configuration" description="Configure where contact form emails are sent">
      {/* A fresh form after every save: its field starts from the value just stored. */}
      <ContactEmailForm key={setting?.updatedAt ?? "none"} setting={setting} defaultRecipient={defaultRecipient} />
      <VisitingHoursForm key={`hours-${visitingHoursUpdated}`} hours={hours} atOnce={atOnce} reminderHour={reminderHour} enquiryReminder={enquiryReminder} action={SETTINGS_PATH} />
      <SearchAlertLimitForm key={`alert-limit-${alertLimitUpdated}`} limit={alertLimit} confirmed={confirmedAlerts} action={SETTINGS_PATH} />
      <OfficeStateForm key={`office-state-${officeStateUpdated}`} state={state} action={SETTINGS_PATH} />
      <PasskeyRequirementForm key={String(required)} required={required} hasPasskey={hasPasskey} proofNeeded={need} action={SETTINGS_PATH} />
    </TabPanel>
  );
}

const secondaryButton =
  "inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100";

function ContactEmailForm(props: { setting: { value: string; updatedBy: string | null; updatedAt: string } | null; defaultRecipient: string }) {
  const { setting, defaultRecipient } = props;
  const data = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting" && navigation.formAction === SETTINGS_PATH;
  const sending = submitting && navigation.formData?.get("intent") === TEST_INTENT;
  // The contact address's form is the one without an intent (the others name theirs).
  const saving = submitting && !navigation.formData?.get("intent");
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: data?.result,
    defaultValue: { value: setting?.value ?? "" },
    constraint: getZodConstraint(contactEmailSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactEmailSchema }),
  });
  const { key: valueKey, ...valueProps } = getInputProps(fields.value, { type: "email", ariaDescribedBy: fields.value.descriptionId });
  const valueError = fields.value.errors?.[0];
  const storedValue = setting?.value.trim() ?? "";

  return (
    <div className="space-y-5 p-5">
      <Form method="post" action={SETTINGS_PATH} preventScrollReset {...getFormProps(form)} className="max-w-xl">
        <label htmlFor={fields.value.id} className="block text-sm font-medium text-slate-800">
          Contact Email Address
        </label>
        <input
          key={valueKey}
          {...valueProps}
          autoComplete="off"
          placeholder="contact@example.com"
          className={`${FIELD_CLASS} h-11`}
        />
        {valueError ? (
          <p id={fields.value.errorId} className="mt-1 text-sm text-red-700">
            {valueError}
          </p>
        ) : null}
        <p id={fields.value.descriptionId} className="mt-2 text-sm text-slate-600">
          If no contact email is configured, contact form emails are sent to the default mail server sender address,{" "}
          <span className="break-all">{defaultRecipient}</span>.
        </p>
      </Form>
      {/* Its own form: a test e-mail goes to the stored address, whatever the field holds. */}
      <Form id={TEST_FORM_ID} method="post" action={SETTINGS_PATH} preventScrollReset>
        <input type="hidden" name="intent" value={TEST_INTENT} />
      </Form>

      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          form={FORM_ID}
          disabled={saving}
          aria-busy={saving || undefined}
          className={`inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 ${buttonState(saving)}`}
        >
          {saving ? "Saving..." : "Save"}
        </button>
        {setting ? (
          hydrated ? (
            <button type="button" onClick={() => form.reset()} className={secondaryButton}>
              Reset
            </button>
          ) : (
            // Without JavaScript the stored value comes back with the page.
            <Link to={SETTINGS_PATH} preventScrollReset className={secondaryButton}>
              Reset
            </Link>
          )
        ) : null}
        {setting ? (
          <button
            type="submit"
            form={TEST_FORM_ID}
            disabled={!storedValue || sending}
            aria-busy={sending || undefined}
            className={`${secondaryButton} ${buttonState(sending)}`}
          >
            {sending ? "Sending..." : "Send Test Email"}
          </button>
        ) : null}
      </div>

      <section aria-labelledby="current-setting" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        <h3 id="current-setting" className="font-semibold text-slate-800">
          Current setting
        </h3>
        <p className="mt-1 break-all text-slate-900">{storedValue || "Not configured"}</p>
        {setting?.updatedBy ? (
          <p className="mt-1 text-slate-600">
            Last updated by <span className="break-all">{setting.updatedBy}</span> on {formatDateTime(setting.updatedAt)}
          </p>
        ) : null}
      </section>
    </div>
  );
}
