import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, setDatabase, type AppDatabase } from "~/db/client.server";
import { properties } from "~/db/schema";
import { factsOf, incompleteFactsSql } from "~/models/home-facts.server";
import { missingFacts } from "~/models/home-facts";
import { roomAndPriceReadings } from "~/models/properties.server";
import { DEMO_PROPERTIES } from "~/seed/demo-content";

/**
 * docs/product.md, "Facts of a home": a site stored before homes had facts gets them from
 * its texts when it is migrated. Today's demo data is written as the site stored it before
 * the facts (the migrations up to 0012 and the seed's columns), then the migrations run
 * on: every demo home gets the facts its texts name, the rest none.
 */

const MIGRATIONS = fileURLToPath(new URL("../../app/db/migrations", import.meta.url));
const FACTS_MIGRATION = "0013_home_facts";

let dir: string;
let database: AppDatabase;

/** The migrations folder as it was before the facts: its journal ends before FACTS_MIGRATION. */
function migrationsBeforeFacts(): string {
  const folder = path.join(dir, "migrations-before-facts");
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === FACTS_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(() => {
  process.env.SESSION_SECRET ??= "home-facts-migration-test-secret";
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "home-facts-migration-"));
  const file = path.join(dir, "app.db");
  // The site before the facts, with the demo homes as its seed stored them.
  const before = new Database(file);
  migrate(drizzle(before), { migrationsFolder: migrationsBeforeFacts() });
  const insert = before.prepare(
    `insert into properties (name, location, latitude, longitude, price, price_spanish, price_amount, price_kind, image_url, application_url,
       beds, baths, sqft, beds_count, baths_count, description, description_spanish, is_active, first_published_at)
     values (@name, @location, @latitude, @longitude, @price, @priceSpanish, @priceAmount, @priceKind, '/objects/demo/home-1.webp', @applicationUrl,
       @beds, @baths, @sqft, @bedsCount, @bathsCount, @description, @descriptionSpanish, @isActive, 1)`,
  );
  for (const home of DEMO_PROPERTIES) insert.run({ ...home, ...roomAndPriceReadings(home), isActive: home.isActive ? 1 : 0 });
  expect(before.prepare("select count(*) as n from pragma_table_info('properties') where name = 'status'").get()).toEqual({ n: 0 });
  before.close();

  database = openDatabase(file);
  migrateDatabase(database);
  setDatabase(database);
});

afterAll(() => {
  setDatabase(undefined);
  database.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What each demo home's texts name, in DEMO_PROPERTIES' order. */
const EXPECTED = [
  { status: "available", listingType: "rent", priceAmount: 1150, pricePeriod: "month", bedrooms: 3, bathrooms: 2, squareFeet: 1216 },
  { status: "available", listingType: "sale", priceAmount: 89_900, pricePeriod: "total", bedrooms: 2, bathrooms: 2, squareFeet: 1200 },
  { status: "available", listingType: "rent", priceAmount: 795, pricePeriod: "month", bedrooms: 0, bathrooms: 1, squareFeet: 480 },
  { status: "available", listingType: "rent", priceAmount: 1295, pricePeriod: "month", bedrooms: 4, bathrooms: 2, squareFeet: 1680 },
  { status: "available", listingType: "sale", priceAmount: 64_500, pricePeriod: "total", bedrooms: 3, bathrooms: 2, squareFeet: 1056 },
  { status: "available", listingType: "rent", priceAmount: 1050, pricePeriod: "month", bedrooms: 2, bathrooms: 1.5, squareFeet: 924 },
  { status: "off_market", listingType: "rent", priceAmount: 1175, pricePeriod: "month", bedrooms: 3, bathrooms: 2, squareFeet: 1344 },
];

const NONE = {
  availableOn: null,
  depositAmount: null,
  applicationFee: null,
  lotRentMonthly: null,
  lotRentIncludes: null,
  lotRentIncludesSpanish: null,
  otherMonthlyFees: null,
  otherMonthlyFeesNote: null,
  otherMonthlyFeesNoteSpanish: null,
  utilitiesIncluded: [],
  homeType: null,
  yearBuilt: null,
  make: null,
  model: null,
  pets: null,
  petsNote: null,
  petsNoteSpanish: null,
  community: null,
  seniorCommunity: null,
  streetAddress: null,
  streetAddressPublic: false,
  tourUrl: null,
};

describe("the migration that gives today's homes their facts", () => {
  it("covers every demo home", () => {
    expect(EXPECTED).toHaveLength(DEMO_PROPERTIES.length);
  });

  it.each(DEMO_PROPERTIES.map((home, index) => [home.name, index] as const))("%s gets the facts its texts name, the rest none", (_name, index) => {
    const rows = database.select().from(properties).orderBy(properties.id).all();
    expect(factsOf(rows[index])).toEqual({ ...NONE, ...EXPECTED[index] });
    // isActive keeps meaning "shown on the public site".
    expect(rows[index].isActive).toBe(DEMO_PROPERTIES[index].isActive);
  });
});

describe("the homes whose facts are incomplete", () => {
  it("are the same read as SQL (the Overview, the Properties tab) and one by one (the form)", () => {
    const base = database.select().from(properties).orderBy(properties.id).get()!;
    const { id: _id, ...copy } = base;
    // Each variant lacks one fact, or none.
    const variants = [
      { homeType: "double_wide", pets: "dogs" },
      { homeType: "double_wide", pets: null },
      { homeType: "double_wide", pets: null, listingType: "sale" },
      { homeType: null, pets: "cats" },
      { homeType: "modular", pets: "none", status: "coming_soon", availableOn: null },
      { homeType: "modular", pets: "none", status: "coming_soon", availableOn: "2027-03-01" },
      { homeType: "modular", pets: "none", squareFeet: null },
      { homeType: "modular", pets: "none", bedsCount: null },
      { homeType: "modular", pets: "none", priceAmount: null },
      { homeType: "modular", pets: "none", listingType: null },
    ] as const;
    for (const variant of variants) database.insert(properties).values({ ...copy, ...variant }).run();
    const all = database.select().from(properties).all();
    const incomplete = new Set(database.select({ id: properties.id }).from(properties).where(incompleteFactsSql).all().map((row) => row.id));
    for (const row of all) expect({ id: row.id, incomplete: incomplete.has(row.id) }).toEqual({ id: row.id, incomplete: missingFacts(factsOf(row)).length > 0 });
    // Among them, complete ones and incomplete ones alike.
    expect(incomplete.size).toBeGreaterThan(0);
    expect(incomplete.size).toBeLessThan(all.length);
  });
});
