import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { seedBody } from "../support/home-facts";
import { visibleTexts } from "../support/html";
import { withServerDatabase, type RunningServer } from "../support/server";

/**
 * docs/product.md, "What it costs": a home's "Costs and requirements" panel on its page
 * (the details dialog reads the same from GET /api/properties/{id}), in both languages;
 * /rental-criteria, its texts the dictionary's and editable; the Overview until the
 * office reviews them; the sitemap.
 */

let app: RunningServer;
let cookie: string;
let stop = async () => {};
const call = jsonCaller(() => app, () => cookie);

beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp());
});
afterAll(() => stop());

const idOf = (name: string) => withServerDatabase(app, (db) => db.prepare("select id from properties where name = ?").pluck().get(name) as number);

async function texts(path: string, language: "en" | "es" = "en") {
  const response = await fetch(`${app.url}${path}${path.includes("?") ? "&" : "?"}lng=${language}`, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.clone().text(), texts: visibleTexts(await response.text()) };
}

/** The panel's texts, from its heading to the end of its section. */
function panelOf(html: string): string[] {
  const start = html.indexOf('aria-labelledby="costs-title"');
  expect(start).toBeGreaterThan(0);
  return visibleTexts(html.slice(html.indexOf(">", start) + 1, html.indexOf("</section>", start)));
}

describe("Costs and requirements", () => {
  it("adds up a rental's monthly total: rent $1,050 + lot rent $0 + $15 trash a month = $1,065, with what is due and the pets rule", async () => {
    const page = await texts(`/properties/${idOf("Trinity Meadows, Lot 9")}`);
    expect(panelOf(page.html)).toEqual([
      "Costs and requirements",
      "Price",
      "$1,050/month",
      "Estimated monthly total",
      "$1,065",
      "Rent $1,050 + Lot rent $0 + Other monthly fees $15 (Trash pickup)",
      "Utilities included: water, sewer",
      "Due when you apply",
      "Application fee: $35",
      "Due at move-in",
      "Deposit: $800",
      "Pets",
      "Cats allowed",
      "Cats only, $20 a month",
      "Rental criteria",
    ]);
    expect(page.html).toMatch(/<a href="\/rental-criteria"[^>]*>Rental criteria<\/a>/);
    // Read before Apply Here.
    expect(page.html.indexOf('href="/rental-criteria"')).toBeLessThan(page.html.indexOf("Apply Here"));

    const spanish = panelOf((await texts(`/properties/${idOf("Trinity Meadows, Lot 9")}`, "es")).html);
    expect(spanish).toEqual(
      expect.arrayContaining([
        "Costos y requisitos",
        "Total mensual estimado",
        "$1,065",
        "Renta $1,050 + Renta del lote $0 + Otras cuotas mensuales $15 (Recolección de basura)",
        "Servicios incluidos: agua, drenaje",
        "Cuota de solicitud: $35",
        "Depósito: $800",
        "Se permiten gatos",
        "Solo gatos, $20 al mes",
        "Criterios para rentar",
      ]),
    );
  });

  it("a sale has no monthly total and no rental criteria; what staff have not said reads 'Ask us'", async () => {
    const sale = panelOf((await texts(`/properties/${idOf("Pecan Grove Village, Home 3")}`)).html);
    expect(sale).not.toContain("Estimated monthly total");
    expect(sale).not.toContain("Rental criteria");
    expect(sale).toEqual(expect.arrayContaining(["Lot rent", "$395 a month", "Application fee: Ask us", "Deposit: Ask us"]));

    const created = await call("/api/admin/properties", {
      method: "POST",
      body: seedBody({ name: "Unsaid Acres, Lot 1", facts: { status: "available", listingType: "rent", priceAmount: 900, pricePeriod: "month" } }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const unsaid = panelOf((await texts(`/properties/${id}`, "es")).html);
    expect(unsaid).toEqual(expect.arrayContaining(["$900", "Renta $900", "No incluye servicios", "Cuota de solicitud: Pregúntenos", "Depósito: Pregúntenos", "Mascotas", "Pregúntenos", "Criterios para rentar"]));
  });

  it("the details dialog's source, GET /api/properties/{id}, carries the same facts", async () => {
    const body = (await (await fetch(`${app.url}/api/properties/${idOf("Trinity Meadows, Lot 9")}`)).json()) as { facts: Record<string, unknown> };
    expect(body.facts).toMatchObject({ priceAmount: 1050, pricePeriod: "month", lotRentMonthly: 0, otherMonthlyFees: 15, applicationFee: 35, depositAmount: 800, pets: "cats" });
  });
});

describe("/rental-criteria", () => {
  it("says what the office looks at, in either language, and is in the sitemap", async () => {
    const english = await texts("/rental-criteria");
    expect(english.status).toBe(200);
    expect(english.texts).toEqual(
      expect.arrayContaining(["Rental criteria", "Income", "Rental history", "Credit", "Criminal history", "Occupancy", "Pets", "Fair housing", "See all homes"]),
    );
    expect(english.html).toContain('<link rel="canonical" href="' + app.url + '/rental-criteria"');
    const spanish = await texts("/rental-criteria", "es");
    expect(spanish.texts).toEqual(expect.arrayContaining(["Criterios para rentar", "Ingresos", "Historial de renta", "Crédito", "Antecedentes penales", "Ocupación", "Vivienda justa"]));
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${app.url}/rental-criteria</loc>`);
    expect(sitemap).toContain(`${app.url}/rental-criteria?lng=es`);
  });

  it("shows the office's own text once edited in the Text tab, and the Overview stops asking for a review of it", async () => {
    const overview = async () => visibleTexts(await (await fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: cookie } })).text());
    expect(await overview()).toContain("Rental criteria to review: 7");
    const entry = withServerDatabase(app, (db) => db.prepare("select id from text_entries where key = 'criteria.income.text'").get() as { id: number });
    const edited = await call(`/api/admin/text-entries/${entry.id}`, {
      method: "PUT",
      body: { key: "criteria.income.text", englishText: "Income of two and a half times the rent.", spanishText: "Ingresos de dos veces y media la renta." },
    });
    expect(edited.status).toBe(200);
    expect((await texts("/rental-criteria")).texts).toContain("Income of two and a half times the rent.");
    expect((await texts("/rental-criteria", "es")).texts).toContain("Ingresos de dos veces y media la renta.");
    expect(await overview()).toContain("Rental criteria to review: 6");
  });
});
