import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { contactMessage, postContactJson } from "../support/contact-posts";
import { withServerDatabase } from "../support/server";

/**
 * The shared page cache is emptied by the writes that change what the public site shows
 * (a home, an FAQ, a text, ...), and by no other (decision 065): a hit costs about a
 * millisecond, a render 15 to 28, and anyone may post. A hit is told by its
 * `X-Page-Cache: hit` header; each test reads the pages again well within the cache's 5 s.
 */

let site: SignedInApp;
const call = jsonCaller(() => site.app, () => site.cookie);

beforeAll(async () => {
  // Many writes from one address: no limit is what these tests are about.
  site = await startSignedInApp({ email: "cache@example.com", env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await site?.stop();
});

const PAGES = ["/", "/?lng=es", "/properties", "/api/properties", "/api/faqs", "/api/text-entries"];

async function get(path: string): Promise<{ cache: string | null; text: string }> {
  const response = await fetch(`${site.app.url}${path}`);
  expect(response.status, path).toBe(200);
  return { cache: response.headers.get("x-page-cache"), text: await response.text() };
}

/** Every page asked until the cache answers it: then it is held. */
async function primed(): Promise<void> {
  for (const path of PAGES) {
    await get(path);
    expect((await get(path)).cache, path).toBe("hit");
  }
}

async function cacheStates(): Promise<Record<string, string | null>> {
  const states: Record<string, string | null> = {};
  for (const path of PAGES) states[path] = (await get(path)).cache;
  return states;
}

const allHits = Object.fromEntries(PAGES.map((path) => [path, "hit"]));

const post = (path: string, body: string, contentType = "application/json") =>
  fetch(`${site.app.url}${path}`, { method: "POST", headers: { Origin: site.app.url, "Content-Type": contentType }, body, redirect: "manual" });

describe("the page cache", () => {
  it.each([
    ["a post to an /api path that does not exist", async () => expect((await post("/api/nothing", "{}")).status).toBe(404)],
    ["a contact message refused", async () => expect((await post("/api/contact", "{}")).status).toBe(400)],
    ["a contact message taken", async () => expect((await postContactJson(site.app, contactMessage("Cached"))).status).toBe(201)],
    ["a sign-in link request", async () => expect((await post("/api/admin/auth/magic/request", JSON.stringify({ email: "cache@example.com" }))).status).toBe(200)],
    ["a sign-out with no session", async () => expect((await post("/admin/auth/logout", "", "application/x-www-form-urlencoded")).status).toBe(302)],
    ["an admin's edit refused", async () => expect((await call("/api/admin/faqs", { method: "POST", body: { question: "" } })).status).toBe(400)],
  ])("keeps every shared page after %s", async (_label, write) => {
    await primed();
    await write();
    expect(await cacheStates()).toEqual(allHits);
  });

  it("renders afresh after an admin adds and edits a home: the pages show the new name", async () => {
    await primed();
    const home = {
      name: "Cache Creek, Lot 1",
      location: "Austin, TX 78701",
      latitude: 30.27,
      longitude: -97.74,
      price: "$1,050/month",
      priceSpanish: "$1,050 al mes",
      imageUrl: "/objects/demo/home-1.webp",
      beds: "3",
      baths: "2",
      sqft: "1,200",
      description: "A home to show the cache is emptied.",
      isActive: true,
    };
    const created = await call("/api/admin/properties", { method: "POST", body: home });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await get("/properties")).text).toContain("Cache Creek, Lot 1");
    expect((await get(`/properties/${id}`)).text).toContain("Cache Creek, Lot 1");

    await primed();
    await get(`/properties/${id}`);
    expect((await call(`/api/admin/properties/${id}`, { method: "PUT", body: { ...home, name: "Cache Creek, Lot 2" } })).status).toBe(200);
    for (const path of ["/properties", "/api/properties", `/properties/${id}`]) {
      const page = await get(path);
      expect(page.cache, path).toBe("miss");
      expect(page.text, path).toContain("Cache Creek, Lot 2");
      expect(page.text, path).not.toContain("Cache Creek, Lot 1");
    }
  });

  it("renders afresh after an admin edits an FAQ: the home page and /api/faqs show the new answer", async () => {
    const faqs = (await (await call("/api/admin/faqs")).json()) as { id: number; question: string; answer: string; sortOrder: number }[];
    const faq = faqs[0];
    await primed();
    const edited = { question: faq.question, answer: "Freshly answered, so the cache must go.", sortOrder: faq.sortOrder };
    expect((await call(`/api/admin/faqs/${faq.id}`, { method: "PUT", body: edited })).status).toBe(200);
    expect((await get("/api/faqs")).text).toContain("Freshly answered, so the cache must go.");
    expect((await get("/")).text).toContain("Freshly answered, so the cache must go.");
  });

  it("renders afresh after an admin edits a text: the home page shows it", async () => {
    const entries = (await (await call("/api/admin/text-entries")).json()) as { id: number; key: string; englishText: string; spanishText: string }[];
    const title = entries.find((entry) => entry.key === "hero.title")!;
    await primed();
    expect((await call(`/api/admin/text-entries/${title.id}`, { method: "PUT", body: { key: title.key, englishText: "Homes Kept Fresh", spanishText: title.spanishText } })).status).toBe(200);
    const home = await get("/");
    expect(home.cache).toBe("miss");
    expect(home.text).toContain("Homes Kept Fresh");
  });

  it("renders afresh at the next write that reaches it after another process changed the database, whatever that write", async () => {
    await primed();
    withServerDatabase(site.app, (db) => db.prepare("update text_entries set english_text = ? where key = 'hero.title'").run("Written by Another Process"));
    // Not told of it: the shared pages stay until a write comes, at most their 5 s.
    expect((await post("/api/nothing", "{}")).status).toBe(404);
    const home = await get("/");
    expect(home.cache).toBe("miss");
    expect(home.text).toContain("Written by Another Process");
  });
});
