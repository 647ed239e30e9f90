import { isVisitingHours, type VisitingHours } from "~/models/visiting-hours";

/**
 * The Settings tab's visiting hours form (English, like the back office): the days of the
 * week as checkboxes (`weekday0` Sunday to `weekday6` Saturday: a form posts each name
 * once, form-body.server.ts), the first hour (`from`) and the
 * hour the last visit ends by (`to`). Not a .server module: the tab shows its texts.
 */

export const VISITING_HOURS_INTENT = "visiting-hours";

export const VISITING_HOURS_MESSAGES = {
  updated: "Visiting hours updated",
  invalid: "Choose at least one day, and a first hour before the last",
} as const;

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

/** "9:00" for the hour selects (24-hour, as the office reads a schedule). */
export const hourLabel = (hour: number) => `${hour}:00`;
