import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { eventually } from "../support/eventually";
import { cardNames, visibleTexts } from "../support/html";
import { seedBody } from "../support/home-facts";
import { waitingMatches } from "../support/search-alerts";
import { withServerDatabase, type RunningServer } from "../support/server";

/**
 * docs/product.md, "Find and compare by facts": /properties filters by pets, the day one
 * can move in, the home type, 55+ communities and every way of paying, without
 * JavaScript, each counted in "Filters (n)"; a search alert follows the same filters.
 */

let app: RunningServer;
let cookie: string;
let stop = async () => {};
const call = jsonCaller(() => app, () => cookie);

// No demo media without the demo: a picture elsewhere.
const IMAGE = "https://images.example.com/home.webp";

const HOMES = [
  { name: "Dogs Double, Lot 1", facts: { status: "available", listingType: "rent", pets: "dogs", homeType: "double_wide" } },
  { name: "Cats Single 55+, Lot 2", facts: { status: "coming_soon", availableOn: "2027-02-01", listingType: "rent", pets: "cats", homeType: "single_wide", seniorCommunity: true } },
  { name: "Both Double Later, Lot 3", facts: { status: "coming_soon", availableOn: "2099-01-01", listingType: "rent_to_own", pets: "cats_and_dogs", homeType: "double_wide" } },
  { name: "Owner Financed, Lot 4", facts: { status: "available", listingType: "owner_finance", pets: "none", homeType: "modular" } },
  { name: "Pending Sale, Lot 5", facts: { status: "pending", listingType: "sale", homeType: "double_wide" } },
] as const;

beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp({ email: "facts@example.com", env: { SEED_DEMO: "0", RATE_LIMIT_FACTOR: "1000" } }));
  for (const home of HOMES) {
    const response = await call("/api/admin/properties", { method: "POST", body: seedBody({ name: home.name, imageUrl: IMAGE, facts: home.facts }) });
    expect(response.status, home.name).toBe(201);
  }
});
afterAll(() => stop());

async function page(path: string) {
  const response = await fetch(app.url + path, { redirect: "manual" });
  return { response, html: response.status === 200 ? await response.text() : "" };
}

/** The names on the cards, newest first. */
async function names(path: string): Promise<string[]> {
  const { response, html } = await page(path);
  expect(response.status, path).toBe(200);
  return cardNames(html);
}

const named = (...numbers: number[]) => numbers.sort((a, b) => b - a).map((n) => HOMES[n - 1].name);

describe("/properties by a home's facts", () => {
  it("filters by pets (a home taking cats and dogs takes either), home type, 55+ and the day one can move in", async () => {
    expect(await names("/properties?pets=dogs")).toEqual(named(1, 3));
    expect(await names("/properties?pets=cats")).toEqual(named(2, 3));
    expect(await names("/properties?homeType=double_wide")).toEqual(named(1, 3, 5));
    expect(await names("/properties?senior=1")).toEqual(named(2));
    // Available now, or coming soon by then; a pending home is not one to move into.
    expect(await names("/properties?availableBy=2027-03-01")).toEqual(named(1, 2, 4));
    expect(await names("/properties?availableBy=2027-01-01")).toEqual(named(1, 4));
    expect(await names("/properties?pets=dogs&homeType=double_wide&availableBy=2027-03-01")).toEqual(named(1));
  });

  it("takes rent to own and owner financing as ways of paying, beside rent and buy", async () => {
    expect(await names("/properties?kind=rent_to_own")).toEqual(named(3));
    expect(await names("/properties?kind=owner_finance")).toEqual(named(4));
  });

  it("counts each in 'Filters (n)', keeps one URL per search, and drops what makes no sense", async () => {
    const { html } = await page("/properties?pets=dogs&homeType=double_wide&senior=1&availableBy=2027-03-01");
    expect(/<summary[^>]*>([\s\S]*?)<svg/.exec(html)?.[1].replace(/<!-- -->/g, "").trim()).toBe("Filters (4)");
    const redirects: [string, string][] = [
      ["/properties?senior=1&pets=cats&homeType=modular&availableBy=2027-03-01", "/properties?pets=cats&homeType=modular&senior=1&availableBy=2027-03-01"],
      ["/properties?pets=birds&homeType=castle&senior=yes&availableBy=2027-13-01", "/properties"],
      ["/properties?senior=&pets=&homeType=&availableBy=&beds=2", "/properties?beds=2"],
    ];
    for (const [from, to] of redirects) {
      const { response } = await page(from);
      expect(response.status, from).toBe(302);
      expect(response.headers.get("location"), from).toBe(to);
    }
  });

  it("names the new fields in the visitor's language, the form working without JavaScript", async () => {
    const english = visibleTexts((await page("/properties?lng=en")).html);
    expect(english).toEqual(expect.arrayContaining(["Pets", "Cats allowed", "Dogs allowed", "Home type", "Double-wide", "Available by", "55+ communities only", "Rent to own", "Owner financing"]));
    const spanish = visibleTexts((await page("/properties?lng=es")).html);
    expect(spanish).toEqual(expect.arrayContaining(["Mascotas", "Se permiten perros", "Tipo de casa", "Doble (double-wide)", "Disponible para", "Solo comunidades 55+", "Rentar con opción a compra", "Financiamiento del dueño"]));
    const { html } = await page("/properties?pets=dogs&senior=1");
    expect(html).toMatch(/<option value="dogs" selected="">/);
    expect(html).toMatch(/<input type="checkbox" name="senior"[^>]*checked=""[^>]*value="1"/);
  });
});

describe("a search alert with a home's facts", () => {
  it("keeps the filters, describes them in words, and hears only of homes that match them", async () => {
    const email = "dog.owner@example.com";
    withServerDatabase(app, (db) =>
      db
        .prepare(
          "insert into search_alerts (email, mailbox, language, filters, pets, home_type, status, confirmed_at, last_sent_at, link_token) values (?, ?, 'en', 'pets=dogs&homeType=double_wide', 'dogs', 'double_wide', 'confirmed', ?, ?, ?)",
        )
        .run(email, email, Date.now(), Date.now(), "facts-alert".padEnd(43, "x")),
    );
    for (const [name, pets] of [["Alert Cats Double, Lot 6", "cats"], ["Alert Dogs Double, Lot 7", "dogs"]] as const) {
      expect((await call("/api/admin/properties", { method: "POST", body: seedBody({ name, imageUrl: IMAGE, facts: { status: "available", pets, homeType: "double_wide" } }) })).status).toBe(201);
    }
    const waiting = await eventually(() => {
      const matches = waitingMatches(app, email);
      return matches.length ? matches : undefined;
    });
    const matchedNames = waiting.map((match) => withServerDatabase(app, (db) => db.prepare("select name from properties where id = ?").pluck().get(match.property_id)));
    expect(matchedNames).toEqual(["Alert Dogs Double, Lot 7"]);
    // The manage page says the search in words.
    const manage = visibleTexts(await (await fetch(`${app.url}/alerts/manage?token=${"facts-alert".padEnd(43, "x")}`)).text());
    expect(manage.some((text) => text.includes("Dogs allowed · Double-wide"))).toBe(true);
  });
});
