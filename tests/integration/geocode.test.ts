import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { decode, visibleTexts } from "../support/html";
import { logLineLike, logLines } from "../support/log-lines";
import { arlingtonPlaces, startNominatim, STUB_MARK, type NominatimStub } from "../support/nominatim";
import { withServerDatabase } from "../support/server";

/**
 * Issue 10, point 5: GET /api/admin/geocode?q=..., the address search behind the
 * property form's Location field. Without GEOCODER_URL the embedded US gazetteer
 * answers; with it a Nominatim-compatible service does (a real HTTP server on
 * loopback here, tests/support/nominatim.ts), and the gazetteer again whenever that
 * service fails.
 */

type Suggestion = { label: string; latitude: number; longitude: number; precision: "home" | "centre"; centreOf: string | null };
type Answer = { suggestions: Suggestion[]; source: "geocoder" | "gazetteer" };

const TOO_SHORT = "Type at least 3 characters to search addresses.";
const TOO_LONG = "An address search has at most 200 characters.";
const RATE_LIMITED = "Too many address searches. Please wait a minute and try again.";

/** Roughly Texas's bounding box. */
function expectTexan(suggestion: Suggestion) {
  expect(suggestion.latitude).toBeGreaterThan(25.8);
  expect(suggestion.latitude).toBeLessThan(36.5);
  expect(suggestion.longitude).toBeGreaterThan(-106.7);
  expect(suggestion.longitude).toBeLessThan(-93.5);
}

async function answerOf(response: Response): Promise<Answer> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const answer = (await response.json()) as Answer;
  expect(answer.suggestions.length).toBeLessThanOrEqual(8);
  return answer;
}

const search = (q: string) => `/api/admin/geocode?q=${encodeURIComponent(q)}`;

const SETTINGS = "/admin/dashboard/settings";

/** The Settings tab's "Update the office's state", as a browser without JavaScript sends it; the page it leads to. */
async function setOfficeState(signedIn: SignedInApp, state: string) {
  return postFormFollowed(signedIn.app, signedIn.cookie, SETTINGS, { intent: "office-state", officeState: state });
}

function storedOfficeState(signedIn: SignedInApp) {
  return withServerDatabase(signedIn.app, (db) => db.prepare("select value, updated_by as updatedBy from configurations where key = 'office_state'").all());
}

function forgetOfficeState(signedIn: SignedInApp) {
  withServerDatabase(signedIn.app, (db) => db.prepare("delete from configurations where key = 'office_state'").run());
}

const labels = (answer: Answer) => answer.suggestions.map((suggestion) => suggestion.label);

describe("without GEOCODER_URL: the embedded gazetteer", () => {
  let signedIn: SignedInApp;
  beforeAll(async () => {
    signedIn = await startSignedInApp({ email: "geo@example.com", env: { ADMIN_EMAILS: "geo@example.com,burst@example.com" } });
  });
  afterAll(() => signedIn?.stop());
  const call = jsonCaller(() => signedIn.app, () => signedIn.cookie);

  it("finds a ZIP code: 76501 is Temple, Texas", async () => {
    const answer = await answerOf(await call(search("76501")));
    expect(answer.source).toBe("gazetteer");
    expect(answer.suggestions).toHaveLength(1);
    expect(answer.suggestions[0].label).toBe("Temple, TX 76501");
    expectTexan(answer.suggestions[0]);
    expect(answer.suggestions[0].latitude).toBeCloseTo(31.09, 1);
    expect(answer.suggestions[0].longitude).toBeCloseTo(-97.33, 1);
  });

  it("finds ZIP codes by their first digits, at most 8", async () => {
    const answer = await answerOf(await call(search("767")));
    expect(answer.suggestions).toHaveLength(8);
    for (const suggestion of answer.suggestions) {
      expect(suggestion.label).toMatch(/, TX 767\d\d$/);
      expectTexan(suggestion);
    }
  });

  it("finds a city by name, Texas first: Waco is Waco, TX near 31.5, -97.1", async () => {
    const answer = await answerOf(await call(search("Waco")));
    expect(answer.suggestions[0].label).toBe("Waco, TX");
    expect(answer.suggestions[0].latitude).toBeCloseTo(31.5, 0);
    expect(Math.abs(answer.suggestions[0].latitude - 31.5)).toBeLessThan(0.15);
    expect(Math.abs(answer.suggestions[0].longitude + 97.1)).toBeLessThan(0.15);
    // Other states' Wacos follow, one suggestion per city and state.
    const labels = answer.suggestions.map((suggestion) => suggestion.label);
    expect(labels).toContain("Waco, GA");
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("matches a city's beginning whatever the case and accents, and 'City, ST' narrows to a state", async () => {
    const prefix = await answerOf(await call(search("tEMPl")));
    expect(prefix.suggestions[0].label).toBe("Temple, TX");
    expectTexan(prefix.suggestions[0]);
    expect(prefix.suggestions).toHaveLength(8);
    const accented = await answerOf(await call(search("Méxia")));
    expect(accented.suggestions[0].label).toBe("Mexia, TX");
    const narrowed = await answerOf(await call(search("Temple, GA")));
    expect(narrowed.suggestions.map((suggestion) => suggestion.label)).toEqual(["Temple, GA"]);
    const chosenBefore = await answerOf(await call(search("Temple, TX 76501")));
    expect(chosenBefore.suggestions.map((suggestion) => suggestion.label)).toEqual(["Temple, TX 76501"]);
  });

  it("says every answer is a centre, a town's or a ZIP code's, and names it", async () => {
    const zip = await answerOf(await call(search("76501")));
    expect(zip.suggestions[0]).toMatchObject({ label: "Temple, TX 76501", precision: "centre", centreOf: "ZIP code 76501 (Temple, TX)" });
    const town = await answerOf(await call(search("Waco")));
    for (const suggestion of town.suggestions) expect(suggestion).toMatchObject({ precision: "centre", centreOf: suggestion.label });
  });

  it("reads a street typed with its town and no state as that town, the office's state first: Arlington, TX by default", async () => {
    const answer = await answerOf(await call(search("1200 Oak St, Arlington")));
    expect(answer.source).toBe("gazetteer");
    expect(answer.suggestions[0]).toMatchObject({ label: "Arlington, TX", precision: "centre", centreOf: "Arlington, TX" });
    expectTexan(answer.suggestions[0]);
    expect(labels(answer)).toEqual(expect.arrayContaining(["Arlington, VA", "Arlington, MA", "Arlington, AL"]));
  });

  it("ranks the office's state first once Settings names another: Virginia", async () => {
    try {
      const saved = await setOfficeState(signedIn, "VA");
      expect(visibleTexts(saved.html)).toContain("The office's state is now Virginia: the address search shows its places first.");
      expect(storedOfficeState(signedIn)).toEqual([{ value: "VA", updatedBy: "geo@example.com" }]);
      for (const q of ["1200 Oak St, Arlington", "Arlington"]) {
        const answer = await answerOf(await call(search(q)));
        expect(answer.suggestions[0].label, q).toBe("Arlington, VA");
        expect(labels(answer), q).toContain("Arlington, TX");
      }
      // A state typed still narrows to it.
      expect(labels(await answerOf(await call(search("Arlington, TX"))))).toEqual(["Arlington, TX"]);
    } finally {
      forgetOfficeState(signedIn);
    }
    expect((await answerOf(await call(search("Arlington")))).suggestions[0].label).toBe("Arlington, TX");
  });

  it("refuses a state that is not in the list, and keeps the one stored", async () => {
    for (const bad of ["", "ZZ", "Texas", "PR"]) {
      const refused = await setOfficeState(signedIn, bad);
      expect(visibleTexts(refused.html), bad).toContain("Choose the office's state from the list.");
    }
    expect(storedOfficeState(signedIn)).toEqual([]);
    const page = await (await fetch(`${signedIn.app.url}${SETTINGS}`, { headers: { Cookie: signedIn.cookie } })).text();
    // The select starts at Texas, the default.
    expect(page).toMatch(/<option value="TX" selected="">Texas<\/option>/);
  });

  it("answers an empty list for a place it does not know", async () => {
    expect(await answerOf(await call(search("qxzvwq")))).toEqual({ suggestions: [], source: "gazetteer" });
  });

  it("refuses fewer than 3 or more than 200 characters with 400", async () => {
    for (const q of ["", "ab", "  ab  "]) await expectJson(await call(search(q)), 400, { error: TOO_SHORT, fieldErrors: { q: [TOO_SHORT] } });
    await expectJson(await call("/api/admin/geocode"), 400, { error: TOO_SHORT, fieldErrors: { q: [TOO_SHORT] } });
    await expectJson(await call(search("a".repeat(201))), 400, { error: TOO_LONG, fieldErrors: { q: [TOO_LONG] } });
    await answerOf(await call(search("a".repeat(200))));
  });

  it("answers 401 without a session, for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      await expectJson(await call(search("Waco"), { method, cookie: null, body: method === "GET" ? undefined : {} }), 401, { error: "Unauthorized" });
    }
  });

  it("answers 405 with Allow: GET to any other method", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await call(search("Waco"), { method, body: {} });
      expect(response.headers.get("allow")).toBe("GET");
      await expectJson(response, 405, { error: "Method not allowed" });
    }
  });

  it("allows 60 searches a minute per admin, then 429 with Retry-After, and other admins go on", async () => {
    const burstCookie = await signedIn.signIn("burst@example.com");
    for (let index = 0; index < 60; index++) {
      const response = await call(search(`76${String(index).padStart(3, "0")}`), { cookie: burstCookie });
      expect(response.status, `search ${index + 1}`).toBe(200);
      await response.body?.cancel();
    }
    const refused = await call(search("Waco"), { cookie: burstCookie });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectJson(refused, 429, { error: RATE_LIMITED });
    await answerOf(await call(search("Waco")));
  });
});

describe("without JavaScript: the property form's 'Find'", () => {
  let signedIn: SignedInApp;
  beforeAll(async () => {
    signedIn = await startSignedInApp({ email: "geo@example.com" });
  });
  afterAll(() => signedIn?.stop());

  const NAME = "Find Flow Home";
  const fields = {
    name: NAME,
    location: "Waco",
    latitude: "1",
    longitude: "",
    price: "$990/month",
    imageUrl: "/objects/demo/home-1.webp",
    beds: "3",
    baths: "2",
    sqft: "1,150",
    description: "A home whose address was found without JavaScript.",
    isActive: "on",
  };
  /** The form as a browser without JavaScript sends it (multipart, the pressed button's name and value). */
  const post = (extra: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...fields, ...extra })) body.append(name, value);
    return fetch(`${signedIn.app.url}/admin/dashboard/properties/new`, {
      method: "POST",
      headers: { Origin: signedIn.app.url, Cookie: signedIn.cookie },
      body,
      redirect: "manual",
    });
  };
  const saved = () => {
    const db = new Database(signedIn.app.databasePath, { readonly: true });
    const rows = db.prepare("select location, latitude, longitude from properties where name = ?").all(NAME);
    db.close();
    return rows;
  };

  it("shows the form again with the addresses as choices, every typed value kept and nothing saved", async () => {
    const response = await post({ intent: "find-address" });
    expect(response.status).toBe(200);
    const html = await response.text();
    const texts = visibleTexts(html);
    expect(texts).toContain("Addresses found for “Waco”");
    expect(texts).toContain("Waco, TX");
    const choices = [...html.matchAll(/<input[^>]*name="addressChoice"[^>]*value="([^"]*)"/g)].map((match) => decode(match[1]));
    expect(choices.length).toBeGreaterThan(1);
    expect(choices.length).toBeLessThanOrEqual(8);
    expect(choices[0]).toMatch(/^31\.5\d*\|-97\.1\d*\|Waco, TX$/);
    for (const [name, value] of Object.entries({ name: NAME, location: "Waco", latitude: "1", sqft: "1,150" })) {
      expect(html).toMatch(new RegExp(`name="${name}"[^>]*value="${value}"|value="${value}"[^>]*name="${name}"`));
    }
    // No field is refused yet: the admin is not done typing.
    expect(texts).not.toContain("Failed to create property");
    expect(saved()).toEqual([]);
  });

  it("says so when nothing is found or the text is too short", async () => {
    expect(visibleTexts(await (await post({ intent: "find-address", location: "qxzvwq" })).text())).toContain("No addresses found.");
    expect(visibleTexts(await (await post({ intent: "find-address", location: "Wa" })).text())).toContain(TOO_SHORT);
    expect(saved()).toEqual([]);
  });

  it("saves the chosen address's location, latitude and longitude in place of those typed", async () => {
    const response = await post({ addressChoice: "31.5527|-97.1615|Waco, TX" });
    expect(response.status).toBe(302);
    expect(saved()).toEqual([{ location: "Waco, TX", latitude: 31.5527, longitude: -97.1615 }]);
  });
});

describe("with GEOCODER_URL: a Nominatim-compatible service, the gazetteer when it fails", () => {
  let nominatim: NominatimStub;
  let signedIn: SignedInApp;
  beforeAll(async () => {
    nominatim = await startNominatim();
    signedIn = await startSignedInApp({ email: "geo@example.com", env: { GEOCODER_URL: nominatim.url } });
  });
  afterAll(async () => {
    await signedIn?.stop();
    await nominatim?.stop();
  });
  beforeEach(() => nominatim.reset());
  const call = jsonCaller(() => signedIn.app, () => signedIn.cookie);

  it("uses the service's places, at most 8, asking for jsonv2 in the US with a User-Agent naming the site", async () => {
    const answer = await answerOf(await call(search("Main St, Temple")));
    expect(answer.source).toBe("geocoder");
    expect(answer.suggestions).toHaveLength(8);
    expect(answer.suggestions[0]).toEqual({
      label: `1 Main St, Temple Street, Temple, Bell County, Texas, 76501, United States ${STUB_MARK}`,
      latitude: 31.09,
      longitude: -97.34,
      precision: "home",
      centreOf: null,
    });
    for (const suggestion of answer.suggestions) expectTexan(suggestion);
    expect(nominatim.requests).toHaveLength(1);
    const [request] = nominatim.requests;
    expect(request.path).toBe("/search");
    expect(request.params.get("format")).toBe("jsonv2");
    expect(request.params.get("addressdetails")).toBe("1");
    expect(request.params.get("countrycodes")).toBe("us");
    expect(request.params.get("limit")).toBe("8");
    expect(request.params.get("q")).toBe("Main St, Temple");
    expect(request.userAgent).toMatch(/Lone Star Home Management/);
    expect(request.userAgent).toContain(signedIn.app.url);
  });

  it("falls back to the gazetteer when the service answers 500", async () => {
    nominatim.setMode("fail");
    const answer = await answerOf(await call(search("76501")));
    expect(answer).toEqual({ suggestions: [expect.objectContaining({ label: "Temple, TX 76501" })], source: "gazetteer" });
    expect(nominatim.requests).toHaveLength(1);
    expect(logLines(signedIn.app.output())).toContainEqual(logLineLike("address search service failed", { reason: expect.stringContaining("HTTP 500") }));
  });

  it("falls back to the gazetteer when the service's answer is not JSON", async () => {
    nominatim.setMode("not-json");
    const answer = await answerOf(await call(search("Waco")));
    expect(answer.source).toBe("gazetteer");
    expect(answer.suggestions[0].label).toBe("Waco, TX");
  });

  it("falls back to the gazetteer when the service does not answer within 3 seconds", async () => {
    nominatim.setMode("hang");
    const started = Date.now();
    const answer = await answerOf(await call(search("Waco")));
    const waited = Date.now() - started;
    expect(answer.source).toBe("gazetteer");
    expect(answer.suggestions[0].label).toBe("Waco, TX");
    expect(waited).toBeGreaterThanOrEqual(2_900);
    expect(waited).toBeLessThan(8_000);
    expect(logLines(signedIn.app.output())).toContainEqual(logLineLike("address search service failed", { reason: expect.stringContaining("no answer within 3000 ms") }));
  }, 15_000);

  it("falls back to the gazetteer when the service is unreachable (its port closed)", async () => {
    await nominatim.stop();
    const answer = await answerOf(await call(search("76501")));
    expect(answer.source).toBe("gazetteer");
    expect(answer.suggestions[0].label).toBe("Temple, TX 76501");
    expectTexan(answer.suggestions[0]);
  });
});

describe("GEOCODER_URL given with its /search path", () => {
  let nominatim: NominatimStub;
  let signedIn: SignedInApp;
  beforeAll(async () => {
    nominatim = await startNominatim();
    signedIn = await startSignedInApp({ email: "geo@example.com", env: { GEOCODER_URL: `${nominatim.url}/search` } });
  });
  afterAll(async () => {
    await signedIn?.stop();
    await nominatim?.stop();
  });
  const call = jsonCaller(() => signedIn.app, () => signedIn.cookie);

  it("is used as it is", async () => {
    const answer = await answerOf(await call(search("Temple")));
    expect(answer.source).toBe("geocoder");
    expect(nominatim.requests.map((request) => request.path)).toEqual(["/search"]);
  });
});

describe("with GEOCODER_URL: the office's state first, and whose coordinates each place has (issue 54, point 17)", () => {
  let nominatim: NominatimStub;
  let signedIn: SignedInApp;
  beforeAll(async () => {
    nominatim = await startNominatim();
    signedIn = await startSignedInApp({ email: "geo@example.com", env: { GEOCODER_URL: nominatim.url } });
  });
  afterAll(async () => {
    await signedIn?.stop();
    await nominatim?.stop();
  });
  beforeEach(() => {
    nominatim.reset();
    nominatim.answerWith(arlingtonPlaces);
    forgetOfficeState(signedIn);
  });
  const call = jsonCaller(() => signedIn.app, () => signedIn.cookie);
  const VA = `1200, Oak Street, Lyon Park, Arlington, Arlington County, Virginia, 22201, United States ${STUB_MARK}`;
  const MA = `Oak Street, Arlington, Middlesex County, Massachusetts, 02474, United States ${STUB_MARK}`;
  const AL = `Oak Street, Arlington, Wilcox County, Alabama, United States ${STUB_MARK}`;
  const TX = `Arlington, Tarrant County, Texas, United States ${STUB_MARK}`;

  it("puts the places in Texas first when the service answers Virginia, Massachusetts, Alabama, then Texas; the others keep their order", async () => {
    const answer = await answerOf(await call(search("1200 Oak St, Arlington")));
    expect(answer.source).toBe("geocoder");
    expect(labels(answer)).toEqual([TX, VA, MA, AL]);
    // Asked for each place's address, Texas favoured (a viewbox around it, not a limit).
    const [request] = nominatim.requests;
    expect(request.params.get("addressdetails")).toBe("1");
    expect(request.params.get("bounded")).toBeNull();
    const [west, north, east, south] = request.params.get("viewbox")!.split(",").map(Number);
    expect(west).toBeGreaterThan(-107.5);
    expect(west).toBeLessThan(-106);
    expect(east).toBeGreaterThan(-94);
    expect(east).toBeLessThan(-93);
    expect(north).toBeGreaterThan(36);
    expect(north).toBeLessThan(37);
    expect(south).toBeGreaterThan(25.5);
    expect(south).toBeLessThan(26.5);
  });

  it("says whether the coordinates are the home's own (a house or a street) or a town's centre", async () => {
    const answer = await answerOf(await call(search("1200 Oak St, Arlington")));
    expect(answer.suggestions).toEqual([
      { label: TX, latitude: 32.7355816, longitude: -97.1071186, precision: "centre", centreOf: "Arlington, TX" },
      { label: VA, latitude: 38.88263, longitude: -77.08847, precision: "home", centreOf: null },
      { label: MA, latitude: 42.4182, longitude: -71.1651, precision: "home", centreOf: null },
      { label: AL, latitude: 32.1213, longitude: -87.5783, precision: "home", centreOf: null },
    ]);
  });

  it("names a ZIP code's centre and a county's, and reads the state from its name when the ISO code is missing", async () => {
    nominatim.answerWith(() => [
      { display_name: "76010, Arlington, Tarrant County, Texas, United States", lat: "32.72", lon: "-97.08", place_rank: 21, addresstype: "postcode", address: { postcode: "76010", city: "Arlington", state: "Texas", country_code: "us" } },
      { display_name: "Tarrant County, Texas, United States", lat: "32.77", lon: "-97.29", place_rank: 12, addresstype: "county", name: "Tarrant County", address: { county: "Tarrant County", state: "Texas", "ISO3166-2-lvl4": "US-TX" } },
    ]);
    const answer = await answerOf(await call(search("76010 Arlington")));
    expect(answer.suggestions.map(({ precision, centreOf }) => ({ precision, centreOf }))).toEqual([
      { precision: "centre", centreOf: "ZIP code 76010 (Arlington, TX)" },
      { precision: "centre", centreOf: "Tarrant County, TX" },
    ]);
  });

  it("follows the office's state set in Settings: Alabama first, the others in the service's order", async () => {
    await setOfficeState(signedIn, "AL");
    const answer = await answerOf(await call(search("1200 Oak St, Arlington")));
    expect(labels(answer)).toEqual([AL, VA, MA, TX]);
    const [west, , east] = nominatim.requests[0].params.get("viewbox")!.split(",").map(Number);
    expect(west).toBeGreaterThan(-89);
    expect(east).toBeLessThan(-84.5);
  });

  it("without JavaScript, 'Find' offers Texas first, and a town's centre carries its note, shown once it is chosen", async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ name: "Arlington Home", location: "1200 Oak St, Arlington", price: "$990/month", intent: "find-address" })) body.append(name, value);
    const response = await fetch(`${signedIn.app.url}/admin/dashboard/properties/new`, { method: "POST", headers: { Origin: signedIn.app.url, Cookie: signedIn.cookie }, body });
    expect(response.status).toBe(200);
    const html = await response.text();
    const choices = [...html.matchAll(/<input[^>]*name="addressChoice"[^>]*value="([^"]*)"/g)].map((match) => decode(match[1]));
    expect(choices).toEqual([`32.7355816|-97.1071186|${TX}`, `38.88263|-77.08847|${VA}`, `42.4182|-71.1651|${MA}`, `32.1213|-87.5783|${AL}`]);
    const texts = visibleTexts(html);
    expect(texts).toContain("32.735582, -97.107119 (centre of Arlington, TX)");
    expect(texts).toContain("These are the coordinates of the centre of Arlington, TX, not of the home. Type the home's own latitude and longitude if you know them.");
    // One note, the centre's: the houses and streets have none.
    expect(texts.filter((text) => text.startsWith("These are the coordinates of the centre"))).toHaveLength(1);
  });
});
