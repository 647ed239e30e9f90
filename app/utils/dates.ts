/**
 * Dates in the back office: the company's time zone (America/Chicago) whatever the
 * server's or the reader's, so the server render and the browser agree.
 */
const TIME_ZONE = "America/Chicago";

const dateFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

// Mail is read away from the dashboard, so its times name their zone: "Nov 26, 2026, 12:19 PM CST".
const mailDateTimeFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

export function formatMailDateTime(value: Date | string | number): string {
  return mailDateTimeFormat.format(new Date(value));
}

export function formatDate(value: Date | string | number): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(new Date(value));
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const offsetFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** Chicago's offset from UTC at a whole UTC hour, from Intl (slow: some 15 µs). */
function offsetAtHour(hour: number): number {
  const parts = Object.fromEntries(offsetFormat.formatToParts(hour * HOUR_MS).map((part) => [part.type, part.value]));
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - hour * HOUR_MS;
}

// Chicago's offset changes only on a whole UTC hour, twice a year: a UTC day whose first
// and last hours have the same offset has it throughout (two Intl calls a day seen); the
// two days of a change are looked up hour by hour. Thousands of dates then cost little.
const dayOffsets = new Map<number, number | null>();
const hourOffsets = new Map<number, number>();

function chicagoOffsetMs(time: number): number {
  const day = Math.floor(time / DAY_MS);
  let offset = dayOffsets.get(day);
  if (offset === undefined) {
    const first = offsetAtHour(day * 24);
    offset = first === offsetAtHour(day * 24 + 23) ? first : null;
    if (dayOffsets.size > 4096) dayOffsets.clear();
    dayOffsets.set(day, offset);
  }
  if (offset !== null) return offset;
  const hour = Math.floor(time / HOUR_MS);
  let hourly = hourOffsets.get(hour);
  if (hourly === undefined) {
    hourly = offsetAtHour(hour);
    if (hourOffsets.size > 4096) hourOffsets.clear();
    hourOffsets.set(hour, hourly);
  }
  return hourly;
}

const two = (value: number) => String(value).padStart(2, "0");

/**
 * "2026-06-01 10:20:00", in the company's time zone: the form spreadsheet programs read
 * as a date and time (the CSV export). Fast enough for 100,000 dates in one go.
 */
export function formatSpreadsheetDateTime(value: Date | number): string {
  const time = typeof value === "number" ? value : value.getTime();
  const local = new Date(time + chicagoOffsetMs(time));
  return (
    `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`
  );
}

/** "2026-06-01", today's date in the company's time zone by default (file names). */
export function formatIsoDate(value: Date | number = Date.now()): string {
  return formatSpreadsheetDateTime(value).slice(0, 10);
}
