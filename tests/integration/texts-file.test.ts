import zlib from "node:zlib";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICTIONARY } from "~/db/dictionary";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";

// Decision 056: a page's HTML no longer carries the text dictionary; it links its
// language's file by version, which the browser keeps for good.

let signedIn: SignedInApp;
const call = jsonCaller(() => signedIn.app, () => signedIn.cookie);

beforeAll(async () => {
  signedIn = await startSignedInApp({ email: "texts@example.com" });
});
afterAll(async () => {
  await signedIn?.stop();
});

const TEXTS_LINK = /<link rel="preload" as="fetch" crossorigin="anonymous" href="(\/texts\/(en|es)\.json\?v=([0-9a-f]{12}))" data-texts=""/;

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${signedIn.app.url}${path}`, { headers });
  const html = await response.text();
  const link = TEXTS_LINK.exec(html);
  return { response, html, href: link?.[1], language: link?.[2], version: link?.[3] };
}

type Entry = { id: number; key: string; englishText: string; spanishText: string };

async function entries(): Promise<Entry[]> {
  return (await (await fetch(`${signedIn.app.url}/api/text-entries`)).json()) as Entry[];
}

/** Each language's dictionary as the site builds it from the entries (a blank Spanish text shows the English). */
function dictionaries(list: Entry[]) {
  const en: Record<string, string> = {};
  const es: Record<string, string> = {};
  for (const entry of list) {
    en[entry.key] = entry.englishText;
    es[entry.key] = entry.spanishText.trim() ? entry.spanishText : entry.englishText;
  }
  return { en, es };
}

/** A GET whose body comes as sent (fetch would decompress it). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${signedIn.app.url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("a page's texts", () => {
  it.each([
    ["/", "en", {}],
    ["/?lng=es", "es", {}],
    ["/properties", "es", { "Accept-Language": "es-MX,es;q=0.9" }],
    ["/properties/1", "en", {}],
    ["/missing-page", "es", { "Accept-Language": "es" }],
  ] as const)("%s (%s) links its language's file and carries no dictionary", async (path, language, headers) => {
    const { response, html, href, language: linked } = await page(path, headers);
    expect(response.status).toBe(path === "/missing-page" ? 404 : 200);
    expect(href, "the texts link").toBeDefined();
    expect(linked).toBe(language);
    // Drawn in its language all the same.
    expect(html).toContain(`<html lang="${language}"`);
    // Not one key of the dictionary is in the page (all 376 were, in its loader data).
    expect(DICTIONARY.map((entry) => entry.key).filter((key) => html.includes(key))).toEqual([]);
  });

  it("the linked file is the language's whole dictionary, kept for a year; another version gets today's texts, revalidated", async () => {
    const expected = dictionaries(await entries());
    for (const language of ["en", "es"] as const) {
      const { href, version } = await page(`/?lng=${language}`);
      const current = await fetch(`${signedIn.app.url}${href}`);
      expect(current.status).toBe(200);
      expect(current.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(current.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // The usual security headers of every answer.
      expect(current.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await current.json()).toEqual(expected[language]);

      for (const stale of [`/texts/${language}.json?v=000000000000`, `/texts/${language}.json`]) {
        const answer = await fetch(`${signedIn.app.url}${stale}`);
        expect(answer.status, stale).toBe(200);
        expect(answer.headers.get("cache-control"), stale).toBe("no-cache");
        expect(await answer.json()).toEqual(expected[language]);
      }
      expect(version).toMatch(/^[0-9a-f]{12}$/);
    }
  });

  it("is compressed like the other answers", async () => {
    const { href } = await page("/");
    const identity = await rawGet(href!, { "Accept-Encoding": "identity" });
    const br = await rawGet(href!, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(identity.body.toString("utf8"));
    expect(br.body.length).toBeLessThan(identity.body.length / 2);
  });

  it.each(["/texts/fr.json", "/texts/EN.json", "/texts/en.js", "/texts/en", "/texts/en.json.map"])("%s is not found", async (path) => {
    const response = await fetch(`${signedIn.app.url}${path}?v=1`);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).not.toMatch(/immutable/);
  });

  it("an admin's edit of a text gives its language a new version; the old one answers the new texts, revalidated", async () => {
    const entry = (await entries()).find((item) => item.key === "faq.title")!;
    const before = { en: await page("/"), es: await page("/?lng=es") };
    const englishText = `Questions, edited ${Date.now().toString(36)}`;
    const edit = await call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText, spanishText: entry.spanishText } });
    expect(edit.status).toBe(200);
    try {
      const after = { en: await page("/"), es: await page("/?lng=es") };
      expect(after.en.version).not.toBe(before.en.version);
      // The Spanish text is the same: so is its file.
      expect(after.es.version).toBe(before.es.version);
      expect(after.en.html).toContain(englishText);

      const fresh = await fetch(`${signedIn.app.url}${after.en.href}`);
      expect(fresh.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(((await fresh.json()) as Record<string, string>)["faq.title"]).toBe(englishText);
      const old = await fetch(`${signedIn.app.url}${before.en.href}`);
      expect(old.headers.get("cache-control")).toBe("no-cache");
      expect(((await old.json()) as Record<string, string>)["faq.title"]).toBe(englishText);
    } finally {
      await call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText: entry.englishText, spanishText: entry.spanishText } });
    }
    // The same texts again: the same version as before the edit.
    expect((await page("/")).version).toBe(before.en.version);
  });
});
