import { eq } from "drizzle-orm";
import { db, type AppDatabase } from "~/db/client.server";
import { searchAlertMatches, searchAlerts, type Property, type SearchAlert } from "~/db/schema";
import { homeMatcher } from "~/models/browse-filter.server";
import type { BrowseFilters } from "~/models/browse-query";
import { kickAlertDigests } from "~/models/search-alert-wake.server";

/**
 * Which followed searches a home has just joined (docs/product.md, search alerts): a home
 * the public can now see (added active, or switched on), or an active home whose price
 * went down. The matches wait in search_alert_matches for the next digest.
 */

export type AlertReason = "new" | "price_drop";

type Listed = Pick<Property, "isActive" | "priceAmount">;

/** Why a save is news to followers of a search, or null: `before` is null for a new home. */
export function alertReason(before: Listed | null, after: Listed): AlertReason | null {
  if (!after.isActive) return null;
  if (!before || !before.isActive) return "new";
  if (before.priceAmount !== null && after.priceAmount !== null && after.priceAmount < before.priceAmount) return "price_drop";
  return null;
}

export function filtersOfAlert(alert: Pick<SearchAlert, "q" | "kind" | "minPrice" | "maxPrice" | "beds" | "baths">): BrowseFilters {
  return { q: alert.q, kind: alert.kind, minPrice: alert.minPrice, maxPrice: alert.maxPrice, beds: alert.beds, baths: alert.baths };
}

/** The confirmed alerts whose search shows the home now (browseFilter, through homeMatcher). */
export function alertsMatchingHome(propertyId: number): number[] {
  const matches = homeMatcher(propertyId);
  return db()
    .select({
      id: searchAlerts.id,
      q: searchAlerts.q,
      kind: searchAlerts.kind,
      minPrice: searchAlerts.minPrice,
      maxPrice: searchAlerts.maxPrice,
      beds: searchAlerts.beds,
      baths: searchAlerts.baths,
    })
    .from(searchAlerts)
    .where(eq(searchAlerts.status, "confirmed"))
    .all()
    .filter((alert) => matches(filtersOfAlert(alert)))
    .map((alert) => alert.id);
}

type Executor = Pick<AppDatabase, "insert">;
// Four values a row: well within SQLite's 32,766 parameters.
const ROWS_PER_INSERT = 500;

/**
 * Records the home for every alert it now matches (call it in the transaction that saved
 * the home) and wakes the digests. A home already waiting for an alert keeps its first
 * reason: listed, then cheaper before the mail, is still news as a new home.
 */
export function recordAlertMatches(propertyId: number, reason: AlertReason, executor: Executor = db()): number {
  const alertIds = alertsMatchingHome(propertyId);
  const matchedAt = new Date();
  for (let start = 0; start < alertIds.length; start += ROWS_PER_INSERT) {
    executor
      .insert(searchAlertMatches)
      .values(alertIds.slice(start, start + ROWS_PER_INSERT).map((alertId) => ({ alertId, propertyId, reason, matchedAt })))
      .onConflictDoNothing()
      .run();
  }
  if (alertIds.length) kickAlertDigests();
  return alertIds.length;
}
