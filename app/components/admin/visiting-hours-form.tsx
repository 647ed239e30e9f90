import { Form, useNavigation } from "react-router";
import { FIELD_CLASS } from "~/components/ui/control-styles";
import { WholeNumberField } from "./whole-number-field";
import { SaveButton } from "~/components/ui/save-button";
import type { VisitingHours } from "~/models/visiting-hours";
import { ENQUIRY_REMINDER_FIELD, hourLabel, MAX_ENQUIRY_REMINDER_HOURS, MAX_VISITS_AT_ONCE, REMINDER_HOUR_FIELD, VISITING_HOURS_INTENT, VISITS_AT_ONCE_FIELD, WEEKDAYS, weekdayField } from "~/models/visiting-hours-form";

const HOURS = Array.from({ length: 25 }, (_, hour) => hour);

/** An hour select's options, "9:00". */
function HourOptions({ hours }: { hours: number[] }) {
  return hours.map((hour) => (
    <option key={hour} value={hour}>
      {hourLabel(hour)}
    </option>
  ));
}

/**
 * The visiting hours (docs/product.md, visit requests): the days visitors may ask for
 * and the hours, in Central Time; visits start on the hour from the first hour up to an
 * hour before the last. A plain form: a redirect with a toast, with or without JavaScript.
 */
export function VisitingHoursForm({
  hours,
  atOnce,
  reminderHour,
  enquiryReminder,
  action,
}: {
  hours: VisitingHours;
  atOnce: number;
  reminderHour: number;
  enquiryReminder: number;
  action: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === VISITING_HOURS_INTENT;
  return (
    <section aria-labelledby="visiting-hours-title" className="space-y-3 border-t border-slate-200 p-5">
      <h3 id="visiting-hours-title" className="text-lg font-semibold text-slate-900">
        Visiting hours
      </h3>
      <p className="text-sm text-slate-600">
        The times visitors may ask to see a home, in Central Time, from tomorrow up to 21 days ahead, one visit an hour. A confirmed visit takes its hour off
        its home's times, and off every home's once the office shows as many homes at that hour as it can.
      </p>
      <Form method="post" action={action} preventScrollReset className="max-w-xl space-y-4">
        <input type="hidden" name="intent" value={VISITING_HOURS_INTENT} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Days</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {WEEKDAYS.map((name, day) => (
              <label key={name} className="flex min-h-6 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name={weekdayField(day)} defaultChecked={hours.days.includes(day)} className="h-4 w-4" />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid max-w-sm grid-cols-2 gap-3">
          <label className="block text-sm font-medium text-slate-800">
            From
            <select name="from" defaultValue={String(hours.from)} className={`${FIELD_CLASS} h-11`}>
              <HourOptions hours={HOURS.slice(0, 24)} />
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-800">
            To
            <select name="to" defaultValue={String(hours.to)} className={`${FIELD_CLASS} h-11`}>
              <HourOptions hours={HOURS.slice(1)} />
            </select>
          </label>
        </div>
        <WholeNumberField
          label="Visits at the same time across homes"
          name={VISITS_AT_ONCE_FIELD}
          max={MAX_VISITS_AT_ONCE}
          value={atOnce}
          describedBy="visits-at-once-hint"
          hint="1: the office shows one home at a time."
          className="max-w-sm"
        />
        <label className="block max-w-sm text-sm font-medium text-slate-800">
          Reminders the day before, from
          <span id="reminder-hour-hint" className="block text-xs font-normal text-slate-600">
            Central Time. Each visitor of the next day gets a reminder, and the office the day&apos;s visits in one e-mail.
          </span>
          <select name={REMINDER_HOUR_FIELD} defaultValue={String(reminderHour)} aria-describedby="reminder-hour-hint" className={`${FIELD_CLASS} h-11`}>
            <HourOptions hours={HOURS.slice(0, 24)} />
          </select>
        </label>
        <WholeNumberField
          label="Remind the office of an enquiry with no reply after (business hours)"
          name={ENQUIRY_REMINDER_FIELD}
          max={MAX_ENQUIRY_REMINDER_HOURS}
          value={enquiryReminder}
          describedBy="enquiry-reminder-hint"
          hint="Counted in the hours above. An enquiry still new after them mails the office once."
          className="max-w-sm"
        />
        <SaveButton saving={saving} label="Update visiting hours" savingLabel="Updating..." />
      </Form>
    </section>
  );
}
