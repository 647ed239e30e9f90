import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visibleTexts } from "../support/html";
import { expectJson, jsonCaller, startSignedInApp } from "../support/admin-api";
import type { RunningServer } from "../support/server";

/** docs/product.md §7: GET /api/admin/text-entries and PUT /api/admin/text-entries/{id}. */

const MESSAGES = {
  updated: "Text entry updated successfully",
  updateFailed: "Failed to update text entry",
  keyRequired: "The key is required",
  keyChanged: "The key of a text entry cannot be changed",
  englishRequired: "English text is required",
  tooLong: "At most 5000 characters",
  notFound: "That text entry does not exist",
  notAnObject: "The request body must be a JSON object.",
};

type Entry = { id: number; key: string; englishText: string; spanishText: string; createdAt: string; updatedAt: string };
type Row = { id: number; key: string; englishText: string; spanishText: string; createdAt: number; updatedAt: number };

let app: RunningServer;
let adminCookie: string;
let stop = async () => {};

beforeAll(async () => {
  ({ app, cookie: adminCookie, stop } = await startSignedInApp());
});
afterAll(() => stop());

const call = jsonCaller(() => app, () => adminCookie);

async function list(q?: string): Promise<Entry[]> {
  const response = await call(q === undefined ? "/api/admin/text-entries" : `/api/admin/text-entries?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as Entry[];
}

const put = (id: number | string, body: unknown) => call(`/api/admin/text-entries/${id}`, { method: "PUT", body });

function rows(): Row[] {
  const db = new Database(app.databasePath, { readonly: true });
  const result = db
    .prepare(
      "select id, key, english_text as englishText, spanish_text as spanishText, created_at as createdAt, updated_at as updatedAt from text_entries order by id",
    )
    .all() as Row[];
  db.close();
  return result;
}

const rowOf = (key: string) => rows().find((row) => row.key === key)!;

/** What the Text tab's search promises, worked out here from the whole list. */
function contains(entry: Entry, query: string) {
  const needle = query.toLocaleLowerCase();
  return [entry.key, entry.englishText, entry.spanishText].some((text) => text.toLocaleLowerCase().includes(needle));
}

describe("without an admin session", () => {
  it.each([
    ["GET", "/api/admin/text-entries"],
    ["GET", "/api/admin/text-entries?q=home"],
    ["PUT", "/api/admin/text-entries/1"],
    ["POST", "/api/admin/text-entries"],
    ["DELETE", "/api/admin/text-entries/1"],
    ["PUT", "/api/admin/text-entries/999999"],
  ])("%s %s answers 401 JSON and changes nothing", async (method, path) => {
    const before = rows();
    const entry = before[0];
    const body = method === "GET" ? undefined : { key: entry.key, englishText: "Intruder", spanishText: "Intruso" };
    const response = await call(path, { method, cookie: null, body });
    await expectJson(response, 401, { error: "Unauthorized" });
    expect(rows()).toEqual(before);
  });

  it("answers 401 for a cookie that names no session, before looking at the body", async () => {
    const response = await call("/api/admin/text-entries/abc", { method: "PUT", cookie: "__session=forged", rawBody: "[" });
    await expectJson(response, 401, { error: "Unauthorized" });
  });
});

describe("GET /api/admin/text-entries", () => {
  it("lists every entry with id, key, englishText, spanishText, createdAt and updatedAt, ordered by key", async () => {
    const entries = await list();
    const stored = rows();
    expect(entries.length).toBe(stored.length);
    expect(entries.length).toBeGreaterThan(50);
    const keys = entries.map((entry) => entry.key);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(["createdAt", "englishText", "id", "key", "spanishText", "updatedAt"]);
      const row = stored.find((r) => r.id === entry.id)!;
      expect(entry).toEqual({
        id: row.id,
        key: row.key,
        englishText: row.englishText,
        spanishText: row.spanishText,
        createdAt: new Date(row.createdAt).toISOString(),
        updatedAt: new Date(row.updatedAt).toISOString(),
      });
    }
    expect(entries.find((entry) => entry.key === "header.nav.home")).toMatchObject({ englishText: "Home", spanishText: "Inicio" });
  });

  it("?q= matches the key in any case", async () => {
    const all = await list();
    const found = await list("HEADER.NAV.");
    expect(found.map((entry) => entry.key)).toContain("header.nav.home");
    expect(found.every((entry) => entry.key.startsWith("header.nav."))).toBe(true);
    expect(found).toEqual(all.filter((entry) => contains(entry, "header.nav.")));
  });

  it("?q= matches the English text in any case", async () => {
    const all = await list();
    const found = await list("professionally MANAGED");
    expect(found.map((entry) => entry.key)).toContain("hero.title");
    expect(found).toEqual(all.filter((entry) => contains(entry, "professionally managed")));
  });

  it("?q= matches the Spanish text in any case, accented capitals included", async () => {
    const all = await list();
    const found = await list("INGLÉS");
    const keys = found.map((entry) => entry.key);
    // "Inglés" and "Cambiar a Inglés": only the Spanish text holds the word.
    expect(keys).toEqual(expect.arrayContaining(["header.language.english", "header.language.tooltip"]));
    expect(found.every((entry) => entry.spanishText.toLocaleLowerCase().includes("inglés"))).toBe(true);
    expect(found).toEqual(all.filter((entry) => contains(entry, "inglés")));
    expect(await list("inglés")).toEqual(found);
    expect((await list("ADMINISTRACIÓN PROFESIONAL")).map((entry) => entry.key)).toContain("hero.title");
  });

  it("?q= that matches nothing is an empty list; a blank one is the whole list", async () => {
    expect(await list("no such text anywhere zzz")).toEqual([]);
    expect(await list("   ")).toEqual(await list());
    expect(await list("")).toEqual(await list());
  });
});

describe("PUT /api/admin/text-entries/{id}", () => {
  it("stores trimmed texts: 200 with the updated entry and the message; updatedAt moves, createdAt stays", async () => {
    const before = rowOf("contact.hours");
    const response = await put(before.id, {
      key: "contact.hours",
      englishText: "  Monday - Saturday: 8:00 AM - 6:00 PM ",
      spanishText: " Lunes a sábado: 8:00 a. m. - 6:00 p. m. ",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Entry & { message: string };
    expect(body).toMatchObject({
      id: before.id,
      key: "contact.hours",
      englishText: "Monday - Saturday: 8:00 AM - 6:00 PM",
      spanishText: "Lunes a sábado: 8:00 a. m. - 6:00 p. m.",
      createdAt: new Date(before.createdAt).toISOString(),
      message: MESSAGES.updated,
    });
    expect(Object.keys(body).sort()).toEqual(["createdAt", "englishText", "id", "key", "message", "spanishText", "updatedAt"]);

    const after = rowOf("contact.hours");
    expect(after).toMatchObject({ englishText: body.englishText, spanishText: body.spanishText, createdAt: before.createdAt });
    expect(after.updatedAt).toBeGreaterThan(before.updatedAt);
    expect(Math.abs(after.updatedAt - Date.now())).toBeLessThan(60_000);
    expect(body.updatedAt).toBe(new Date(after.updatedAt).toISOString());

    const { message: _message, ...entry } = body;
    expect((await list()).find((listed) => listed.id === before.id)).toEqual(entry);
  });

  it("leaves the other entries alone", async () => {
    const before = rows();
    const target = before.find((row) => row.key === "hero.subtitle")!;
    expect((await put(target.id, { key: target.key, englishText: "A new subtitle", spanishText: "Un subtítulo nuevo" })).status).toBe(200);
    const after = rows();
    expect(after.filter((row) => row.id !== target.id)).toEqual(before.filter((row) => row.id !== target.id));
  });

  it("stores a blank Spanish text (the site then shows the English one)", async () => {
    const target = rowOf("contact.title");
    const response = await put(target.id, { key: target.key, englishText: target.englishText, spanishText: "   " });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Entry).spanishText).toBe("");
    expect(rowOf("contact.title").spanishText).toBe("");
  });

  const valid = () => {
    const row = rowOf("footer.nav.home");
    return { id: row.id, body: { key: row.key, englishText: "Start page", spanishText: "Página de inicio" } };
  };

  it.each([
    ["a blank English text", { englishText: "   " }, { englishText: [MESSAGES.englishRequired] }],
    ["an empty English text", { englishText: "" }, { englishText: [MESSAGES.englishRequired] }],
    ["no English text", { englishText: undefined }, { englishText: [MESSAGES.englishRequired] }],
    ["no key", { key: undefined }, { key: [MESSAGES.keyRequired] }],
    ["a blank key", { key: "  " }, { key: [MESSAGES.keyRequired] }],
    ["a too long English text", { englishText: "x".repeat(5001) }, { englishText: [MESSAGES.tooLong] }],
    ["a too long Spanish text", { spanishText: "y".repeat(5001) }, { spanishText: [MESSAGES.tooLong] }],
    ["no key and no English text", { key: undefined, englishText: undefined }, { key: [MESSAGES.keyRequired], englishText: [MESSAGES.englishRequired] }],
  ])("answers 400 with the field errors for %s and writes nothing", async (_name, change, fieldErrors) => {
    const { id, body } = valid();
    const before = rows();
    await expectJson(await put(id, { ...body, ...change }), 400, { error: MESSAGES.updateFailed, fieldErrors });
    expect(rows()).toEqual(before);
  });

  it("accepts texts of exactly 5000 characters", async () => {
    const { id, body } = valid();
    const response = await put(id, { ...body, englishText: "e".repeat(5000), spanishText: "s".repeat(5000) });
    expect(response.status).toBe(200);
    expect(rowOf("footer.nav.home").englishText).toHaveLength(5000);
    expect((await put(id, { ...body, englishText: "Home", spanishText: "Inicio" })).status).toBe(200);
  });

  it("answers 400 for texts that are not strings and writes nothing", async () => {
    const { id, body } = valid();
    const before = rows();
    const response = await put(id, { ...body, englishText: 42, spanishText: ["a"] });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const answer = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(answer.error).toBe(MESSAGES.updateFailed);
    expect(Object.keys(answer.fieldErrors).sort()).toEqual(["englishText", "spanishText"]);
    expect(rows()).toEqual(before);
  });

  it.each([
    ["an array", JSON.stringify([{ key: "footer.nav.home", englishText: "Array" }])],
    ["broken JSON", "{\"key\": \"footer.nav.home\", \"englishText\": \"Broken\""],
    ["null", "null"],
    ["a string", "\"footer.nav.home\""],
    ["a number", "42"],
    ["a form body", "key=footer.nav.home&englishText=Form"],
    ["no body", ""],
  ])("answers 400 for %s as the body and writes nothing", async (_name, rawBody) => {
    const { id } = valid();
    const before = rows();
    const response = await call(`/api/admin/text-entries/${id}`, { method: "PUT", rawBody });
    await expectJson(response, 400, {
      error: MESSAGES.notAnObject,
      fieldErrors: { key: [MESSAGES.keyRequired], englishText: [MESSAGES.englishRequired] },
    });
    expect(rows()).toEqual(before);
  });

  it.each([
    ["another entry's key", "header.nav.home"],
    ["a new key", "footer.nav.start"],
    ["the key in other case", "FOOTER.NAV.HOME"],
  ])("refuses to change the key (%s): 400 on the key field, nothing written", async (_name, key) => {
    const { id, body } = valid();
    const before = rows();
    await expectJson(await put(id, { ...body, key }), 400, {
      error: MESSAGES.keyChanged,
      fieldErrors: { key: [MESSAGES.keyChanged] },
    });
    expect(rows()).toEqual(before);
  });

  it.each([["999999"], ["abc"], ["0"], ["-1"], ["1.5"], ["1e3"]])("answers 404 JSON for the id %s and writes nothing", async (id) => {
    const { body } = valid();
    const before = rows();
    await expectJson(await put(id, body), 404, { error: MESSAGES.notFound });
    expect(rows()).toEqual(before);
  });
});

describe("wrong methods", () => {
  it.each([
    ["POST", "/api/admin/text-entries", "GET"],
    ["PUT", "/api/admin/text-entries", "GET"],
    ["DELETE", "/api/admin/text-entries", "GET"],
    ["DELETE", "/api/admin/text-entries/1", "PUT"],
    ["GET", "/api/admin/text-entries/1", "PUT"],
    ["POST", "/api/admin/text-entries/1", "PUT"],
    ["PATCH", "/api/admin/text-entries/1", "PUT"],
  ])("%s %s answers 405 JSON with Allow: %s and changes nothing", async (method, path, allow) => {
    const before = rows();
    const entry = before[0];
    const body = method === "GET" ? undefined : { key: entry.key, englishText: "Wrong method", spanishText: "Método incorrecto" };
    const response = await call(path, { method, body });
    await expectJson(response, 405, { error: "Method not allowed" });
    expect(response.headers.get("allow")).toBe(allow);
    expect(rows()).toEqual(before);
  });
});

describe("the public site after an edit", () => {
  let spanishCookie: string;

  async function publicEntry(key: string): Promise<Entry> {
    const response = await fetch(`${app.url}/api/text-entries`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Entry[]).find((entry) => entry.key === key)!;
  }

  /** The home page's visible texts, in English or (through the language cookie) Spanish. */
  async function homeTexts(language: "en" | "es"): Promise<string[]> {
    const response = await fetch(`${app.url}/`, { headers: language === "es" ? { Cookie: spanishCookie } : {} });
    expect(response.status).toBe(200);
    return visibleTexts(await response.text());
  }

  async function spanishHomeByParam(): Promise<string[]> {
    const response = await fetch(`${app.url}/?lng=es`);
    expect(response.status).toBe(200);
    return visibleTexts(await response.text());
  }

  /** Changes the stored row behind the server's back: no cache is told about it. */
  function writeDirectly(key: string, englishText: string) {
    const db = new Database(app.databasePath);
    db.prepare("update text_entries set english_text = ? where key = ?").run(englishText, key);
    db.close();
  }

  beforeAll(async () => {
    const response = await fetch(`${app.url}/?lng=es`);
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("lng="));
    expect(cookie).toBeTruthy();
    spanishCookie = cookie!.split(";")[0];
  });

  it("shows a changed English and Spanish text at once on /api/text-entries and the home page", async () => {
    const title = rowOf("hero.title");
    const nav = rowOf("header.nav.home");

    // The public answers as they stand, now held by the page cache.
    expect(await publicEntry("hero.title")).toMatchObject({ englishText: title.englishText, spanishText: title.spanishText });
    expect(await homeTexts("en")).toEqual(expect.arrayContaining([title.englishText, "Home"]));
    expect(await homeTexts("es")).toEqual(expect.arrayContaining([title.spanishText, "Inicio"]));

    // A change that bypasses the app is not seen: the answers really are cached.
    writeDirectly("hero.title", "Written behind the server's back");
    expect((await publicEntry("hero.title")).englishText).toBe(title.englishText);
    expect(await homeTexts("en")).toContain(title.englishText);

    const newTitle = { englishText: "Homes Cared For Across Texas", spanishText: "Casas cuidadas en todo Texas" };
    expect((await put(title.id, { key: "hero.title", ...newTitle })).status).toBe(200);
    expect((await put(nav.id, { key: "header.nav.home", englishText: "Start", spanishText: "Comienzo" })).status).toBe(200);

    expect(await publicEntry("hero.title")).toMatchObject(newTitle);
    expect(await publicEntry("header.nav.home")).toMatchObject({ englishText: "Start", spanishText: "Comienzo" });

    const english = await homeTexts("en");
    expect(english).toEqual(expect.arrayContaining([newTitle.englishText, "Start"]));
    expect(english).not.toContain(title.englishText);
    expect(english).not.toContain("Written behind the server's back");

    const spanish = await homeTexts("es");
    expect(spanish).toEqual(expect.arrayContaining([newTitle.spanishText, "Comienzo"]));
    expect(spanish).not.toContain(title.spanishText);
    expect(spanish).not.toContain(newTitle.englishText);

    const spanishByParam = await spanishHomeByParam();
    expect(spanishByParam).toEqual(expect.arrayContaining([newTitle.spanishText, "Comienzo"]));
  });

  it("shows the English text on the Spanish home page when the Spanish one is blank", async () => {
    const title = rowOf("hero.title");
    // Prime the caches with the Spanish text.
    expect(await homeTexts("es")).toContain(title.spanishText);

    expect((await put(title.id, { key: "hero.title", englishText: "Homes for Everyone in Texas", spanishText: "" })).status).toBe(200);

    expect(await publicEntry("hero.title")).toMatchObject({ englishText: "Homes for Everyone in Texas", spanishText: "" });
    const spanish = await homeTexts("es");
    expect(spanish).toContain("Homes for Everyone in Texas");
    expect(spanish).not.toContain(title.spanishText);
    // The rest of the page is still Spanish.
    expect(spanish).toContain("Comienzo");
    expect(await spanishHomeByParam()).toContain("Homes for Everyone in Texas");
    expect(await homeTexts("en")).toContain("Homes for Everyone in Texas");

    // A Spanish text again replaces the fallback.
    expect((await put(title.id, { key: "hero.title", englishText: "Homes for Everyone in Texas", spanishText: "Casas para todos en Texas" })).status).toBe(200);
    const again = await homeTexts("es");
    expect(again).toContain("Casas para todos en Texas");
    expect(again).not.toContain("Homes for Everyone in Texas");
  });
});

describe("what a text may hold (decision 041)", () => {
  const LINK_RULE = "Links must start with https://, http://, mailto: or tel:";
  const TEXT_RULE = "A text may not contain control characters or text direction overrides (such as NUL, ESC or U+202E); line breaks and tabs are fine";

  /** A form post from the Text tab as a browser without JavaScript sends it (not followed). */
  function postTextForm(id: number, fields: Record<string, string>) {
    return fetch(`${app.url}/admin/dashboard/text/${id}/edit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: adminCookie },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
  }

  const hrefsOf = (html: string) => [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]);

  const BAD_LINKS = [
    ["a javascript: link", "javascript:alert(document.cookie)"],
    ["a javascript: link in capitals", "JavaScript:alert(1)"],
    ["a javascript: link split by a tab", "java\tscript:alert(1)"],
    ["a data: link", "data:text/html,<script>alert(1)</script>"],
    ["a vbscript: link", "vbscript:msgbox(1)"],
    ["an address on another site without a scheme", "//evil.example/pay"],
    ["a path", "/pay-rent"],
    ["an address without a scheme", "portal.example.com/pay"],
    ["a link with a right-to-left override", "https://portal.example.com/\u202Etxt.exe"],
  ];

  it.each(BAD_LINKS)("refuses %s as the Pay Rent link, in English or Spanish: 400 naming the rule, nothing written", async (_name, link) => {
    const entry = rowOf("links.pay_rent_url");
    const before = rows();
    await expectJson(await put(entry.id, { key: entry.key, englishText: link, spanishText: entry.spanishText }), 400, {
      error: MESSAGES.updateFailed,
      fieldErrors: { englishText: [LINK_RULE] },
    });
    await expectJson(await put(entry.id, { key: entry.key, englishText: entry.englishText, spanishText: link }), 400, {
      error: MESSAGES.updateFailed,
      fieldErrors: { spanishText: [LINK_RULE] },
    });
    expect(rows()).toEqual(before);
  });

  it("refuses a javascript: link for every link entry, and from the Text tab's form with the rule on the page", async () => {
    for (const key of ["links.maintenance_url", "links.facebook_url", "links.linkedin_url"]) {
      const entry = rowOf(key);
      const before = rows();
      await expectJson(await put(entry.id, { key, englishText: "javascript:alert(1)", spanishText: "" }), 400, {
        error: MESSAGES.updateFailed,
        fieldErrors: { englishText: [LINK_RULE] },
      });
      expect(rows()).toEqual(before);
    }

    const entry = rowOf("links.pay_rent_url");
    const before = rows();
    const response = await postTextForm(entry.id, { key: entry.key, englishText: "javascript:alert(document.cookie)", spanishText: entry.spanishText });
    expect(response.status).toBe(400);
    expect(visibleTexts(await response.text())).toContain(LINK_RULE);
    expect(rows()).toEqual(before);
  });

  it("accepts https, http, mailto: and tel: links, which the public pages then link to", async () => {
    const entry = rowOf("links.pay_rent_url");
    for (const link of ["http://portal.example.com/pay", "mailto:rent@example.com", "tel:+18175550142", "https://pay.example.com/rent?unit=5"]) {
      const response = await put(entry.id, { key: entry.key, englishText: link, spanishText: "" });
      expect(response.status, link).toBe(200);
      expect(rowOf("links.pay_rent_url").englishText).toBe(link);
    }
    const home = await fetch(`${app.url}/`);
    expect(hrefsOf(await home.text())).toContain("https://pay.example.com/rent?unit=5");
    expect((await put(entry.id, { key: entry.key, englishText: entry.englishText, spanishText: entry.spanishText })).status).toBe(200);
  });

  it.each([
    ["NUL", "\u0000"],
    ["ESC", "\u001b[2J"],
    ["a right-to-left override", "\u202E"],
    ["a left-to-right isolate", "\u2066"],
    ["DEL", "\u007f"],
    ["a C1 control", "\u009b"],
  ])("refuses %s in a text, in English or Spanish: 400 naming the rule, nothing written", async (_name, character) => {
    const entry = rowOf("contact.hours");
    const before = rows();
    await expectJson(await put(entry.id, { key: entry.key, englishText: `Monday${character} - Friday`, spanishText: entry.spanishText }), 400, {
      error: MESSAGES.updateFailed,
      fieldErrors: { englishText: [TEXT_RULE] },
    });
    await expectJson(await put(entry.id, { key: entry.key, englishText: entry.englishText, spanishText: `Lunes${character} a viernes` }), 400, {
      error: MESSAGES.updateFailed,
      fieldErrors: { spanishText: [TEXT_RULE] },
    });
    const form = await postTextForm(entry.id, { key: entry.key, englishText: `Monday${character} - Friday`, spanishText: entry.spanishText });
    expect(form.status).toBe(400);
    expect(visibleTexts(await form.text())).toContain(TEXT_RULE);
    expect(rows()).toEqual(before);
  });

  it("keeps a text's line breaks and tabs", async () => {
    const entry = rowOf("footer.description");
    const text = "We manage homes.\r\n\r\n\tAnd communities.\nAcross Texas.";
    expect((await put(entry.id, { key: entry.key, englishText: text, spanishText: entry.spanishText })).status).toBe(200);
    expect(rowOf("footer.description").englishText).toBe(text);
    expect((await put(entry.id, { key: entry.key, englishText: entry.englishText, spanishText: entry.spanishText })).status).toBe(200);
  });

  it("never renders a link written into the database past these checks as a javascript: href on the public pages", async () => {
    const keys = ["links.pay_rent_url", "links.maintenance_url", "links.facebook_url"];
    const originals = keys.map(rowOf);
    const db = new Database(app.databasePath);
    const write = (key: string, englishText: string, spanishText: string) =>
      db.prepare("update text_entries set english_text = ?, spanish_text = ? where key = ?").run(englishText, spanishText, key);
    try {
      for (const key of keys) write(key, "javascript:alert(document.cookie)", "javascript:alert(document.cookie)");
      // Any write through the app empties the page cache; this one is refused.
      expect((await put(rowOf("contact.hours").id, { key: "contact.hours", englishText: "" })).status).toBe(400);

      for (const path of ["/", "/?lng=es", "/properties"]) {
        const response = await fetch(`${app.url}${path}`);
        expect(response.status).toBe(200);
        const hrefs = hrefsOf(await response.text());
        expect(hrefs.filter((href) => /^\s*javascript:/i.test(href)), path).toEqual([]);
        // The Pay Rent link is still there, pointing nowhere.
        expect(hrefs, path).toContain("#");
      }
    } finally {
      for (const original of originals) write(original.key, original.englishText, original.spanishText);
      db.close();
    }
  });
});
