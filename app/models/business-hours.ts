import { officeDay, officeDayStart, slotTime, type VisitingHours } from "~/models/visiting-hours";

const HOUR_MS = 3_600_000;
/** How far ahead an office whose hours are few is searched: past it, no time is found. */
const DAYS_SEARCHED = 60;

/** The weekday (0 Sunday to 6 Saturday) of a day of the office's calendar, "2026-12-01". */
function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/**
 * The instant `businessHours` of the office's open hours have passed since `start`
 * (open hours: the visiting-hours setting's days, from its first hour to its last, in
 * the office's zone). An enquiry sent on Saturday evening to an office open Monday to
 * Friday, 9 to 5, has waited 4 business hours at 1 PM on Monday. Null when the office
 * has no open hours in the next 60 days.
 */
export function afterBusinessHours(start: number, hours: VisitingHours, businessHours: number): number | null {
  let remaining = businessHours * HOUR_MS;
  for (let offset = 0; offset <= DAYS_SEARCHED; offset++) {
    const day = officeDay(start, offset);
    if (!hours.days.includes(weekdayOf(day))) continue;
    const open = slotTime(day, hours.from);
    const close = hours.to >= 24 ? officeDayStart(officeDay(start, offset + 1)) : slotTime(day, hours.to);
    if (open === null || close === null) continue;
    const from = Math.max(open, start);
    if (from >= close) continue;
    if (close - from >= remaining) return from + remaining;
    remaining -= close - from;
  }
  return null;
}
