import { TZDate } from "@date-fns/tz";
import type { Language } from "~/utils/locale";

/**
 * The office's visiting hours and the times a visitor may ask for (docs/product.md,
 * visit requests): hourly slots on the chosen days of the week, in the office's time
 * zone whatever the server's or the visitor's, from tomorrow up to 21 days ahead.
 * Pure (no database): the setting is read by visiting-hours.server.ts.
 */

export const VISIT_TIME_ZONE = "America/Chicago";
export const VISIT_DAYS_AHEAD = 21;
/** A visit lasts an hour: the calendar event's length. */
export const VISIT_LENGTH_MS = 60 * 60_000;
export const MAX_VISIT_TIMES = 3;

/** Days of the week as Date.getDay() counts them: 0 Sunday ... 6 Saturday. */
export type VisitingHours = { days: number[]; from: number; to: number };

export const DEFAULT_VISITING_HOURS: VisitingHours = { days: [1, 2, 3, 4, 5, 6], from: 9, to: 17 };

/** Whether a value is a usable setting: some days, whole hours with `from` before `to`. */
export function isVisitingHours(value: unknown): value is VisitingHours {
  if (typeof value !== "object" || value === null) return false;
  const { days, from, to } = value as Record<string, unknown>;
  return (
    Array.isArray(days) &&
    days.length > 0 &&
    days.every((day) => Number.isInteger(day) && (day as number) >= 0 && (day as number) <= 6) &&
    new Set(days).size === days.length &&
    Number.isInteger(from) &&
    Number.isInteger(to) &&
    (from as number) >= 0 &&
    (to as number) <= 24 &&
    (from as number) < (to as number)
  );
}

/** The hours a slot may start at: `from` up to the last whole hour before `to`. */
export function slotHours(hours: VisitingHours): number[] {
  return Array.from({ length: hours.to - hours.from }, (_, index) => hours.from + index);
}

/** A day in the office's calendar, "2026-12-01". */
export type VisitDay = string;

const two = (value: number) => String(value).padStart(2, "0");

function dayKey(date: TZDate): VisitDay {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * The time a day and hour name in the office's zone, or null when that hour does not
 * exist there (the hour skipped when daylight saving time starts).
 */
export function slotTime(day: VisitDay, hour: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match || !Number.isInteger(hour) || hour < 0 || hour > 23) return null;
  const date = new TZDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, 0, 0, VISIT_TIME_ZONE);
  return dayKey(date) === day && date.getHours() === hour ? date.getTime() : null;
}

/** Noon of the office's day `offset` days after `now`'s: noon, never a missing or repeated hour, whatever the date. */
function officeNoon(now: number, offset: number): TZDate {
  const today = new TZDate(now, VISIT_TIME_ZONE);
  return new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, 0, 0, VISIT_TIME_ZONE);
}

/** The office's day `offset` days after `now`'s (0: today there). */
export function officeDay(now: number, offset = 0): VisitDay {
  return dayKey(officeNoon(now, offset));
}

/** The first instant of an office day: its midnight, or 1:00 on a day whose midnight does not exist. */
export function officeDayStart(day: VisitDay): number | null {
  return slotTime(day, 0) ?? slotTime(day, 1);
}

/** The hour it is at the office (0–23). */
export function officeHour(now: number): number {
  return new TZDate(now, VISIT_TIME_ZONE).getHours();
}

/** The days slots may fall on: tomorrow (in the office's zone) up to VISIT_DAYS_AHEAD days from today, on the chosen weekdays. */
export function visitDays(hours: VisitingHours, now: number = Date.now()): VisitDay[] {
  const days: VisitDay[] = [];
  for (let offset = 1; offset <= VISIT_DAYS_AHEAD; offset++) {
    const date = officeNoon(now, offset);
    if (hours.days.includes(date.getDay())) days.push(dayKey(date));
  }
  return days;
}

/** A time as the form's day and hour fields name it: { day: "2026-12-01", hour: "9" }. */
export function visitChoiceOf(time: number): { day: VisitDay; hour: string } {
  const local = new TZDate(time, VISIT_TIME_ZONE);
  return { day: dayKey(local), hour: String(local.getHours()) };
}

/** Every time a visitor may ask for, in order (epoch milliseconds). */
export function visitSlots(hours: VisitingHours, now: number = Date.now()): number[] {
  const slots: number[] = [];
  for (const day of visitDays(hours, now)) {
    for (const hour of slotHours(hours)) {
      const time = slotTime(day, hour);
      if (time !== null && time > now) slots.push(time);
    }
  }
  return slots;
}

/** Whether a visitor may ask for this time now: one of the slots. */
export function isOfferedSlot(time: number, hours: VisitingHours, now: number = Date.now()): boolean {
  return visitSlots(hours, now).includes(time);
}

/**
 * Whether the office may confirm a visit at this time: in the future, on a visiting day,
 * starting within the hours (any minute; the office may propose 10:30).
 */
export function isWithinVisitingHours(time: number, hours: VisitingHours, now: number = Date.now()): boolean {
  if (!Number.isFinite(time) || time <= now) return false;
  const local = new TZDate(time, VISIT_TIME_ZONE);
  return hours.days.includes(local.getDay()) && local.getHours() >= hours.from && local.getHours() < hours.to;
}

/** "2026-12-01T09:00:00.000-06:00": the office's local time with its offset. */
export function visitTimeIso(time: number): string {
  return new TZDate(time, VISIT_TIME_ZONE).toISOString();
}

/**
 * An ISO 8601 date-time with an offset (or Z) as epoch milliseconds; null for anything
 * else: a time without its offset would be read in the server's zone.
 */
export function parseOffsetDateTime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim())) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : time;
}

/** "2026-12-01T10:30" from a datetime-local field, read in the office's zone; null when not such a value or not a real time there. */
export function parseOfficeLocalDateTime(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const date = new TZDate(year, month - 1, day, hour, minute, 0, VISIT_TIME_ZONE);
  return date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hour && date.getMinutes() === minute ? date.getTime() : null;
}

const LOCALES: Record<Language, string> = { en: "en-US", es: "es-MX" };

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[language], { timeZone: VISIT_TIME_ZONE, ...options });
    formats.set(key, found);
  }
  return found;
}

/** A day as the form's day select shows it: "Tuesday, December 1" / "martes, 1 de diciembre". */
export function visitDayLabel(day: VisitDay, language: Language): string {
  const time = slotTime(day, 12) ?? Date.parse(`${day}T18:00:00Z`);
  return format(language, { weekday: "long", month: "long", day: "numeric" }).format(time);
}

/** A day as the picker's short button shows it: "Tue, Dec 1" / "mar 1 de dic". */
export function visitDayShortLabel(day: VisitDay, language: Language): string {
  const time = slotTime(day, 12) ?? Date.parse(`${day}T18:00:00Z`);
  return format(language, { weekday: "short", month: "short", day: "numeric" }).format(time);
}

/** A day with its year, as the office reads it: "Tuesday, December 1, 2026". */
export function visitDayWithYearLabel(day: VisitDay, language: Language): string {
  const time = slotTime(day, 12) ?? Date.parse(`${day}T18:00:00Z`);
  return format(language, { weekday: "long", month: "long", day: "numeric", year: "numeric" }).format(time);
}

/** The time of day of a time, at the office: "10:00 AM". */
export function visitClockLabel(time: number, language: Language): string {
  return format(language, { hour: "numeric", minute: "2-digit" }).format(time);
}

/** An hour as the form's hour select shows it: "9:00 AM" / "9:00". */
export function visitHourLabel(hour: number, language: Language): string {
  return format(language, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(Date.UTC(2000, 0, 1, hour));
}

/**
 * A time as the visitor's mails name it, its zone said once in words around it (the
 * short zone names differ by language: "CST" in English, "GMT-6" in Spanish):
 * "Tuesday, December 1, 2026 at 10:00 AM" / "martes, 1 de diciembre de 2026, 10:00 a.m.".
 */
export function visitTimeWithoutZone(time: number, language: Language): string {
  return format(language, { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" }).format(time);
}

/** A time as the office's mails and the Messages tab name it, with its zone: "Tuesday, December 1, 2026, 9:00 AM CST". */
export function visitTimeLabel(time: number, language: Language): string {
  return format(language, { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(time);
}

/** The days of the setting as words: "Monday–Saturday" for a run of 3 or more, else "Monday, Wednesday". */
export function visitingDaysLabel(days: number[], language: Language): string {
  // 4 January 1970 was a Sunday: day n of the week is 4 + n January.
  const name = (day: number) => format(language, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(1970, 0, 4 + day));
  const sorted = [...days].sort((a, b) => a - b);
  const isRun = sorted.length >= 3 && sorted.every((day, index) => index === 0 || day === sorted[index - 1] + 1);
  return isRun ? `${name(sorted[0])}–${name(sorted[sorted.length - 1])}` : sorted.map(name).join(", ");
}

/**
 * What the visit form offers: the days with a free time (long and short labels, and the
 * hours of each already booked: `free` is visit-availability's), the hours as options,
 * and the hours in words.
 */
export function visitFormChoices(hours: VisitingHours, language: Language, free: number[], now: number = Date.now()) {
  const freeChoices = free.map(visitChoiceOf);
  const freeHoursOn = (day: VisitDay) => new Set(freeChoices.filter((choice) => choice.day === day).map((choice) => choice.hour));
  const days = visitDays(hours, now).flatMap((day) => {
    const open = freeHoursOn(day);
    if (!open.size) return [];
    const booked = slotHours(hours).map(String).filter((hour) => !open.has(hour));
    return [{ value: day, label: visitDayLabel(day, language), short: visitDayShortLabel(day, language), booked }];
  });
  return {
    days,
    hours: slotHours(hours).map((hour) => ({ value: String(hour), label: visitHourLabel(hour, language) })),
    summary: visitingHoursSummary(hours, language),
  };
}

/** The visiting hours in words, as the visit form and the contact card say them: "Monday to Saturday", "9:00 AM", "5:00 PM". */
export function visitingHoursSummary(hours: VisitingHours, language: Language): { days: string; from: string; to: string } {
  return { days: visitingDaysLabel(hours.days, language), from: visitHourLabel(hours.from, language), to: visitHourLabel(hours.to % 24, language) };
}
