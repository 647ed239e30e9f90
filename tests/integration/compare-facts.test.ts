import { parse as parseHtml, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { seedBody } from "../support/home-facts";
import { type RunningServer } from "../support/server";

/**
 * docs/product.md, "Find and compare by facts": /compare shows every fact of the homes,
 * the estimated monthly total first, and marks the best value of each row that has one
 * ("Best" / "Mejor"): the lowest cost, the most room, the newest, the widest pets rule,
 * the soonest move-in. A price is not ranked against a price of another period.
 */

let app: RunningServer;
let cookie: string;
let stop = async () => {};
const call = jsonCaller(() => app, () => cookie);

const HOMES = {
  cheap: "Compare Facts Meadow, Lot 1",
  roomy: "Compare Facts Ridge, Lot 2",
  sale: "Compare Facts Grove, Home 3",
};
const ids: Record<keyof typeof HOMES, number> = { cheap: 0, roomy: 0, sale: 0 };

async function create(name: string, body: Record<string, unknown>, facts: Record<string, unknown>) {
  const response = await call("/api/admin/properties", { method: "POST", body: seedBody({ name, imageUrl: "https://images.example.com/home.webp", ...body, facts }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp());
  ids.cheap = await create(
    HOMES.cheap,
    { price: "$1,050/month", beds: "2", baths: "1.5", sqft: "924" },
    {
      status: "available",
      listingType: "rent",
      priceAmount: 1050,
      pricePeriod: "month",
      lotRentMonthly: 0,
      otherMonthlyFees: 15,
      otherMonthlyFeesNote: "Trash pickup",
      depositAmount: 500,
      applicationFee: 35,
      utilitiesIncluded: ["water", "sewer"],
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 924,
      yearBuilt: 2019,
      pets: "dogs",
      homeType: "single_wide",
      tourUrl: "https://tours.example.com/meadow-1",
    },
  );
  ids.roomy = await create(
    HOMES.roomy,
    { price: "$950/month", priceSpanish: "$950 al mes", beds: "3", baths: "2", sqft: "1,280" },
    {
      status: "coming_soon",
      availableOn: "2099-03-01",
      listingType: "rent",
      priceAmount: 950,
      pricePeriod: "month",
      lotRentMonthly: 150,
      depositAmount: 800,
      applicationFee: 25,
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1280,
      yearBuilt: 2015,
      pets: "cats_and_dogs",
      homeType: "double_wide",
      community: "Ridge Park",
      seniorCommunity: true,
    },
  );
  ids.sale = await create(
    HOMES.sale,
    { price: "$64,000", priceSpanish: "$64,000", beds: "3", baths: "2", sqft: "1,100" },
    { status: "available", listingType: "sale", priceAmount: 64000, pricePeriod: "total", bedrooms: 3, bathrooms: 2, squareFeet: 1100, yearBuilt: 2008, make: "Clayton", model: "The Breeze" },
  );
});
afterAll(() => stop());

/** The table's rows: each row's label, then for each home its text and whether it is marked best. */
async function compareTable(language: "en" | "es") {
  const response = await fetch(`${app.url}/compare?ids=${ids.cheap},${ids.roomy},${ids.sale}&lng=${language}`);
  expect(response.status).toBe(200);
  const document = parseHtml(await response.text());
  const cellText = (cell: HTMLElement) => cell.textContent.replace(/\s+/g, " ").trim();
  return document.querySelectorAll("table tbody tr").map((row) => ({
    label: cellText(row.querySelector("th")!),
    cells: row.querySelectorAll("td").map(cellText),
  }));
}

const row = (rows: Awaited<ReturnType<typeof compareTable>>, label: string) => rows.find((entry) => entry.label === label)?.cells;

describe("/compare by facts", () => {
  it("shows every fact, the estimated monthly total first, and marks each row's best value", async () => {
    const rows = await compareTable("en");
    expect(rows.map((entry) => entry.label).slice(0, 3)).toEqual(["Photo", "Estimated monthly total", "Price"]);
    expect(row(rows, "Estimated monthly total")).toEqual(["$1,065 ✓Best", "$1,100", "Sale price: no monthly rent"]);
    // A month's rent and a sale price are not ranked against each other.
    expect(row(rows, "Price")).toEqual(["$1,050/month", "$950/month", "For sale $64,000"]);
    expect(row(rows, "Availability")).toEqual(["Available now ✓Best", "Available from March 1, 2099", "Available now ✓Best"]);
    expect(row(rows, "Beds")).toEqual(["2", "3 ✓Best", "3 ✓Best"]);
    expect(row(rows, "Baths")).toEqual(["1.5", "2 ✓Best", "2 ✓Best"]);
    expect(row(rows, "Square feet")).toEqual(["924", "1,280 ✓Best", "1,100"]);
    expect(row(rows, "Home type")).toEqual(["Single-wide", "Double-wide", "Ask us"]);
    expect(row(rows, "Year built")).toEqual(["2019 ✓Best", "2015", "2008"]);
    expect(row(rows, "Make and model")).toEqual(["Ask us", "Ask us", "Clayton The Breeze"]);
    expect(row(rows, "Pets")).toEqual(["Dogs allowed", "Cats and dogs allowed ✓Best", "Ask us"]);
    expect(row(rows, "Deposit")).toEqual(["$500 ✓Best", "$800", "Ask us"]);
    expect(row(rows, "Application fee")).toEqual(["$35", "$25 ✓Best", "Ask us"]);
    expect(row(rows, "Lot rent a month")).toEqual(["$0 ✓Best", "$150", "Ask us"]);
    // Only one home says what its other fees are: nothing to compare.
    expect(row(rows, "Other monthly fees")).toEqual(["$15Trash pickup", "Ask us", "Ask us"]);
    expect(row(rows, "Utilities included")).toEqual(["water, sewer ✓Best", "None", "None"]);
    expect(row(rows, "Community")).toEqual(["Ask us", "Ridge Park", "Ask us"]);
    expect(row(rows, "55+ community")).toEqual(["Ask us", "Yes", "Ask us"]);
    expect(row(rows, "Video or 3D tour")).toEqual([`Watch the tour: ${HOMES.cheap}`, "None", "None"]);
  });

  it("in Spanish: the same rows and marks in the visitor's language", async () => {
    const rows = await compareTable("es");
    expect(rows.map((entry) => entry.label).slice(0, 3)).toEqual(["Foto", "Total mensual estimado", "Precio"]);
    expect(row(rows, "Total mensual estimado")).toEqual(["$1,065 ✓Mejor", "$1,100", "Precio de venta: sin renta mensual"]);
    expect(row(rows, "Disponibilidad")).toEqual(["Disponible ahora ✓Mejor", "Disponible desde el 1 de marzo de 2099", "Disponible ahora ✓Mejor"]);
    expect(row(rows, "Mascotas")).toEqual(["Se permiten perros", "Se permiten gatos y perros ✓Mejor", "Pregúntenos"]);
    expect(row(rows, "Tipo de casa")).toEqual(["Sencilla (single-wide)", "Doble (double-wide)", "Pregúntenos"]);
    expect(row(rows, "Servicios incluidos")).toEqual(["agua, drenaje ✓Mejor", "Ninguno", "Ninguno"]);
    expect(row(rows, "Comunidad 55+")).toEqual(["Pregúntenos", "Sí", "Pregúntenos"]);
  });
});
