/**
 * Dates in the back office: the company's time zone (America/Chicago) whatever the
 * server's or the reader's, so the server render and the browser agree.
 */
const TIME_ZONE = "America/Chicago";

const dateFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

export function formatDate(value: Date | string | number): string {
  return dateFormat.format(new Date(value));
}

export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(new Date(value));
}
