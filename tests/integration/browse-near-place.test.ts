import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import { eventually } from "../support/eventually";
import { cardNames, decode, visibleTexts } from "../support/html";
import { seedBody } from "../support/home-facts";
import { alertFields, alertRows, postAlertForm, waitingMatches } from "../support/search-alerts";
import { startNominatim, type NominatimStub } from "../support/nominatim";
import { withServerDatabase, type RunningServer } from "../support/server";

/**
 * docs/product.md, "Search by place": /properties?near=…&within=… lists the homes within
 * that many miles of a place read as people write it, nearest first with each card's
 * distance; homes without coordinates only at any distance, after the others; one URL
 * per search; a place not known is said so with the closest towns; an alert follows the
 * place and its miles.
 */

let app: RunningServer;
let cookie: string;
let stop = async () => {};
const call = jsonCaller(() => app, () => cookie);

const IMAGE = "https://images.example.com/home.webp";
// Grand Prairie, TX as the embedded gazetteer places it.
const GRAND_PRAIRIE = { latitude: 32.7115, longitude: -97.0112 };
const EARTH_RADIUS_MILES = 3958.8;

/** The point `miles` from `from` on a bearing (degrees from north), on the haversine's sphere. */
function pointAt(from: { latitude: number; longitude: number }, bearing: number, miles: number) {
  const rad = Math.PI / 180;
  const angle = miles / EARTH_RADIUS_MILES;
  const lat1 = from.latitude * rad;
  const lon1 = from.longitude * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing * rad));
  const lon2 = lon1 + Math.atan2(Math.sin(bearing * rad) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: lat2 / rad, longitude: lon2 / rad };
}

// Just inside and just outside 25 miles, north (the latitude band's edge) and east (the longitude band's).
const HOMES = [
  { name: "Close By, Lot 1", at: pointAt(GRAND_PRAIRIE, 225, 3) },
  { name: "North Inside, Lot 2", at: pointAt(GRAND_PRAIRIE, 0, 24.9) },
  { name: "North Outside, Lot 3", at: pointAt(GRAND_PRAIRIE, 0, 25.1) },
  { name: "East Inside, Lot 4", at: pointAt(GRAND_PRAIRIE, 90, 24.8) },
  { name: "East Outside, Lot 5", at: pointAt(GRAND_PRAIRIE, 90, 25.2) },
  { name: "Far Away, Lot 6", at: pointAt(GRAND_PRAIRIE, 180, 120) },
  { name: "Nowhere Known, Lot 7", at: null },
] as const;

beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp({ email: "near@example.com", env: { SEED_DEMO: "0", RATE_LIMIT_FACTOR: "1000" } }));
  for (const home of HOMES) {
    const body = seedBody({ name: home.name, imageUrl: IMAGE, latitude: home.at?.latitude ?? null, longitude: home.at?.longitude ?? null });
    const response = await call("/api/admin/properties", { method: "POST", body });
    expect(response.status, home.name).toBe(201);
  }
});
afterAll(() => stop());

async function page(path: string) {
  const response = await fetch(app.url + path, { redirect: "manual" });
  return { response, html: response.status === 200 ? await response.text() : "" };
}

/** The names on the cards, in their order. */
async function names(path: string): Promise<string[]> {
  const { response, html } = await page(path);
  expect(response.status, path).toBe(200);
  return cardNames(html);
}

const home = (n: number) => HOMES[n - 1].name;

describe("/properties near a place", () => {
  it("lists exactly the homes within the miles, nearest first, by default 25 miles", async () => {
    expect(await names("/properties?near=Grand+Prairie%2C+TX&within=25")).toEqual([home(1), home(4), home(2)]);
    expect(await names("/properties?near=Grand+Prairie%2C+TX&within=5")).toEqual([home(1)]);
    expect(await names("/properties?near=Grand+Prairie%2C+TX&within=50")).toEqual([home(1), home(4), home(2), home(3), home(5)]);
  });

  it("lists every home at any distance, nearest first, those without coordinates last", async () => {
    expect(await names("/properties?near=Grand+Prairie%2C+TX&within=any")).toEqual([home(1), home(4), home(2), home(3), home(5), home(6), home(7)]);
  });

  it("sorts by price or newest when asked, still within the miles", async () => {
    expect(await names("/properties?near=Grand+Prairie%2C+TX&within=25&sort=newest")).toEqual([home(4), home(2), home(1)]);
  });

  it("shows each card's distance from the place, in the visitor's language", async () => {
    const english = visibleTexts((await page("/properties?near=Grand+Prairie%2C+TX&within=any&lng=en")).html);
    expect(english).toEqual(expect.arrayContaining(["3 mi from Grand Prairie, TX", "25 mi from Grand Prairie, TX", "120 mi from Grand Prairie, TX", "Distance unknown"]));
    const spanish = visibleTexts((await page("/properties?near=Grand+Prairie%2C+TX&within=any&lng=es")).html);
    expect(spanish).toEqual(expect.arrayContaining(["a 3 millas de Grand Prairie, TX", "a 120 millas de Grand Prairie, TX", "Distancia desconocida"]));
  });

  it("sends every other spelling of the same search to one URL", async () => {
    const canonical = "/properties?near=Grand+Prairie%2C+TX&within=25";
    for (const typed of ["grand prairie", "Grand Prairie TX", "GRAND  PRAIRIE, Texas", "Grand Prairie, tx", "gránd prairie"]) {
      const { response } = await page(`/properties?near=${encodeURIComponent(typed)}`);
      expect(response.status, typed).toBe(302);
      expect(response.headers.get("location"), typed).toBe(canonical);
    }
    // The default order is left out; miles that are no choice are the default; no place, no miles.
    for (const [from, to] of [
      ["/properties?near=Grand+Prairie%2C+TX&within=25&sort=distance", canonical],
      ["/properties?near=Grand+Prairie%2C+TX&within=7", canonical],
      ["/properties?within=10&sort=distance", "/properties"],
      ["/properties?near=&within=10", "/properties"],
      ["/properties?near=ft+worth&within=10&beds=2", "/properties?near=Fort+Worth%2C+TX&within=10&beds=2"],
      // A ZIP is its town, whose name reads back as itself.
      ["/properties?near=75050", canonical],
      ["/properties?near=32.7115%2C-97.0112", canonical],
    ]) {
      const { response } = await page(from);
      expect(response.status, from).toBe(302);
      expect(response.headers.get("location"), from).toBe(to);
    }
  });

  it("says when a place is not known, suggests the closest towns, and does not narrow the list by it", async () => {
    const path = "/properties?near=Grand+Prarie&within=10";
    const { response, html } = await page(path);
    expect(response.status).toBe(200);
    const texts = visibleTexts(html);
    expect(texts).toContain("We could not find the place “Grand Prarie”, so the list is not narrowed by place.");
    expect(texts).toContain("Did you mean Grand Prairie, TX?");
    expect(html).toContain('href="/properties?near=Grand+Prairie%2C+TX&amp;within=10"');
    expect(await names(path)).toHaveLength(HOMES.length);
    const spanish = visibleTexts((await page(`${path}&lng=es`)).html);
    expect(spanish).toContain("¿Quiso decir Grand Prairie, TX?");
    // Nothing close: a hint of what can be written.
    expect(visibleTexts((await page("/properties?near=Qqqqzzz&within=25")).html)).toContain("Write a town or a ZIP code, like Grand Prairie, Fort Worth, TX or 76116.");
  });

  it("says which filter empties the list, and offers the nearest homes beyond the miles and the search without each filter", async () => {
    const { html } = await page("/properties?near=Waco%2C+TX&within=5&beds=2&lng=en");
    const texts = visibleTexts(html);
    expect(texts).toContain("No homes match these filters.");
    expect(texts).toContain("This filter empties the list: Within 5 miles of Waco, TX.");
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [decode(match[2]), decode(match[1])]);
    expect(links).toEqual(
      expect.arrayContaining([
        // Far Away, Lot 6 is about 41 miles from Waco.
        ["1 home within 50 miles", "/properties?near=Waco%2C+TX&within=50&beds=2"],
        [`Without “Within 5 miles of Waco, TX”: ${HOMES.length} homes`, "/properties?beds=2"],
        ["Without “2+ beds”: 0 homes", "/properties?near=Waco%2C+TX&within=5"],
        ["Get alerts for this search", "#alerts"],
      ]),
    );
    const spanish = visibleTexts((await page("/properties?near=Waco%2C+TX&within=5&beds=2&lng=es")).html);
    expect(spanish).toEqual(expect.arrayContaining(["Este filtro deja la lista vacía: A menos de 5 millas de Waco, TX.", "1 casa a menos de 50 millas", `Sin “A menos de 5 millas de Waco, TX”: ${HOMES.length} casas`]));
    // Two filters that each empty it with the other: either one removed shows homes.
    const both = visibleTexts((await page("/properties?q=North&near=Grand+Prairie%2C+TX&within=5")).html);
    expect(both).toEqual(
      expect.arrayContaining(["Remove one of these filters to see homes:", "Without “Within 5 miles of Grand Prairie, TX”: 2 homes", "Without “North”: 1 home", "1 home within 25 miles"]),
    );
  });

  it("counts the place and its miles as one filter", async () => {
    const { html } = await page("/properties?near=Grand+Prairie%2C+TX&within=25&beds=2");
    expect(/<summary[^>]*>([\s\S]*?)<svg/.exec(html)?.[1].replace(/<!-- -->/g, "").trim()).toBe("Filters (2)");
  });
});

describe("a search alert near a place", () => {
  it("stores the place and its miles, describes them, and hears only of homes within them", async () => {
    const email = "near.alert@example.com";
    const fields = { ...alertFields(email, {}, "en"), near: "Grand Prairie, TX", within: "10", sort: "" };
    expect((await postAlertForm(app, fields)).status).toBe(200);
    const [row] = alertRows(app, email);
    expect(row.filters).toBe("near=Grand+Prairie%2C+TX&within=10");
    // Confirmed, and mailed a moment ago: matches wait for the next digest.
    withServerDatabase(app, (db) => db.prepare("update search_alerts set status = 'confirmed', confirmed_at = ?, last_sent_at = ? where id = ?").run(Date.now(), Date.now(), row.id));

    for (const [name, at] of [["Alert Inside, Lot 8", pointAt(GRAND_PRAIRIE, 45, 9.5)], ["Alert Outside, Lot 9", pointAt(GRAND_PRAIRIE, 45, 10.5)]] as const) {
      expect((await call("/api/admin/properties", { method: "POST", body: seedBody({ name, imageUrl: IMAGE, ...at }) })).status).toBe(201);
    }
    const waiting = await eventually(() => {
      const matches = waitingMatches(app, email);
      return matches.length ? matches : undefined;
    });
    const matched = waiting.map((match) => withServerDatabase(app, (db) => db.prepare("select name from properties where id = ?").pluck().get(match.property_id)));
    expect(matched).toEqual(["Alert Inside, Lot 8"]);
    const manage = visibleTexts(await (await fetch(`${app.url}/alerts/manage?token=${row.link_token}`)).text());
    expect(manage.some((text) => text.includes("Within 10 miles of Grand Prairie, TX"))).toBe(true);
  });

  it("refuses an alert for a place it cannot read rather than follow every home", async () => {
    const email = "unknown.place@example.com";
    const response = await postAlertForm(app, { ...alertFields(email, {}, "en"), near: "Qqqqzzz", within: "25" });
    expect(response.status).toBe(400);
    expect(alertRows(app, email)).toEqual([]);
  });
});

describe("with GEOCODER_URL: what the gazetteer cannot read", () => {
  let nominatim: NominatimStub;
  let other: Awaited<ReturnType<typeof startSignedInApp>>;
  beforeAll(async () => {
    nominatim = await startNominatim();
    other = await startSignedInApp({ email: "near.geo@example.com", env: { SEED_DEMO: "0", GEOCODER_URL: nominatim.url, RATE_LIMIT_FACTOR: "1000" } });
  });
  afterAll(async () => {
    await other?.stop();
    await nominatim?.stop();
  });
  const visit = (path: string) => fetch(other.app.url + path, { redirect: "manual" });

  it("asks the service once per text, names the place as typed, and never for a town the gazetteer knows", async () => {
    const path = "/properties?near=Temple+Mall&within=any";
    const response = await visit(path);
    expect(response.status).toBe(200);
    expect(visibleTexts(await response.text())).not.toContain("We could not find the place “Temple Mall”, so the list is not narrowed by place.");
    expect(nominatim.requests.map((request) => request.params.get("q"))).toEqual(["Temple Mall"]);
    expect((await visit(path)).status).toBe(200);
    expect((await visit("/properties?near=Grand+Prairie%2C+TX&within=25")).status).toBe(200);
    expect(nominatim.requests).toHaveLength(1);
  });

  it("keeps the gazetteer's suggestions when the service fails", async () => {
    nominatim.setMode("fail");
    const texts = visibleTexts(await (await visit("/properties?near=Grand+Prarie&within=25")).text());
    expect(texts).toContain("Did you mean Grand Prairie, TX?");
  });
});
