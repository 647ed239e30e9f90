import { and, asc, eq, gt } from "drizzle-orm";
import { db, withoutBusyWait, writeTransaction, type AppDatabase } from "~/db/client.server";
import { searchAlertChecks, searchAlertMatches, searchAlerts, type Property, type SearchAlert } from "~/db/schema";
import { homeMatcher } from "~/models/browse-filter.server";
import type { BrowseFilters, NearPlace, WithinMiles } from "~/models/browse-query";
import { browseText } from "~/models/browse-query.server";
import { kickAlertDigests } from "~/models/search-alert-wake.server";
import { timeSlices } from "~/utils/time-slices";

/**
 * Which followed searches a home has just joined (docs/product.md, search alerts): a home
 * the public can now see (added active, or switched on), or an active home whose price
 * went down. The save notes it (search_alert_checks); the matching runs after, off the
 * request, and the matches wait in search_alert_matches for the next digest.
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

/** The columns of an alert's search, all that filtersOfAlert reads. */
const ALERT_SEARCH_COLUMNS = {
  q: searchAlerts.q,
  nearName: searchAlerts.nearName,
  nearLatitude: searchAlerts.nearLatitude,
  nearLongitude: searchAlerts.nearLongitude,
  withinMiles: searchAlerts.withinMiles,
  kind: searchAlerts.kind,
  minPrice: searchAlerts.minPrice,
  maxPrice: searchAlerts.maxPrice,
  beds: searchAlerts.beds,
  baths: searchAlerts.baths,
  pets: searchAlerts.pets,
  homeType: searchAlerts.homeType,
  senior: searchAlerts.senior,
  availableBy: searchAlerts.availableBy,
};
export type AlertSearch = Pick<SearchAlert, keyof typeof ALERT_SEARCH_COLUMNS>;

/** The alert's search; its text as one clean line, whenever it was stored (browseText). */
export function filtersOfAlert(alert: AlertSearch): BrowseFilters {
  const { kind, minPrice, maxPrice, beds, baths, pets, homeType, senior, availableBy } = alert;
  const near = nearOfAlert(alert);
  return { q: browseText(alert.q), near, within: near ? ((alert.withinMiles as WithinMiles | null) ?? "any") : null, kind, minPrice, maxPrice, beds, baths, pets, homeType, senior, availableBy };
}

/** The place an alert follows, as read when it was asked for (a later reading of its name may differ). */
function nearOfAlert(alert: Pick<SearchAlert, "nearName" | "nearLatitude" | "nearLongitude">): NearPlace | null {
  const { nearName: name, nearLatitude: latitude, nearLongitude: longitude } = alert;
  return name !== null && latitude !== null && longitude !== null ? { name, latitude, longitude } : null;
}

/** A search as an alert's columns (filtersOfAlert reads them back): the place as its name and coordinates. */
export function alertColumnsOf({ near, within, ...filters }: BrowseFilters) {
  return {
    ...filters,
    nearName: near?.name ?? null,
    nearLatitude: near?.latitude ?? null,
    nearLongitude: near?.longitude ?? null,
    withinMiles: near && within !== "any" ? within : null,
  };
}

// Background work gives the thread back to requests after this long at most (a /healthz
// asked meanwhile waits about that long, whatever the number of alerts).
export const BACKGROUND_SLICE_MS = 5;
// Alerts read and matched a step: well under a slice on a quiet machine.
const ALERTS_PER_STEP = 250;
// Four values a row: well within SQLite's 32,766 parameters.
const ROWS_PER_INSERT = 500;

type Executor = Pick<AppDatabase, "insert">;

/**
 * Notes, in the transaction that saved the home, that it is news to the searches it
 * matches; the matching runs after the commit, off the request (runAlertChecks), so a
 * publish costs the same with ten alerts or twenty thousand.
 */
export function queueAlertCheck(propertyId: number, reason: AlertReason, executor: Executor = db()) {
  executor.insert(searchAlertChecks).values({ propertyId, reason }).run();
  // Asynchronous: inside a transaction the round only looks after the commit.
  kickAlertDigests();
}

/** One step's matches, in a transaction of their own. */
function recordMatches(propertyId: number, reason: AlertReason, alertIds: number[]) {
  const matchedAt = new Date();
  // Background work never waits for another connection's lock on the server's one
  // thread: a busy database fails the round, and the next round matches the home again.
  withoutBusyWait(() =>
    writeTransaction((tx) => {
      for (let start = 0; start < alertIds.length; start += ROWS_PER_INSERT) {
        tx.insert(searchAlertMatches)
          .values(alertIds.slice(start, start + ROWS_PER_INSERT).map((alertId) => ({ alertId, propertyId, reason, matchedAt })))
          .onConflictDoNothing()
          .run();
      }
    }),
  );
}

/**
 * Records the home for every confirmed alert whose search shows it now, a step of alerts
 * at a time, giving the thread back to requests every few milliseconds. A home already waiting for an alert keeps its first
 * reason: listed, then cheaper before the mail, is still news as a new home. Returns
 * how many alerts it matched.
 */
export async function matchHomeToAlerts(propertyId: number, reason: AlertReason): Promise<number> {
  const slices = timeSlices(BACKGROUND_SLICE_MS);
  const matches = homeMatcher(propertyId);
  let after = 0;
  let matched = 0;
  for (;;) {
    const step = db()
      .select({
        id: searchAlerts.id,
        ...ALERT_SEARCH_COLUMNS,
      })
      .from(searchAlerts)
      .where(and(eq(searchAlerts.status, "confirmed"), gt(searchAlerts.id, after)))
      .orderBy(asc(searchAlerts.id))
      .limit(ALERTS_PER_STEP)
      .all();
    if (!step.length) return matched;
    after = step[step.length - 1].id;
    const alertIds = step.filter((alert) => matches(filtersOfAlert(alert))).map((alert) => alert.id);
    if (alertIds.length) recordMatches(propertyId, reason, alertIds);
    matched += alertIds.length;
    await slices.pause();
  }
}

/**
 * Works through the homes waiting to be matched, oldest first; each leaves the queue once
 * its matches are written (a crash in between matches it again, which adds nothing twice).
 * Returns how many matches were recorded.
 */
export async function runAlertChecks(): Promise<number> {
  let matched = 0;
  for (;;) {
    const check = db().select().from(searchAlertChecks).orderBy(asc(searchAlertChecks.id)).limit(1).get();
    if (!check) return matched;
    matched += await matchHomeToAlerts(check.propertyId, check.reason);
    withoutBusyWait(() => db().delete(searchAlertChecks).where(eq(searchAlertChecks.id, check.id)).run());
  }
}
