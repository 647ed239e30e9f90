import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readListingPrice, readPrice, readRoomCount } from "~/models/price";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { startServer, type RunningServer } from "../support/server";

/**
 * Issue 11, item 2: prices stay free text and gain an amount and a kind, read on save
 * ('$1,150/month' is 1150 a month, '$89,900' a sale of 89900) and correctable by the admin.
 */

// Texts as managers of manufactured-home communities write them.
const PRICE_TEXTS: [string, { amount: number; kind: "rent" | "sale" } | null][] = [
  ["$1,150/month", { amount: 1150, kind: "rent" }],
  ["$89,900", { amount: 89900, kind: "sale" }],
  ["$795/month", { amount: 795, kind: "rent" }],
  ["$1,250 per month", { amount: 1250, kind: "rent" }],
  ["$1,150.50/mo", { amount: 1150.5, kind: "rent" }],
  ["$950 monthly + utilities", { amount: 950, kind: "rent" }],
  ["Rent: $725", { amount: 725, kind: "rent" }],
  ["$900 - $1,100/mo", { amount: 900, kind: "rent" }],
  ["From $850/month", { amount: 850, kind: "rent" }],
  ["2 BR, $800/mo", { amount: 800, kind: "rent" }],
  ["$300/week", { amount: 1300, kind: "rent" }],
  ["$12,000/yr", { amount: 1000, kind: "rent" }],
  ["$450", { amount: 450, kind: "rent" }],
  ["$64,500", { amount: 64500, kind: "sale" }],
  ["$45k", { amount: 45000, kind: "sale" }],
  ["For sale: $35,000", { amount: 35000, kind: "sale" }],
  ["$18,500 for sale (owner finance)", { amount: 18500, kind: "sale" }],
  ["$59,900 OBO", { amount: 59900, kind: "sale" }],
  ["$1.2M", { amount: 1200000, kind: "sale" }],
  ["$1,150 al mes", { amount: 1150, kind: "rent" }],
  ["$1.150/mes", { amount: 1150, kind: "rent" }],
  ["Desde $950 al mes", { amount: 950, kind: "rent" }],
  ["$750 mensual", { amount: 750, kind: "rent" }],
  ["Renta $750", { amount: 750, kind: "rent" }],
  ["$89.900 (venta)", { amount: 89900, kind: "sale" }],
  ["$89,900 de contado", { amount: 89900, kind: "sale" }],
  ["Se vende: $42.000", { amount: 42000, kind: "sale" }],
  ["Call for price", null],
  ["Contact office", null],
  ["Llame para precio", null],
  ["TBD", null],
  ["$0", null],
  ["", null],
];

describe("reading a price text", () => {
  it.each(PRICE_TEXTS)("%j", (text, expected) => {
    expect(readPrice(text)).toEqual(expected);
  });

  it("reads the Spanish text when the English one names no amount", () => {
    expect(readListingPrice("Call for price", "$1,050 al mes")).toEqual({ amount: 1050, kind: "rent" });
    expect(readListingPrice("$1,150/month", "Llame")).toEqual({ amount: 1150, kind: "rent" });
    expect(readListingPrice("Call", null)).toBeNull();
  });

  it.each([
    ["3", 3],
    ["2.5", 2.5],
    ["2+", 2],
    ["3-4", 3],
    ["Studio", 0],
    ["Estudio", 0],
    ["n/a", null],
  ] as const)("room count %j is %j", (text, expected) => {
    expect(readRoomCount(text)).toBe(expected);
  });
});

type Stored = { price_amount: number | null; price_kind: string | null; beds_count: number | null; baths_count: number | null };

describe("the amount and kind stored with a property", () => {
  let app: RunningServer;
  let cookie: string;
  let stop = async () => {};
  beforeAll(async () => {
    ({ app, cookie, stop } = await startSignedInApp());
  });
  afterAll(() => stop());
  const call = jsonCaller(() => app, () => cookie);

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: "Cedar Lot 4",
    location: "Tyler, TX 75701",
    price: "$1,150/month",
    imageUrl: "/objects/demo/home-1.webp",
    beds: "2+",
    baths: "1.5",
    sqft: "980",
    description: "A two-bedroom home.",
    ...overrides,
  });

  function stored(id: number): Stored {
    const db = new Database(app.databasePath, { readonly: true });
    const row = db.prepare("select price_amount, price_kind, beds_count, baths_count from properties where id = ?").get(id) as Stored;
    db.close();
    return row;
  }

  async function create(overrides: Record<string, unknown> = {}) {
    const response = await call("/api/admin/properties", { method: "POST", body: body(overrides) });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; priceAmount: number | null; priceKind: string | null };
  }

  it("reads them from the text on save, with the room counts", async () => {
    const property = await create();
    expect(property).toMatchObject({ priceAmount: 1150, priceKind: "rent" });
    expect(stored(property.id)).toEqual({ price_amount: 1150, price_kind: "rent", beds_count: 2, baths_count: 1.5 });
    const sale = await create({ price: "$89,900", beds: "Studio" });
    expect(stored(sale.id)).toMatchObject({ price_amount: 89900, price_kind: "sale", beds_count: 0 });
  });

  it("keeps a correction the admin gave, and leaves a text with no amount without one", async () => {
    const corrected = await create({ price: "Call for price", priceAmount: 1200, priceKind: "rent" });
    expect(stored(corrected.id)).toMatchObject({ price_amount: 1200, price_kind: "rent" });
    const unknown = await create({ price: "Call for price" });
    expect(stored(unknown.id)).toMatchObject({ price_amount: null, price_kind: null });
    const kindOnly = await create({ price: "$30,000", priceKind: "rent" });
    expect(stored(kindOnly.id)).toMatchObject({ price_amount: 30000, price_kind: "rent" });
  });

  it("reads an edited text again when no correction is given", async () => {
    const property = await create();
    const response = await call(`/api/admin/properties/${property.id}`, { method: "PUT", body: body({ price: "$74,000" }) });
    expect(response.status).toBe(200);
    expect(stored(property.id)).toMatchObject({ price_amount: 74000, price_kind: "sale" });
  });

  it("refuses an amount that is not a number or a kind it does not know, and writes nothing", async () => {
    const count = () => {
      const db = new Database(app.databasePath, { readonly: true });
      const n = (db.prepare("select count(*) as n from properties").get() as { n: number }).n;
      db.close();
      return n;
    };
    const before = count();
    const response = await call("/api/admin/properties", { method: "POST", body: body({ priceAmount: "lots", priceKind: "lease" }) });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(answer.fieldErrors).toEqual({
      priceAmount: ["Price amount must be a number from 0 to 100,000,000"],
      priceKind: ["Price kind must be rent or sale"],
    });
    expect(count()).toBe(before);
  });

  it("fills the readings of homes stored before them, at start", async () => {
    const property = await create({ price: "$64,500" });
    const db = new Database(app.databasePath);
    db.prepare("update properties set price_amount = null, price_kind = null, beds_count = null where id = ?").run(property.id);
    db.close();
    // A second server started on the same data reads the row again.
    const again = await startServer({ workDir: app.workDir, env: { ADMIN_EMAILS: "staff@example.com" } });
    try {
      expect(stored(property.id)).toMatchObject({ price_amount: 64500, price_kind: "sale", beds_count: 2 });
    } finally {
      await again.stop();
    }
  });
});
