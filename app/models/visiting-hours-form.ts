import { isVisitingHours, visitHourLabel, type VisitingHours } from "~/models/visiting-hours";

/**
 * The Settings tab's visiting hours form (English, like the back office): the days of the
 * week as checkboxes (`weekday0` Sunday to `weekday6` Saturday: a form posts each name
 * once, form-body.server.ts), the first hour (`from`) and the
 * hour the last visit ends by (`to`). Not a .server module: the tab shows its texts.
 */

export const VISITING_HOURS_INTENT = "visiting-hours";

/** "Visits at the same time across homes": how many homes the office can show at one hour. */
export const VISITS_AT_ONCE_FIELD = "visitsAtOnce";
export const MAX_VISITS_AT_ONCE = 20;

/** "Remind the office of an enquiry with no reply after": business hours, 1 to 40 (a working week). */
export const ENQUIRY_REMINDER_FIELD = "enquiryReminderHours";
export const MAX_ENQUIRY_REMINDER_HOURS = 40;

export const VISITING_HOURS_MESSAGES = {
  updated: "Visiting hours updated",
  invalid: "Choose at least one day, and a first hour before the last",
  invalidAtOnce: `Visits at the same time across homes must be a whole number from 1 to ${MAX_VISITS_AT_ONCE}`,
  invalidReminderHour: "Choose the hour reminders go out, from 12:00 AM to 11:00 PM",
  invalidEnquiryReminder: `Remind the office after a whole number of business hours from 1 to ${MAX_ENQUIRY_REMINDER_HOURS}`,
} as const;


/**
 * The form's "Visits at the same time across homes": the number, "unchanged" when the
 * post does not have the field (a page drawn before it existed), null when it is not a
 * whole number from 1 to 20.
 */
export function visitsAtOnceFromForm(form: FormData): number | "unchanged" | null {
  return wholeNumberFromForm(form, VISITS_AT_ONCE_FIELD, MAX_VISITS_AT_ONCE);
}

/** The form's business hours before the office is reminded of an enquiry, read as "Visits at the same time" is. */
export function enquiryReminderHoursFromForm(form: FormData): number | "unchanged" | null {
  return wholeNumberFromForm(form, ENQUIRY_REMINDER_FIELD, MAX_ENQUIRY_REMINDER_HOURS);
}

function wholeNumberFromForm(form: FormData, name: string, most: number): number | "unchanged" | null {
  const field = form.get(name);
  if (field === null) return "unchanged";
  const value = String(field).trim();
  if (!/^\d{1,2}$/.test(value)) return null;
  const count = Number(value);
  return count >= 1 && count <= most ? count : null;
}

/** "Reminders the day before, from": the hour (0 to 23, Central Time) a visit's reminders go out the day before. */
export const REMINDER_HOUR_FIELD = "reminderHour";

/** The form's reminder hour: "unchanged" when the post does not have the field, null when it is not an hour. */
export function reminderHourFromForm(form: FormData): number | "unchanged" | null {
  const field = form.get(REMINDER_HOUR_FIELD);
  if (field === null) return "unchanged";
  const value = String(field).trim();
  return /^\d{1,2}$/.test(value) && Number(value) <= 23 ? Number(value) : null;
}

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A day's checkbox name, 0 Sunday to 6 Saturday. */
export const weekdayField = (day: number) => `weekday${day}`;

/** The form's values as a setting, or null when they do not make one. */
export function visitingHoursFromForm(form: FormData): VisitingHours | null {
  const days = WEEKDAYS.map((_, day) => day).filter((day) => form.get(weekdayField(day)) !== null);
  const hour = (name: string) => {
    const value = String(form.get(name) ?? "");
    return /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  };
  const hours = { days, from: hour("from"), to: hour("to") };
  return isVisitingHours(hours) ? hours : null;
}

/** An hour of the selects as the office reads a clock: "9:00 AM", "5:00 PM"; 24, the day's end, "12:00 AM (midnight)". */
export const hourLabel = (hour: number) => (hour === 24 ? "12:00 AM (midnight)" : visitHourLabel(hour, "en"));
