/**
 * The Settings tab's "Search alerts" form (English, like the back office): the most
 * confirmed search alerts the site keeps (`limit`, a whole number from 1 to 100,000).
 * Not a .server module: the tab shows its texts.
 */

export const SEARCH_ALERT_LIMIT_INTENT = "search-alert-limit";
export const SEARCH_ALERT_LIMIT_FIELD = "alertLimit";
export const MAX_SEARCH_ALERTS_LIMIT = 100_000;

export const SEARCH_ALERT_LIMIT_MESSAGES = {
  updated: "Search alert limit updated",
  invalid: `The limit must be a whole number from 1 to ${MAX_SEARCH_ALERTS_LIMIT.toLocaleString("en-US")}`,
} as const;

/** The form's value as a limit, or null when it is not one. */
export function searchAlertLimitFromForm(form: FormData): number | null {
  const value = String(form.get(SEARCH_ALERT_LIMIT_FIELD) ?? "").trim().replace(/,/g, "");
  if (!/^\d{1,6}$/.test(value)) return null;
  const limit = Number(value);
  return limit >= 1 && limit <= MAX_SEARCH_ALERTS_LIMIT ? limit : null;
}
