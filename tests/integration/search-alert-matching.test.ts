import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, setDatabase, type AppDatabase } from "~/db/client.server";
import { properties } from "~/db/schema";
import { browseFilter, homeMatcher } from "~/models/browse-filter.server";
import { NO_FILTERS, type BrowseFilters } from "~/models/browse-query";
import { alertReason } from "~/models/search-alert-matching.server";

// Search alerts match a home against many searches one group of filters at a time
// (homeMatcher); the list applies the whole search at once (browseFilter). Both must say
// the same for every home and every search, or an alert would promise homes the list
// does not show.

let dir: string;
let database: AppDatabase;

type Home = Pick<typeof properties.$inferInsert, "name" | "location" | "latitude" | "longitude" | "priceAmount" | "priceKind" | "bedsCount" | "bathsCount" | "isActive" | "status" | "availableOn" | "listingType" | "pets" | "homeType" | "seniorCommunity">;

const HOMES: Home[] = [
  { name: "Oak Hollow, Lot 14", location: "Fort Worth, TX", latitude: 32.7254, longitude: -97.4267, priceAmount: 1150, priceKind: "rent", bedsCount: 3, bathsCount: 2, isActive: true, status: "available", listingType: "rent", pets: "dogs", homeType: "double_wide" },
  { name: "Cedar Ridge, Home 7", location: "Denton, TX", latitude: 33.2148, longitude: -97.1331, priceAmount: 64_500, priceKind: "sale", bedsCount: 2, bathsCount: 1, isActive: true, status: "pending", listingType: "owner_finance", homeType: "single_wide", seniorCommunity: true },
  { name: "Casa Peñasco", location: "Álamo Heights, TX", latitude: 29.4846, longitude: -98.4653, priceAmount: 795, priceKind: "rent", bedsCount: 0, bathsCount: 1, isActive: true, status: "coming_soon", availableOn: "2027-02-01", listingType: "rent_to_own", pets: "cats_and_dogs" },
  { name: "Call-for-price Cottage", location: "Waco, TX", priceAmount: null, priceKind: null, bedsCount: null, bathsCount: null, isActive: true, status: "available", pets: "cats", seniorCommunity: false },
  { name: "Pecan Grove, Lot 3", location: "Tyler, TX", latitude: 32.3513, longitude: -95.3011, priceAmount: 1500, priceKind: "rent", bedsCount: 4, bathsCount: 3, isActive: true, status: "coming_soon", availableOn: "2099-01-01", homeType: "double_wide", seniorCommunity: true },
  { name: "Switched-off Place", location: "Denton, TX", priceAmount: 900, priceKind: "rent", bedsCount: 2, bathsCount: 1, isActive: false, status: "rented", pets: "dogs" },
];

/** Every combination of a few values of each filter: 6 × 3 × 5 × 5 × 3 × 3 = 4,050 searches. */
function searches(): BrowseFilters[] {
  const all: BrowseFilters[] = [];
  for (const q of ["", "denton", "PEÑASCO", "álamo", "lot", "zzz"])
    for (const kind of [null, "rent", "sale"] as const)
      for (const minPrice of [null, 0, 800, 1200, 70_000])
        for (const maxPrice of [null, 800, 1150, 1500, 100])
          for (const beds of [null, 2, 4])
            for (const baths of [null, 1, 3]) all.push({ ...NO_FILTERS, q, kind, minPrice, maxPrice, beds, baths });
  return all;
}

/** The facts' filters, every combination of a few values: 5 × 3 × 3 × 2 × 3 = 270 searches. */
function factSearches(): BrowseFilters[] {
  const all: BrowseFilters[] = [];
  for (const kind of [null, "rent", "sale", "rent_to_own", "owner_finance"] as const)
    for (const pets of [null, "cats", "dogs"] as const)
      for (const homeType of [null, "double_wide", "single_wide"] as const)
        for (const senior of [false, true])
          for (const availableBy of [null, "2027-03-01", "2026-01-01"]) all.push({ ...NO_FILTERS, kind, pets, homeType, senior, availableBy });
  return all;
}

/** Places and every distance, alone and with a price: 3 × 5 × 2 = 30 searches. */
function placeSearches(): BrowseFilters[] {
  const all: BrowseFilters[] = [];
  for (const near of [
    { name: "Fort Worth, TX", latitude: 32.7714, longitude: -97.2915 },
    { name: "Denton, TX", latitude: 33.2148, longitude: -97.1331 },
    { name: "Dallas, TX", latitude: 32.7767, longitude: -96.797 },
  ])
    for (const within of [5, 10, 25, 50, "any"] as const)
      for (const maxPrice of [null, 1200]) all.push({ ...NO_FILTERS, near, within, maxPrice });
  return all;
}

let ids: number[] = [];

beforeAll(() => {
  process.env.SESSION_SECRET ??= "search-alert-matching-test-secret";
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "search-alert-matching-"));
  database = openDatabase(path.join(dir, "app.db"));
  migrateDatabase(database);
  setDatabase(database);
  ids = HOMES.map(
    (home) =>
      database
        .insert(properties)
        .values({ ...home, price: "text", imageUrl: "/images/placeholder.svg", beds: "", baths: "", sqft: "", description: "" })
        .returning({ id: properties.id })
        .get().id,
  );
});
afterAll(() => {
  setDatabase(undefined);
  database.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("matching a home group by group", () => {
  /** For each home, homeMatcher's answer to each search is the list's. */
  function expectAgreement(all: BrowseFilters[]) {
    for (const id of ids) {
      const matches = homeMatcher(id);
      for (const filters of all) {
        const listed = database.select({ id: properties.id }).from(properties).where(and(eq(properties.id, id), browseFilter(filters))).get() !== undefined;
        expect(matches(filters), `home ${id}, ${JSON.stringify(filters)}`).toBe(listed);
      }
    }
  }

  it("agrees with the list's whole condition for every home and every search", () => {
    expectAgreement(searches());
  });

  it("agrees with it on the facts' filters too: pets, home type, 55+, the day one can move in, every way of paying", () => {
    const all = factSearches();
    expectAgreement(all);
    // Some of them match: the check is no comparison of two empty answers.
    expect(all.filter(homeMatcher(ids[0])).length).toBeGreaterThan(10);
  });

  it("agrees with it near a place, at every distance: homes without coordinates only at any distance", () => {
    const all = placeSearches();
    expectAgreement(all);
    // Oak Hollow is 8.5 miles from Fort Worth's centre: within 10, not within 5.
    const oak = homeMatcher(ids[0]);
    expect(all.filter(oak).map((filters) => `${filters.near?.name} ${filters.within}`)).toEqual(
      expect.arrayContaining(["Fort Worth, TX 10", "Fort Worth, TX 25", "Fort Worth, TX any", "Dallas, TX 50"]),
    );
    expect(oak({ ...NO_FILTERS, near: all[0].near, within: 5 })).toBe(false);
    // The call-for-price home has no coordinates.
    expect(all.filter(homeMatcher(ids[3])).every((filters) => filters.within === "any")).toBe(true);
  });

  it("narrows by a latitude band the index serves before the exact distance", () => {
    const query = database
      .select({ id: properties.id })
      .from(properties)
      .where(browseFilter({ ...NO_FILTERS, near: { name: "Fort Worth, TX", latitude: 32.7714, longitude: -97.2915 }, within: 25 }))
      .toSQL();
    const plan = database.$client.prepare(`explain query plan ${query.sql}`).all(...query.params) as { detail: string }[];
    expect(plan.map((step) => step.detail).join("\n")).toMatch(/USING INDEX properties_active_latitude_idx \(is_active=\? AND latitude>\? AND latitude<\?\)/);
  });

  it("matches an active home to some searches and an inactive one to none", () => {
    const all = searches();
    expect(all.filter(homeMatcher(ids[0])).length).toBeGreaterThan(0);
    expect(all.filter(homeMatcher(ids[5]))).toEqual([]);
  });
});

describe("what is news to a search", () => {
  const active = (priceAmount: number | null) => ({ isActive: true, priceAmount });
  const inactive = (priceAmount: number | null) => ({ isActive: false, priceAmount });

  it("a home added active, or switched on, is new; added or left inactive it is nothing", () => {
    expect(alertReason(null, active(900))).toBe("new");
    expect(alertReason(inactive(900), active(900))).toBe("new");
    expect(alertReason(null, inactive(900))).toBeNull();
    expect(alertReason(active(900), inactive(800))).toBeNull();
  });

  it("an active home's lower price is a drop; a higher or unread price is nothing", () => {
    expect(alertReason(active(900), active(850))).toBe("price_drop");
    expect(alertReason(active(900), active(950))).toBeNull();
    expect(alertReason(active(900), active(900))).toBeNull();
    expect(alertReason(active(null), active(850))).toBeNull();
    expect(alertReason(active(900), active(null))).toBeNull();
  });
});
