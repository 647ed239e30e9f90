import type { SearchAlert } from "~/db/schema";
import { browseHref } from "~/models/browse-query";
import { filtersOfAlert } from "~/models/search-alert-matching.server";

/** The token of a search alert's link (?token=), as sent: search-alerts.server.ts checks its shape. */
export function linkToken(request: Request): string | null {
  return new URL(request.url).searchParams.get("token");
}

/** What the alert pages show of an alert: its address, its search, and the link to it. */
export function alertView(alert: SearchAlert) {
  const filters = filtersOfAlert(alert);
  return { id: alert.id, email: alert.email, filters, searchHref: browseHref({ ...filters, sort: alert.sort }) };
}
