import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, startSignedInApp } from "../support/admin-api";
import type { RunningServer } from "../support/server";
import { visibleTexts } from "../support/html";
import { estimatedMonthlyTotal } from "~/models/home-facts";
import { FULL_FACTS, homeFormFields as formFields, seedBody } from "../support/home-facts";

/**
 * docs/product.md, "Facts of a home": the admin JSON's `facts` object beside the seed's
 * fields, each fact typed and checked on the server; the public JSON with only the
 * public facts; a body of the seed's shape keeps working.
 */

let app: RunningServer;
let stop = async () => {};
let cookie: string;

beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp());
});
afterAll(() => stop());

const call = jsonCaller(() => app, () => cookie);
const create = (body: unknown) => call("/api/admin/properties", { method: "POST", body });
const put = (id: number, body: unknown) => call(`/api/admin/properties/${id}`, { method: "PUT", body });
const read = async (id: number) => (await (await call(`/api/admin/properties/${id}`)).json()) as Home;

type Home = { id: number; isActive: boolean; priceAmount: number | null; priceKind: string | null; bedsCount: number | null; facts: Record<string, unknown> };

function rows(): unknown[] {
  const db = new Database(app.databasePath, { readonly: true });
  const result = db.prepare("select * from properties order by id").all();
  db.close();
  return result;
}

async function created(body: unknown): Promise<Home> {
  const response = await create(body);
  expect(response.status).toBe(201);
  return (await response.json()) as Home;
}

// First: the site as it starts, before this file adds homes without facts.
describe("a new site's demo homes", () => {
  it("have their facts, so the Overview has none to complete; Trinity Meadows costs $1,065 a month in all", async () => {
    const overview = visibleTexts(await (await fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: cookie } })).text());
    expect(overview).toContain("Facts to complete: 0");
    const homes = (await (await call("/api/admin/properties")).json()) as (Home & { name: string })[];
    const trinity = homes.find((home) => home.name === "Trinity Meadows, Lot 9")!;
    expect(trinity.facts).toMatchObject({ status: "available", priceAmount: 1050, pricePeriod: "month", lotRentMonthly: 0, otherMonthlyFees: 15, otherMonthlyFeesNote: "Trash pickup" });
    expect(estimatedMonthlyTotal(trinity.facts as Parameters<typeof estimatedMonthlyTotal>[0])).toBe(1065);
    // The one switched off is off the market.
    expect(homes.find((home) => home.name === "Prairie View, Lot 31")).toMatchObject({ isActive: false, facts: { status: "off_market" } });
  });
});

describe("the admin JSON's facts", () => {
  it("saves every fact given and reads each back as it was sent", async () => {
    const home = await created(seedBody({ facts: FULL_FACTS }));
    expect(home.facts).toEqual(FULL_FACTS);
    expect((await read(home.id)).facts).toEqual(FULL_FACTS);
    // Coming soon is public: isActive keeps meaning "shown on the public site".
    expect(home.isActive).toBe(true);
  });

  it("reads amounts as people type them: '$1,050', '1050' and '$90k'", async () => {
    const home = await created(seedBody({ price: "$90,000", facts: { listingType: "sale", priceAmount: "$90k", depositAmount: "1,000", applicationFee: "$35" } }));
    expect(home.facts).toMatchObject({ priceAmount: 90_000, pricePeriod: "total", depositAmount: 1000, applicationFee: 35 });
    expect(home.priceAmount).toBe(90_000);
  });

  it("a body of the seed's shape gets the facts its texts name, the rest none", async () => {
    const home = await created(seedBody());
    expect(home.facts).toEqual({
      status: "available",
      availableOn: null,
      listingType: "rent",
      priceAmount: 1050,
      pricePeriod: "month",
      depositAmount: null,
      applicationFee: null,
      lotRentMonthly: null,
      lotRentIncludes: null,
      lotRentIncludesSpanish: null,
      otherMonthlyFees: null,
      otherMonthlyFeesNote: null,
      otherMonthlyFeesNoteSpanish: null,
      utilitiesIncluded: [],
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 924,
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
    });
    expect(home.isActive).toBe(true);
  });

  it("keeps the stored facts on a PUT of the seed's shape, and isActive still switches the home on and off", async () => {
    const home = await created(seedBody({ facts: { ...FULL_FACTS, status: "pending" } }));
    const kept = await put(home.id, seedBody({ isActive: true, price: "$1,100/month" }));
    expect(kept.status).toBe(200);
    // Still pending (a public status); the price follows its new text.
    expect(((await kept.json()) as Home).facts).toEqual({ ...FULL_FACTS, status: "pending", priceAmount: 1100 });
    const off = (await (await put(home.id, seedBody({ isActive: false }))).json()) as Home;
    expect(off).toMatchObject({ isActive: false, facts: { status: "off_market", depositAmount: 500, pets: "dogs" } });
    const on = (await (await put(home.id, seedBody())).json()) as Home;
    expect(on).toMatchObject({ isActive: true, facts: { status: "available" } });
  });

  it("a PUT with facts replaces them all: a fact left out is none", async () => {
    const home = await created(seedBody({ facts: FULL_FACTS }));
    const replaced = (await (await put(home.id, seedBody({ facts: { status: "rented", pets: "cats" } }))).json()) as Home;
    expect(replaced.isActive).toBe(false);
    expect(replaced.facts).toMatchObject({ status: "rented", pets: "cats", depositAmount: null, utilitiesIncluded: [], homeType: null, petsNote: null, streetAddressPublic: false });
    // The numbers the texts name are read from them again.
    expect(replaced.facts).toMatchObject({ priceAmount: 1050, pricePeriod: "month", bedrooms: 2, bathrooms: 1.5, squareFeet: 924, listingType: "rent" });
  });

  const FAILED = "Failed to create property";
  it.each([
    ["status", "let", "Status must be one of: available, coming_soon, pending, rented, sold, off_market"],
    ["availableOn", "2027-02-30", "Available on must be a date written YYYY-MM-DD"],
    ["availableOn", "01/15/2027", "Available on must be a date written YYYY-MM-DD"],
    ["listingType", "lease", "Listing type must be one of: rent, sale, rent_to_own, owner_finance"],
    ["priceAmount", 1050.5, "Price amount must be whole dollars from 0 to 100,000,000"],
    ["priceAmount", "ninety", "Price amount must be whole dollars from 0 to 100,000,000"],
    ["depositAmount", -5, "Deposit must be whole dollars from 0 to 1,000,000"],
    ["lotRentMonthly", 2_000_000, "Lot rent must be whole dollars from 0 to 1,000,000"],
    ["pricePeriod", "week", "Price period must be one of: month, total"],
    ["utilitiesIncluded", ["water", "cable"], "Utilities included must be a list of: water, sewer, trash, gas, electric, internet"],
    ["utilitiesIncluded", "water", "Utilities included must be a list of: water, sewer, trash, gas, electric, internet"],
    ["bedrooms", 2.5, "Bedrooms must be a whole number from 0 to 50"],
    ["bathrooms", 1.25, "Bathrooms must be a whole or half number from 0 to 50"],
    ["squareFeet", 0, "Square feet must be a whole number from 1 to 100,000"],
    ["homeType", "mobile", "Home type must be one of: single_wide, double_wide, triple_wide, modular, site_built, other"],
    ["yearBuilt", 1850, `Year built must be a whole number from 1900 to ${new Date().getUTCFullYear() + 1}`],
    ["pets", "birds", "Pets must be one of: none, cats, dogs, cats_and_dogs"],
    ["seniorCommunity", "maybe", "55+ community must be true or false"],
    ["petsNote", "a".repeat(501), "Pet limits and fees must be at most 500 characters"],
    ["tourUrl", "http://tours.example.com/22", "Tour URL must be an https address"],
    ["tourUrl", "javascript:alert(1)", "Tour URL must be an https address"],
  ])("refuses facts.%s = %j: 400 with the field's message, nothing written", async (name, value, message) => {
    const before = rows();
    const answer = await create(seedBody({ facts: { [name]: value } }));
    await expectJson(answer, 400, { error: FAILED, fieldErrors: { [`facts.${name}`]: [message] } });
    expect(rows()).toEqual(before);
  });

  it("refuses a misspelt fact, facts that are not an object, and isActive against the status", async () => {
    const before = rows();
    const misspelt = (await (await create(seedBody({ facts: { pet: "dogs" } }))).json()) as { fieldErrors: Record<string, string[]> };
    expect(misspelt.fieldErrors.facts?.[0]).toMatch(/pet/);
    const notObject = (await (await create(seedBody({ facts: "dogs" }))).json()) as { fieldErrors: Record<string, string[]> };
    expect(notObject.fieldErrors).toEqual({ facts: ["Facts must be an object"] });
    await expectJson(await create(seedBody({ isActive: false, facts: { status: "available" } })), 400, {
      error: FAILED,
      fieldErrors: { isActive: ["Active Listing must agree with the status: a home that is available is shown on the public site"] },
    });
    expect(rows()).toEqual(before);
  });
});

describe("the public JSON's facts", () => {
  it("carries the public facts, the street address only where staff show it", async () => {
    const hidden = await created(seedBody({ name: "Hidden address", facts: FULL_FACTS }));
    const shown = await created(seedBody({ name: "Shown address", facts: { ...FULL_FACTS, streetAddressPublic: true } }));
    const list = (await (await fetch(`${app.url}/api/properties`)).json()) as Home[];
    const { streetAddressPublic: _flag, ...publicFacts } = FULL_FACTS;
    expect(list.find((home) => home.id === hidden.id)?.facts).toEqual({ ...publicFacts, streetAddress: null });
    expect(list.find((home) => home.id === shown.id)?.facts).toEqual(publicFacts);
    const one = (await (await fetch(`${app.url}/api/properties/${hidden.id}`)).json()) as Home;
    expect(one.facts).toEqual({ ...publicFacts, streetAddress: null });
    expect(JSON.stringify(one)).not.toContain("2200 Meadow");
  });

  it("leaves out homes whose status is not public", async () => {
    const rented = await created(seedBody({ name: "Rented home", facts: { ...FULL_FACTS, status: "rented" } }));
    expect(rented.isActive).toBe(false);
    const list = (await (await fetch(`${app.url}/api/properties`)).json()) as Home[];
    expect(list.map((home) => home.id)).not.toContain(rented.id);
    expect((await fetch(`${app.url}/api/properties/${rented.id}`)).status).toBe(404);
  });
});

describe("the Properties tab's form, without JavaScript", () => {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("saves the facts of the Add form, the blank numbers read from the texts", async () => {
    const name = "Form-made home, Lot 9";
    const response = await post("/admin/dashboard/properties/new", formFields({ name }));
    expect(response.status).toBe(302);
    const list = (await (await call(`/api/admin/properties?q=${encodeURIComponent(name)}`)).json()) as Home[];
    expect(list).toHaveLength(1);
    expect(list[0].facts).toMatchObject({
      status: "pending",
      listingType: "rent",
      priceAmount: 1050,
      pricePeriod: "month",
      depositAmount: 500,
      applicationFee: 35,
      lotRentMonthly: 0,
      otherMonthlyFees: 15,
      otherMonthlyFeesNote: "Trash pickup",
      utilitiesIncluded: ["water", "trash"],
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 924,
      homeType: "single_wide",
      yearBuilt: 2012,
      pets: "cats_and_dogs",
      community: "Trinity Meadows",
      seniorCommunity: true,
      streetAddressPublic: false,
    });
    expect(list[0].isActive).toBe(true);
  });

  it("refuses facts out of range with each message beside its field, and writes nothing", async () => {
    const before = rows();
    const response = await post("/admin/dashboard/properties/new", formFields({ depositAmount: "five hundred", bathrooms: "1.25", availableOn: "2027-13-01", tourUrl: "http://x.example" }));
    expect(response.status).toBe(400);
    const page = await response.text();
    for (const message of [
      "Deposit must be whole dollars from 0 to 1,000,000",
      "Bathrooms must be a whole or half number from 0 to 50",
      "Available on must be a date written YYYY-MM-DD",
      "Tour URL must be an https address",
    ])
      expect(page).toContain(message);
    expect(rows()).toEqual(before);
  });
});

describe("the Spanish of the facts' texts", () => {
  /** Whether the Properties tab's Spanish filter lists the home (its card). */
  const listed = async (home: Home & { name: string }, filter: string) => {
    const page = await (await fetch(`${app.url}/admin/dashboard/properties?q=${encodeURIComponent(home.name)}&spanish=${filter}`, { headers: { Cookie: cookie } })).text();
    return page.includes(`id="property-${home.id}-name"`);
  };

  it("counts in the home's Spanish status: a pet rule without Spanish is missing, then out of date when its English changes", async () => {
    const name = "Spanish facts home";
    const body = seedBody({ name, facts: { status: "available", petsNote: "One cat" } });
    const home = { ...(await created(body)), name };
    expect(await listed(home, "missing")).toBe(true);
    await put(home.id, { ...body, facts: { status: "available", petsNote: "One cat", petsNoteSpanish: "Un gato" } });
    expect(await listed(home, "missing")).toBe(false);
    expect(await listed(home, "outdated")).toBe(false);
    await put(home.id, { ...body, facts: { status: "available", petsNote: "Two cats", petsNoteSpanish: "Un gato" } });
    expect(await listed(home, "outdated")).toBe(true);
  });
});
