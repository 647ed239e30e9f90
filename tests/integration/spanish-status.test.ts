import Database from "better-sqlite3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { fakeSpanish, startLibreTranslate, type LibreTranslateStub } from "../support/libretranslate";
import type { RunningServer } from "../support/server";
import { DEMO_FAQS, DEMO_PROPERTIES } from "~/seed/demo-content";

/**
 * docs/product.md §2 and §4: the Spanish of every home, FAQ and site text is missing, out of
 * date (its English changed after the Spanish was written or confirmed) or up to date;
 * staff see it on each card, filter by it, count it on the Overview, and say "Spanish is
 * still correct". Saving a home fills its blank Spanish by machine translation (a real
 * LibreTranslate-compatible HTTP server here) as FAQs do.
 */

const OUTDATED_NOTE = "The English changed and the Spanish did not, so the Spanish is marked out of date until it is updated or marked as still correct.";
const HOME_TRANSLATION_FAILED = "The Spanish translation could not be made, so the Spanish site shows this home in English; you can add it by editing the property.";

let translator: LibreTranslateStub;
let site: SignedInApp;
let app: RunningServer;

beforeAll(async () => {
  translator = await startLibreTranslate();
  site = await startSignedInApp({ email: "spanish@example.com", env: { TRANSLATE_URL: translator.url } });
  app = site.app;
});
afterAll(async () => {
  await site?.stop();
  await translator?.stop();
});
beforeEach(() => translator.reset());

const call = jsonCaller(() => app, () => site.cookie);

async function pageTexts(path: string): Promise<string[]> {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: site.cookie } });
  expect(response.status).toBe(200);
  return visibleTexts(await response.text());
}

/** The texts of the card (an <article>) that names `name`, on a tab's page. */
async function cardTexts(path: string, name: string): Promise<string[]> {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: site.cookie } });
  const card = (await response.text()).split("<article").find((chunk) => visibleTexts(`<x${chunk}`).includes(name));
  expect(card, `a card naming ${name} on ${path}`).toBeDefined();
  return visibleTexts(`<x${card}`);
}

/** "Spanish to do: N" on the Overview. */
async function spanishToDo(): Promise<number> {
  const line = (await pageTexts("/admin/dashboard")).find((text) => text.startsWith("Spanish to do: "));
  expect(line).toBeDefined();
  return Number(line!.slice("Spanish to do: ".length));
}

/** The counts the tab's filter links show, for All, Spanish missing and Spanish out of date. */
async function filterCounts(path: string): Promise<{ all: number; missing: number; outdated: number }> {
  const texts = await pageTexts(path);
  const at = texts.indexOf("Spanish missing");
  return { all: Number(texts[texts.indexOf("All") + 1]), missing: Number(texts[at + 1]), outdated: Number(texts[texts.indexOf("Spanish out of date", at + 1) + 1]) };
}

function row<T>(sql: string, ...params: unknown[]): T {
  const db = new Database(app.databasePath, { readonly: true });
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

const faqForm = (fields: { question: string; answer: string; questionSpanish?: string; answerSpanish?: string }) => ({
  questionSpanish: "",
  answerSpanish: "",
  sortOrder: "50",
  isActive: "on",
  ...fields,
});

describe("a FAQ's Spanish", () => {
  it("is up to date when written, out of date after an English edit, up to date again after a Spanish edit or 'still correct'", async () => {
    const question = "Is there a laundry room?";
    const spanish = { questionSpanish: "¿Hay lavandería?", answerSpanish: "Sí, junto a la oficina." };
    const toDoBefore = await spanishToDo();
    const made = await postFormFollowed(app, site.cookie, "/admin/dashboard/faqs/new", faqForm({ question, answer: "Yes, by the office.", ...spanish }));
    expect(made.location).toBe("/admin/dashboard/faqs");
    expect(visibleTexts(made.html)).toContain("FAQ created successfully");
    const { id } = row<{ id: number }>("select id from faqs where question = ?", question);
    expect(await cardTexts("/admin/dashboard/faqs", question)).not.toEqual(expect.arrayContaining(["Spanish missing"]));
    expect(await cardTexts("/admin/dashboard/faqs", question)).not.toEqual(expect.arrayContaining(["Spanish out of date"]));

    // The English answer changes, the Spanish stays: out of date, counted, filtered, and said.
    const edited = await postFormFollowed(app, site.cookie, `/admin/dashboard/faqs/${id}/edit`, faqForm({ question, answer: "Yes, by the pool.", ...spanish }));
    expect(visibleTexts(edited.html)).toContain(`FAQ updated successfully. ${OUTDATED_NOTE}`);
    expect(await cardTexts("/admin/dashboard/faqs", question)).toEqual(expect.arrayContaining(["Spanish out of date", "Spanish is still correct"]));
    expect(await spanishToDo()).toBe(toDoBefore + 1);
    expect(await pageTexts("/admin/dashboard/faqs?spanish=outdated")).toContain(question);
    expect(await pageTexts("/admin/dashboard/faqs?spanish=missing")).not.toContain(question);
    // Its form shows what the English was when the Spanish was written.
    expect(await pageTexts(`/admin/dashboard/faqs/${id}/edit`)).toEqual(expect.arrayContaining(["Spanish out of date", "Answer when the Spanish was written:", "Yes, by the office."]));

    // The Spanish is updated: up to date.
    await postFormFollowed(app, site.cookie, `/admin/dashboard/faqs/${id}/edit`, faqForm({ question, answer: "Yes, by the pool.", ...spanish, answerSpanish: "Sí, junto a la alberca." }));
    expect(await cardTexts("/admin/dashboard/faqs", question)).not.toEqual(expect.arrayContaining(["Spanish out of date"]));
    expect(await spanishToDo()).toBe(toDoBefore);

    // Out of date again, then "Spanish is still correct": up to date, not an edit, in the change log.
    await postFormFollowed(app, site.cookie, `/admin/dashboard/faqs/${id}/edit`, faqForm({ question, answer: "Yes, by the pool, open all day.", ...spanish, answerSpanish: "Sí, junto a la alberca." }));
    expect(await spanishToDo()).toBe(toDoBefore + 1);
    const before = row<{ updatedAt: number }>("select updated_at as updatedAt from faqs where id = ?", id);
    const confirmed = await postFormFollowed(app, site.cookie, "/admin/dashboard/faqs?spanish=outdated", { intent: "spanish-confirmed", id: String(id) });
    expect(confirmed.location).toBe("/admin/dashboard/faqs?spanish=outdated");
    expect(visibleTexts(confirmed.html)).toContain("Spanish marked as still correct");
    expect(visibleTexts(confirmed.html)).not.toContain(question);
    expect(await spanishToDo()).toBe(toDoBefore);
    expect(row<{ updatedAt: number }>("select updated_at as updatedAt from faqs where id = ?", id)).toEqual(before);
    expect(row("select action, entity, entity_id as entityId from audit_log order by id desc limit 1")).toEqual({ action: "spanish-confirmed", entity: "faq", entityId: String(id) });
  });

  it("is missing when left blank and not translated, and said so in the toast", async () => {
    translator.setMode("fail");
    const question = "Can I have a satellite dish?";
    const made = await postFormFollowed(app, site.cookie, "/admin/dashboard/faqs/new", faqForm({ question, answer: "Yes, on the back of the home." }));
    expect(visibleTexts(made.html)).toContain("FAQ created successfully. The Spanish translation could not be made; you can add it by editing the FAQ.");
    expect(await cardTexts("/admin/dashboard/faqs", question)).toEqual(expect.arrayContaining(["Spanish missing"]));
    expect(await cardTexts("/admin/dashboard/faqs", question)).not.toContain("Spanish is still correct");
    expect(await pageTexts("/admin/dashboard/faqs?spanish=missing")).toContain(question);
    // "Still correct" cannot make a missing Spanish up to date.
    const { id } = row<{ id: number }>("select id from faqs where question = ?", question);
    await postFormFollowed(app, site.cookie, "/admin/dashboard/faqs", { intent: "spanish-confirmed", id: String(id) });
    expect(await pageTexts("/admin/dashboard/faqs?spanish=missing")).toContain(question);
  });

  it("refuses 'still correct' for a FAQ that does not exist, changing nothing", async () => {
    const answer = await postFormFollowed(app, site.cookie, "/admin/dashboard/faqs", { intent: "spanish-confirmed", id: "999999" });
    expect(visibleTexts(answer.html)).toContain("Failed to mark the Spanish as still correct");
  });

  it("the filter's counts match the badges on the cards", async () => {
    const counts = await filterCounts("/admin/dashboard/faqs");
    const all = await pageTexts("/admin/dashboard/faqs");
    expect(counts.missing).toBe(all.filter((text) => text === "Spanish missing").length - 1);
    expect(counts.outdated).toBe(all.filter((text) => text === "Spanish out of date").length - 1);
    expect(counts.all).toBe(row<{ n: number }>("select count(*) as n from faqs").n);
  });
});

describe("a site text's Spanish", () => {
  const KEY = "contact.title";

  it("goes out of date with its English, and back with a Spanish edit or 'still correct'; a blank one is missing except for a link", async () => {
    const entry = row<{ id: number; englishText: string; spanishText: string }>(
      "select id, english_text as englishText, spanish_text as spanishText from text_entries where key = ?",
      KEY,
    );
    const save = (englishText: string, spanishText: string) =>
      postFormFollowed(app, site.cookie, `/admin/dashboard/text/${entry.id}/edit`, { key: KEY, englishText, spanishText });
    expect(await pageTexts("/admin/dashboard/text?spanish=outdated")).not.toContain(KEY);

    const edited = await save(`${entry.englishText} today`, entry.spanishText);
    expect(visibleTexts(edited.html)).toContain(`Text entry updated successfully. ${OUTDATED_NOTE}`);
    expect(await pageTexts("/admin/dashboard/text?spanish=outdated")).toContain(KEY);
    expect(await pageTexts(`/admin/dashboard/text/${entry.id}/edit`)).toEqual(expect.arrayContaining(["English Text when the Spanish was written:", entry.englishText]));

    await save(`${entry.englishText} today`, `${entry.spanishText} hoy`);
    expect(await pageTexts("/admin/dashboard/text?spanish=outdated")).not.toContain(KEY);

    await save(entry.englishText, `${entry.spanishText} hoy`);
    expect(await pageTexts("/admin/dashboard/text?spanish=outdated")).toContain(KEY);
    await postFormFollowed(app, site.cookie, "/admin/dashboard/text", { intent: "spanish-confirmed", id: String(entry.id) });
    expect(await pageTexts("/admin/dashboard/text?spanish=outdated")).not.toContain(KEY);

    const blank = await save(entry.englishText, "");
    expect(visibleTexts(blank.html)).toContain("Text entry updated successfully. Its Spanish is blank, so the Spanish site shows the English text until the Spanish is written.");
    expect(await pageTexts("/admin/dashboard/text?spanish=missing")).toContain(KEY);
    await save(entry.englishText, entry.spanishText);
    expect(await pageTexts("/admin/dashboard/text?spanish=missing")).not.toContain(KEY);

    // A link's blank Spanish links where the English does: nothing is missing.
    const link = row<{ id: number; englishText: string }>("select id, english_text as englishText from text_entries where key = 'links.pay_rent_url'");
    await postFormFollowed(app, site.cookie, `/admin/dashboard/text/${link.id}/edit`, { key: "links.pay_rent_url", englishText: link.englishText, spanishText: "" });
    const missing = await pageTexts("/admin/dashboard/text?spanish=missing");
    expect(missing).not.toContain("links.pay_rent_url");
    expect(missing).toContain("No text entries with Spanish missing");
  });
});

type Property = { id: number; price: string; priceSpanish: string | null; description: string; descriptionSpanish: string | null };

const home = (overrides: Record<string, unknown> = {}) => ({
  name: "Mesquite Flats, Lot 5",
  location: "Mesquite, TX 75149",
  price: "$995/month",
  priceSpanish: "$995 al mes",
  imageUrl: "/objects/demo/home-1.webp",
  beds: "3",
  baths: "2",
  sqft: "1,100",
  description: "A tidy three-bedroom home near the park.",
  descriptionSpanish: "Una casa ordenada de tres recámaras cerca del parque.",
  isActive: true,
  ...overrides,
});

async function createHome(overrides: Record<string, unknown>): Promise<Property> {
  const response = await call("/api/admin/properties", { method: "POST", body: home(overrides) });
  expect(response.status).toBe(201);
  return (await response.json()) as Property;
}

describe("a home's Spanish", () => {
  it("goes out of date with an English edit and back with a Spanish edit or 'still correct', on its card and the Overview", async () => {
    const name = "Spanish Status Home, Lot 1";
    const made = await createHome({ name });
    expect(Object.keys(made)).not.toEqual(expect.arrayContaining(["priceTranslatedFrom", "descriptionTranslatedFrom"]));
    expect(await cardTexts("/admin/dashboard/properties", name)).not.toEqual(expect.arrayContaining(["Spanish out of date"]));
    const toDoBefore = await spanishToDo();

    const put = (body: Record<string, unknown>) => call(`/api/admin/properties/${made.id}`, { method: "PUT", body: home({ name, ...body }) });
    expect((await put({ description: "A tidy three-bedroom home by the park, newly painted." })).status).toBe(200);
    expect(await cardTexts("/admin/dashboard/properties", name)).toEqual(expect.arrayContaining(["Spanish out of date", "Spanish is still correct"]));
    expect(await cardTexts("/admin/dashboard/properties?spanish=outdated", name)).toContain("Spanish out of date");
    expect(await spanishToDo()).toBe(toDoBefore + 1);
    // Its Edit form warns that the listed home's Spanish is behind, without stopping the save.
    expect(await pageTexts(`/admin/dashboard/properties/${made.id}/edit`)).toEqual(
      expect.arrayContaining([
        "Spanish out of date.",
        "This home is listed, and its English changed after its Spanish was written. You can still save; then check the Spanish, or mark it as still correct.",
      ]),
    );

    await put({ description: "A tidy three-bedroom home by the park, newly painted.", descriptionSpanish: "Una casa de tres recámaras junto al parque, recién pintada." });
    expect(await cardTexts("/admin/dashboard/properties", name)).not.toEqual(expect.arrayContaining(["Spanish out of date"]));
    expect(await spanishToDo()).toBe(toDoBefore);

    // The price's English changes alone: out of date; "still correct" from the filtered list.
    await put({ price: "$1,025/month", description: "A tidy three-bedroom home by the park, newly painted.", descriptionSpanish: "Una casa de tres recámaras junto al parque, recién pintada." });
    expect(await pageTexts("/admin/dashboard/properties?spanish=outdated")).toContain(name);
    const confirmed = await postFormFollowed(app, site.cookie, "/admin/dashboard/properties?spanish=outdated", { intent: "spanish-confirmed", id: String(made.id) });
    expect(confirmed.location).toBe("/admin/dashboard/properties?spanish=outdated");
    expect(visibleTexts(confirmed.html)).toContain("Spanish marked as still correct");
    expect(await spanishToDo()).toBe(toDoBefore);
  });

  it("a blank Spanish description, and a blank Spanish price with words, are translated on save and stay editable", async () => {
    const made = await createHome({ name: "Translated Home, Lot 2", priceSpanish: null, descriptionSpanish: null });
    expect(made).toMatchObject({ priceSpanish: fakeSpanish("$995/month"), descriptionSpanish: fakeSpanish("A tidy three-bedroom home near the park.") });
    expect(translator.requests.map((request) => request.body?.q)).toEqual(["$995/month", "A tidy three-bedroom home near the park."]);

    // Edited by hand afterwards: kept as typed, nothing translated.
    translator.reset();
    const response = await call(`/api/admin/properties/${made.id}`, {
      method: "PUT",
      body: home({ name: "Translated Home, Lot 2", priceSpanish: "$995 al mes", descriptionSpanish: "Una casa ordenada cerca del parque." }),
    });
    expect(await response.json()).toMatchObject({ priceSpanish: "$995 al mes", descriptionSpanish: "Una casa ordenada cerca del parque." });
    expect(translator.requests).toHaveLength(0);
    expect(await cardTexts("/admin/dashboard/properties", "Translated Home, Lot 2")).not.toEqual(expect.arrayContaining(["Spanish missing"]));
  });

  it("a price of digits only needs no Spanish: only the description is translated", async () => {
    const made = await createHome({ name: "Digits Home, Lot 3", price: "$64,500", priceSpanish: null, descriptionSpanish: null });
    expect(made).toMatchObject({ priceSpanish: null, descriptionSpanish: fakeSpanish("A tidy three-bedroom home near the park.") });
    expect(translator.requests).toHaveLength(1);
    expect(await cardTexts("/admin/dashboard/properties", "Digits Home, Lot 3")).not.toEqual(expect.arrayContaining(["Spanish missing"]));
  });

  it("when the service fails, the home is saved with its Spanish missing, and the toast says why", async () => {
    translator.setMode("fail");
    const fields = { ...home({ name: "Failed Home, Lot 4", priceSpanish: "", descriptionSpanish: "" }), isActive: "on" } as Record<string, string>;
    const saved = await postFormFollowed(app, site.cookie, "/admin/dashboard/properties/new", fields);
    expect(saved.location).toBe("/admin/dashboard/properties");
    expect(visibleTexts(saved.html)).toContain(`Property created successfully. ${HOME_TRANSLATION_FAILED}`);
    expect(row("select price_spanish as priceSpanish, description_spanish as descriptionSpanish from properties where name = ?", "Failed Home, Lot 4")).toEqual({ priceSpanish: null, descriptionSpanish: null });
    expect(await cardTexts("/admin/dashboard/properties?spanish=missing", "Failed Home, Lot 4")).toContain("Spanish missing");
  });

  it("when the service does not answer in time, the home is saved with its Spanish missing", async () => {
    translator.setMode("hang");
    const made = await createHome({ name: "Slow Home, Lot 5", priceSpanish: null, descriptionSpanish: null });
    expect(made).toMatchObject({ priceSpanish: null, descriptionSpanish: null });
    expect(await cardTexts("/admin/dashboard/properties?spanish=missing", "Slow Home, Lot 5")).toContain("Spanish missing");
  }, 20_000);

  it("the filter's counts match the badges, within a search too", async () => {
    for (const path of ["/admin/dashboard/properties", "/admin/dashboard/properties?q=home"]) {
      const counts = await filterCounts(path);
      const texts = await pageTexts(path);
      expect(counts.missing, path).toBe(texts.filter((text) => text === "Spanish missing").length - 1);
      expect(counts.outdated, path).toBe(texts.filter((text) => text === "Spanish out of date").length - 1);
    }
  });
});

describe("the demo catalogue", () => {
  it("every demo home's Spanish page shows its Spanish price and description, with 'Studio' in Spanish", async () => {
    const shown = DEMO_PROPERTIES.filter((listing) => listing.isActive);
    expect(shown.length).toBe(6);
    for (const listing of shown) {
      const { id } = row<{ id: number }>("select id from properties where name = ?", listing.name);
      const texts = visibleTexts(await (await fetch(`${app.url}/properties/${id}?lng=es`)).text());
      expect(listing.priceSpanish, listing.name).toBeTruthy();
      expect(listing.descriptionSpanish, listing.name).toBeTruthy();
      expect(texts, listing.name).toEqual(expect.arrayContaining([listing.priceSpanish, listing.descriptionSpanish]));
      expect(texts, listing.name).not.toContain(listing.description);
      if (listing.beds === "Studio") expect(texts, listing.name).toEqual(expect.arrayContaining(["Estudio"]));
    }
  });

  it("every demo FAQ is in Spanish on the Spanish home page", async () => {
    const texts = visibleTexts(await (await fetch(`${app.url}/?lng=es`)).text());
    const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
    for (const faq of DEMO_FAQS.filter((demo) => demo.isActive)) {
      expect(texts, faq.question).toEqual(expect.arrayContaining([oneLine(faq.questionSpanish), oneLine(faq.answerSpanish)]));
      expect(texts, faq.question).not.toContain(faq.question);
    }
  });

  it("a new demo site has no Spanish to do; without a translation service, the forms say blank Spanish stays blank", async () => {
    const fresh = await startSignedInApp({ email: "fresh@example.com" });
    const texts = async (path: string) => visibleTexts(await (await fetch(`${fresh.app.url}${path}`, { headers: { Cookie: fresh.cookie } })).text());
    try {
      expect(await texts("/admin/dashboard")).toEqual(expect.arrayContaining(["Spanish to do: 0", "Every home, FAQ and text has its Spanish up to date."]));
      expect(await texts("/admin/dashboard/faqs/new")).toContain(
        "No translation service is set up: Spanish left blank stays blank, and the Spanish site shows this FAQ in English until its Spanish is written here.",
      );

      // A listed home saved without Spanish: the toast and its Edit form say so, and the save went through.
      const fields = { ...home({ name: "Untranslated Home, Lot 6", priceSpanish: "", descriptionSpanish: "" }), isActive: "on" } as Record<string, string>;
      const saved = await postFormFollowed(fresh.app, fresh.cookie, "/admin/dashboard/properties/new", fields);
      expect(visibleTexts(saved.html)).toContain(
        "Property created successfully. No translation service is set up, so the Spanish was left blank and the Spanish site shows this home in English; you can add it by editing the property.",
      );
      const db = new Database(fresh.app.databasePath, { readonly: true });
      const { id } = db.prepare("select id from properties where name = ?").get("Untranslated Home, Lot 6") as { id: number };
      db.close();
      expect(await texts(`/admin/dashboard/properties/${id}/edit`)).toEqual(
        expect.arrayContaining([
          "No translation service is set up: Spanish left blank stays blank, and the Spanish site shows this home in English until its Spanish is written here.",
          "Spanish missing.",
          "This home is listed, and the Spanish site will show it in English until its Spanish is written. You can still save.",
        ]),
      );
      expect(await texts("/admin/dashboard")).toContain("Spanish to do: 1");
    } finally {
      await fresh.stop();
    }
  });
});
