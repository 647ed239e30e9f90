import { db } from "~/db/client.server";
import { getConfiguration, saveSetting } from "~/models/configurations.server";
import { DEFAULT_VISITING_HOURS, isVisitingHours, type VisitingHours } from "~/models/visiting-hours";

/**
 * The visiting hours setting (configurations, key visiting_hours, a JSON value
 * {days, from, to}): edited on the Settings tab; while it is absent or unreadable the
 * default applies (Monday to Saturday, 9:00 to 17:00, America/Chicago).
 */

export const VISITING_HOURS_KEY = "visiting_hours";
const VISITING_HOURS_DESCRIPTION = "Days and hours (America/Chicago) when visitors may ask to see a home";

type Reader = Pick<ReturnType<typeof db>, "select">;

export function visitingHours(reader: Reader = db()): VisitingHours {
  const value = getConfiguration(VISITING_HOURS_KEY, reader)?.value;
  if (!value) return DEFAULT_VISITING_HOURS;
  try {
    const parsed: unknown = JSON.parse(value);
    return isVisitingHours(parsed) ? { ...parsed, days: [...parsed.days].sort() } : DEFAULT_VISITING_HOURS;
  } catch {
    return DEFAULT_VISITING_HOURS;
  }
}

/** The Settings tab's "Update visiting hours", with its change log entry. */
export function saveVisitingHours(hours: VisitingHours, updatedBy: string): VisitingHours {
  const value = JSON.stringify({ days: [...hours.days].sort(), from: hours.from, to: hours.to });
  saveSetting({ key: VISITING_HOURS_KEY, value, description: VISITING_HOURS_DESCRIPTION }, updatedBy);
  return visitingHours();
}
