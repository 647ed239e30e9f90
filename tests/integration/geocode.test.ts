import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { decode, visibleTexts } from "../support/html";
import { logLineLike, logLines } from "../support/log-lines";
import { startNominatim, STUB_MARK, type NominatimStub } from "../support/nominatim";

/**
 * Issue 10, point 5: GET /api/admin/geocode?q=..., the address search behind the
 * property form's Location field. Without GEOCODER_URL the embedded US gazetteer
 * answers; with it a Nominatim-compatible service does (a real HTTP server on
 * loopback here, tests/support/nominatim.ts), and the gazetteer again whenever that
 * service fails.
 */

type Suggestion = { label: string; latitude: number; longitude: number };
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
    expect(answer.suggestions[0]).toEqual({ label: `1 Main St, Temple Street, Temple, Bell County, Texas, 76501, United States ${STUB_MARK}`, latitude: 31.09, longitude: -97.34 });
    for (const suggestion of answer.suggestions) expectTexan(suggestion);
    expect(nominatim.requests).toHaveLength(1);
    const [request] = nominatim.requests;
    expect(request.path).toBe("/search");
    expect(request.params.get("format")).toBe("jsonv2");
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
