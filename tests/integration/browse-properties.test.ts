import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readListingPrice, readRoomCount } from "~/models/price";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { cardNames, decode, visibleTexts } from "../support/html";
import type { RunningServer } from "../support/server";

/**
 * Issue 11, item 1: /properties lists every active home, searched, filtered, sorted and
 * paged through the URL (so it works without JavaScript and can be shared), in English
 * and Spanish. Homes are added through the admin API (their amounts read on save) and,
 * for the paging, written straight to the database before the first page is asked for.
 */

let app: RunningServer;
let cookie: string;
let stop = async () => {};
const call = jsonCaller(() => app, () => cookie);

// Added oldest first: "newest" lists them from the bottom up.
const HOMES = [
  { name: "Alamo Court, Lot 1", location: "Waco, TX 76706", price: "$900/month", priceSpanish: "$900 al mes", beds: "2", baths: "1" },
  { name: "Brazos Bend, Lot 2", location: "Tyler, TX 75701", price: "$1,400/month", beds: "3", baths: "2" },
  { name: "Cypress Point, Home 3", location: "Waco, TX 76710", price: "$75,000", beds: "4", baths: "2.5" },
  { name: "Dogwood Lane, Lot 4", location: "Killeen, TX 76541", price: "Call for price", beds: "3", baths: "2" },
  { name: "Rancho Peñasco, Lot 5", location: "San Marcos, TX 78666", price: "$650/month", beds: "Studio", baths: "1" },
  { name: "Fossil Creek, Home 6", location: "Fort Worth, TX 76137", price: "$1,400/month", beds: "2+", baths: "2" },
  { name: "Granbury Hills, Lot 7", location: "Waco, TX 76706", price: "$1,100/month", beds: "3", baths: "2", isActive: false },
];
const FILLERS = 30;
// Active homes: the six named ones and the fillers.
const ACTIVE = HOMES.length - 1 + FILLERS;

const body = (home: Record<string, unknown>) => ({
  // No demo catalogue here: an image of our store would be named by nothing, and refused.
  imageUrl: "https://images.example.com/home.webp",
  sqft: "1,000",
  description: "A manufactured home.",
  isActive: true,
  ...home,
});

/** Homes older than every named one, one bed and one bath, $1,001 to $1,030 a month. */
function writeFillers(databasePath: string) {
  const db = new Database(databasePath);
  const insert = db.prepare(
    `insert into properties (name, location, price, price_amount, price_kind, image_url, beds, baths, beds_count, baths_count, sqft, description, is_active, created_at, updated_at)
     values (?, 'Abilene, TX 79601', ?, ?, ?, '/objects/demo/home-2.webp', '1', '1', ?, ?, '900', 'A filler home.', 1, ?, ?)`,
  );
  const base = Date.now() - 86_400_000;
  db.transaction(() => {
    for (let n = 1; n <= FILLERS; n++) {
      const price = `$${1000 + n}/month`;
      const reading = readListingPrice(price, null);
      const createdAt = base - n * 1000;
      insert.run(`Filler Home ${String(n).padStart(2, "0")}`, price, reading?.amount, reading?.kind, readRoomCount("1"), readRoomCount("1"), createdAt, createdAt);
    }
  })();
  db.close();
}

beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp({ email: "browse@example.com", env: { SEED_DEMO: "0" } }));
  writeFillers(app.databasePath);
  for (const home of HOMES) {
    const response = await call("/api/admin/properties", { method: "POST", body: body(home) });
    expect(response.status, home.name).toBe(201);
  }
});
afterAll(() => stop());

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url + path, { headers, redirect: "manual" });
  return { response, html: response.status === 200 ? await response.text() : "" };
}

/** The results line ("1–5 of 5 homes"), without React's text separators. */
function resultsLine(html: string): string {
  const match = /<h2 id="results-count"[^>]*>([\s\S]*?)<\/h2>/.exec(html);
  return decode((match?.[1] ?? "").replace(/<!-- -->/g, ""));
}

async function names(path: string) {
  const { response, html } = await page(path);
  expect(response.status, path).toBe(200);
  return cardNames(html);
}

const named = (...numbers: number[]) => numbers.map((n) => HOMES[n - 1].name);

/** The folded filters' summary ("Filters (2)"), without React's text separators and the icon. */
function summaryOf(html: string): string {
  const match = /<summary[^>]*>([\s\S]*?)<svg/.exec(html);
  return decode((match?.[1] ?? "").replace(/<!-- -->/g, "")).trim();
}

describe("/properties", () => {
  it("lists every active home, newest first, 24 a page, with the count", async () => {
    const { response, html } = await page("/properties");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const first = cardNames(html);
    expect(first).toHaveLength(24);
    expect(first.slice(0, 6)).toEqual(named(6, 5, 4, 3, 2, 1));
    expect(first.slice(6, 9)).toEqual(["Filler Home 01", "Filler Home 02", "Filler Home 03"]);
    expect(resultsLine(html)).toBe(`1–24 of ${ACTIVE} homes`);
    expect(html).toContain('href="/properties?page=2"');

    const second = await page("/properties?page=2");
    expect(cardNames(second.html)).toHaveLength(ACTIVE - 24);
    expect(cardNames(second.html).at(-1)).toBe(`Filler Home ${FILLERS}`);
    expect(resultsLine(second.html)).toBe(`25–${ACTIVE} of ${ACTIVE} homes`);
    expect(second.html).toContain('href="/properties"');
    expect([...first, ...cardNames(second.html)]).not.toContain("Granbury Hills, Lot 7");
  });

  it("has its own title, description and a canonical URL without the filters", async () => {
    const { html } = await page("/properties?beds=2&sort=price-asc");
    expect(html).toContain("<title>All available homes | Lone Star Home Management</title>");
    expect(html).toMatch(/<meta name="description" content="Search every available manufactured home/);
    expect(html).toContain(`<link rel="canonical" href="${app.url}/properties"/>`);
  });

  it("keeps homes with at least the beds and baths asked for", async () => {
    expect(await names("/properties?beds=2")).toEqual(named(6, 4, 3, 2, 1));
    expect(await names("/properties?beds=4")).toEqual(named(3));
    expect(await names("/properties?baths=2")).toEqual(named(6, 4, 3, 2));
    expect(await names("/properties?beds=3&baths=2")).toEqual(named(4, 3, 2));
  });

  it("keeps homes whose amount is in the price range; a home without one is left out", async () => {
    expect(await names("/properties?minPrice=1100&maxPrice=1500&beds=2")).toEqual(named(6, 2));
    expect(await names("/properties?maxPrice=1000")).toEqual(named(5, 1));
    expect(await names("/properties?minPrice=50000")).toEqual(named(3));
    // A minimum above the maximum: the homes between the two.
    expect(await names("/properties?minPrice=1500&maxPrice=800&beds=2")).toEqual(named(6, 2, 1));
  });

  it("splits rents from sales (Rent / Buy); a price read as neither is under both", async () => {
    // The case: a $70,000 maximum no longer mixes monthly rents with a sale home.
    expect(await names("/properties?kind=sale&maxPrice=80000")).toEqual(named(3));
    expect(await names("/properties?kind=sale")).toEqual(named(4, 3));
    expect(await names("/properties?kind=rent&beds=2")).toEqual(named(6, 4, 2, 1));
    expect(await names("/properties?q=waco&kind=rent")).toEqual(named(1));
    const { html } = await page("/properties?kind=rent");
    expect(resultsLine(html)).toBe(`1–24 of ${ACTIVE - 1} homes`);
    expect(html).toMatch(/<input type="radio" name="kind"[^>]*checked="" value="rent"\/>/);
  });

  it("folds the filters behind 'Filters (n)', n the filters in use, before the count of results", async () => {
    const plain = await page("/properties");
    expect(summaryOf(plain.html)).toBe("Filters");
    const filtered = await page("/properties?q=waco&kind=rent&beds=2&sort=price-asc");
    expect(summaryOf(filtered.html)).toBe("Filters (3)");
    // The details element comes first, closed: the results' count follows its summary.
    expect(filtered.html).toMatch(/<details(?![^>]*\bopen\b)[^>]*>\s*<summary/);
    expect(filtered.html.indexOf("<summary")).toBeLessThan(filtered.html.indexOf('id="results-count"'));
    const spanish = await page("/properties?beds=2&lng=es");
    expect(summaryOf(spanish.html)).toBe("Filtros (1)");
  });

  it("labels a sale price that does not say so 'For sale' / 'En venta', on the card and on the home's page", async () => {
    const { html } = await page("/properties?q=cypress");
    expect(html).toMatch(/>For sale <\/span>\$75,000</);
    const rents = await page("/properties?q=waco&kind=rent");
    expect(rents.html).not.toContain(">For sale <");
    const spanish = await page("/properties?q=cypress&lng=es");
    expect(spanish.html).toMatch(/>En venta <\/span>\$75,000</);
    const id = /href="\/properties\/(\d+)"/.exec(html)![1];
    const home = await page(`/properties/${id}?lng=es`);
    expect(home.html).toMatch(/>En venta <\/span>\$75,000</);
  });

  it("finds the text in a name or a location, in any case and with accents", async () => {
    expect(await names("/properties?q=waco")).toEqual(named(3, 1));
    expect(await names("/properties?q=TYLER")).toEqual(named(2));
    expect(await names("/properties?q=pe%C3%B1asco")).toEqual(named(5));
    expect(await names("/properties?q=PE%C3%91ASCO")).toEqual(named(5));
    expect(await names("/properties?q=cypress")).toEqual(named(3));
    expect(await names("/properties?q=waco&beds=4")).toEqual(named(3));
  });

  it("sorts by price both ways, homes without an amount last, equal amounts newest first", async () => {
    expect(await names("/properties?beds=2&sort=price-asc")).toEqual(named(1, 6, 2, 3, 4));
    expect(await names("/properties?beds=2&sort=price-desc")).toEqual(named(3, 6, 2, 1, 4));
    const cheapest = await names("/properties?sort=price-asc");
    expect(cheapest.slice(0, 3)).toEqual([...named(5, 1), "Filler Home 01"]);
    const last = await names("/properties?sort=price-asc&page=2");
    expect(last.at(-1)).toBe(HOMES[3].name);
    const dearest = await names("/properties?sort=price-desc");
    expect(dearest.slice(0, 3)).toEqual(named(3, 6, 2));
  });

  it("shows an empty state with Clear filters when nothing matches; inactive homes never appear", async () => {
    for (const path of ["/properties?q=granbury", "/properties?q=zzz", "/properties?minPrice=200000"]) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(cardNames(html), path).toEqual([]);
      expect(resultsLine(html)).toBe("No homes match these filters.");
      expect(html).toMatch(/<a[^>]*href="\/properties"[^>]*>Clear filters<\/a>/);
    }
    expect(await names("/properties?q=lot+7")).toEqual([]);
  });

  it("sends any other spelling of a query to its one URL, and never fails on a bad value", async () => {
    const redirects: [string, string][] = [
      // The form sent without JavaScript: blank fields and the default sort.
      ["/properties?q=&minPrice=&maxPrice=&beds=2&baths=&sort=newest", "/properties?beds=2"],
      ["/properties?sort=price-asc&beds=2", "/properties?beds=2&sort=price-asc"],
      ["/properties?q=+waco+", "/properties?q=waco"],
      // A price that names no amount stays as typed (the page says so); the rest goes.
      ["/properties?minPrice=abc&maxPrice=-5&beds=ten&baths=x&sort=cheap&page=-1", "/properties?minPrice=abc&maxPrice=-5"],
      // Dollars as people write them.
      ["/properties?maxPrice=%2490k", "/properties?maxPrice=90000"],
      ["/properties?maxPrice=90%2C000", "/properties?maxPrice=90000"],
      ["/properties?minPrice=1.5k&maxPrice=%24+2%2C000", "/properties?minPrice=1500&maxPrice=2000"],
      ["/properties?beds=9&baths=7", "/properties?beds=4&baths=3"],
      ["/properties?beds=0", "/properties"],
      ["/properties?minPrice=899.6", "/properties?minPrice=900"],
      ["/properties?maxPrice=999999999999", "/properties?maxPrice=100000000"],
      ["/properties?beds=2&beds=3", "/properties?beds=2"],
      ["/properties?page=1", "/properties"],
      ["/properties?page=2.5", "/properties"],
      ["/properties?page=99", "/properties?page=2"],
      ["/properties?beds=2&page=2", "/properties?beds=2"],
      ["/properties?unknown=1", "/properties"],
      ["/properties?kind=&beds=2", "/properties?beds=2"],
      ["/properties?kind=lease", "/properties"],
      ["/properties?beds=2&kind=sale", "/properties?kind=sale&beds=2"],
      ["/properties?lng=es&q=&beds=2", "/properties?beds=2&lng=es"],
    ];
    for (const [from, to] of redirects) {
      const { response } = await page(from);
      expect(response.status, from).toBe(302);
      expect(response.headers.get("location"), from).toBe(to);
    }
    for (const path of ["/properties?q=%25", "/properties?q=_", "/properties?q=%5C", "/properties?q=%27%22%3C", `/properties?q=${"a".repeat(100)}`]) {
      const { response } = await page(path);
      expect(response.status, path).toBe(200);
    }
    const long = await page(`/properties?q=${"b".repeat(500)}`);
    expect(long.response.headers.get("location")).toBe(`/properties?q=${"b".repeat(100)}`);
  });

  it("reads $90k, 90,000 and 90000 alike, and says so in the visitor's language when a price names no amount", async () => {
    const { html } = await page("/properties?maxPrice=ninety");
    expect(visibleTexts(html)).toContain("“ninety” is not a price we can read, so the list does not use it. Write it like 90000, 90,000 or $90k.");
    expect(html).toMatch(/<input[^>]*id="browse-max-price"[^>]*value="ninety"/);
    expect(html).toMatch(/<input[^>]*id="browse-max-price"[^>]*aria-invalid="true"/);
    // Left out, it narrows nothing: every home is listed.
    expect(resultsLine(html)).toBe(resultsLine((await page("/properties")).html));
    const spanish = await page("/properties?maxPrice=ninety&lng=es");
    expect(visibleTexts(spanish.html)).toContain("No podemos leer “ninety” como precio, así que la lista no lo usa. Escríbalo como 90000, 90,000 o $90k.");
  });

  it("speaks Spanish, with the Spanish price where there is one", async () => {
    for (const [path, headers] of [
      ["/properties?beds=2", { "Accept-Language": "es" }],
      ["/properties?beds=2&lng=es", {}],
    ] as const) {
      const { response, html } = await page(path, headers);
      expect(response.status).toBe(200);
      expect(html).toContain('<html lang="es"');
      expect(resultsLine(html)).toBe("1–5 de 5 casas");
      expect(html).toContain("<title>Todas las casas disponibles | Lone Star Home Management</title>");
      expect(html).toContain(">Nombre o ubicación</label>");
      expect(html).toContain(">Precio: de menor a mayor</option>");
      expect(html).toContain("$900 al mes");
    }
    const empty = await page("/properties?q=zzz", { "Accept-Language": "es" });
    expect(resultsLine(empty.html)).toBe("Ninguna casa coincide con estos filtros.");
    expect(empty.html).toContain(">Borrar filtros</a>");
    const second = await page("/properties?page=2", { "Accept-Language": "es" });
    expect(resultsLine(second.html)).toBe(`25–${ACTIVE} de ${ACTIVE} casas`);
    expect(second.html).toContain(">Anterior</a>");
  });

  it("is shared from the page cache, and a home the admin adds shows at once", async () => {
    await page("/properties?q=fossil");
    const hit = await page("/properties?q=fossil");
    expect(hit.response.headers.get("x-page-cache")).toBe("hit");
    expect(cardNames(hit.html)).toEqual(named(6));

    const created = await call("/api/admin/properties", {
      method: "POST",
      body: body({ name: "Fossil Ridge, Lot 8", location: "Fort Worth, TX 76137", price: "$1,200/month", beds: "3", baths: "2" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const after = await page("/properties?q=fossil");
    expect(after.response.headers.get("x-page-cache")).toBe("miss");
    expect(cardNames(after.html)).toEqual(["Fossil Ridge, Lot 8", HOMES[5].name]);

    expect((await call(`/api/admin/properties/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await names("/properties?q=fossil")).toEqual(named(6));
  });
});

describe("the home page's listings", () => {
  it("link to /properties in both languages, and keep View All", async () => {
    const english = await page("/");
    expect(english.html).toMatch(/<a[^>]*href="\/properties"[^>]*>Browse all homes<\/a>/);
    expect(english.html).toContain(`View All (${ACTIVE})`);
    const spanish = await page("/", { "Accept-Language": "es" });
    expect(spanish.html).toMatch(/<a[^>]*href="\/properties"[^>]*>Explorar todas las casas<\/a>/);
  });

  it("View All shows a page of homes at most, and says where the rest are", async () => {
    const first = cardNames((await page("/")).html);
    expect(first).toHaveLength(3);
    const all = await page("/?all=1");
    expect(all.response.status).toBe(200);
    // As many as a page of /properties, in the home page's order.
    const shown = cardNames(all.html);
    expect(shown).toHaveLength(24);
    expect(shown.slice(0, 3)).toEqual(first);
    const note = decode(/These are the first[\s\S]*?<\/p>/.exec(all.html)?.[0].replace(/<[^>]*>/g, "") ?? "");
    expect(note).toBe(`These are the first 24 of ${ACTIVE} homes. See them all, with search and filters`);
    expect(all.html).toMatch(/<a[^>]*href="\/properties"[^>]*>See them all, with search and filters<\/a>/);
    const spanish = await page("/?all=1&lng=es");
    expect(spanish.html).toContain(`Estas son las primeras 24 de ${ACTIVE} casas.`);
  });
});
