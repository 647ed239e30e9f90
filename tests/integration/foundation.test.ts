import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICTIONARY } from "~/db/dictionary";
import { builtEntry, makeWorkDir, runBuilt, startServer, type RunningServer } from "../support/server";

const HEADER_AND_FOOTER_KEYS = [
  "header.nav.home",
  "header.nav.services",
  "header.nav.available_homes",
  "header.nav.available_homes.short",
  "header.nav.faq",
  "header.nav.contact_us",
  "header.nav.contact_us.short",
  "header.button.pay_rent",
  "header.button.apply_now",
  "header.language.english",
  "header.language.spanish",
  "footer.logo_alt",
  "footer.description",
  "footer.quick_links",
  "footer.nav.home",
  "footer.nav.services",
  "footer.nav.available_homes",
  "footer.nav.faq",
  "footer.nav.contact_us",
  "footer.nav.tenant_portal",
  "footer.nav.admin",
  "footer.contact_info",
  "footer.copyright",
];

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { ADMIN_EMAILS: "Boss@Example.com, second@example.com" } });
});
afterAll(async () => {
  await server?.stop();
});

async function page(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + pathname, { headers, redirect: "manual" });
  return { response, html: await response.text() };
}

describe("pages", () => {
  it("serves / in English with the header and footer", async () => {
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en"');
    for (const text of ["Services", "Available Homes", "Pay Rent", "Apply Now", "Quick Links", "Contact Info", "Tenant Portal (Pay Rent)"]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<a href="\/admin\/dashboard" target="_blank"[^>]*>Content Admin/);
    expect(html).toContain("(817) 555-0142");
  });

  it("answers in Spanish for Accept-Language: es", async () => {
    const { html } = await page("/", { "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(html).toContain('<html lang="es"');
    expect(html).toContain("Casas disponibles");
    expect(html).toContain("Servicios");
    expect(html).toContain("Pagar la renta");
    expect(html).not.toContain(">Available Homes<");
  });

  it("keeps a language chosen with ?lng= in a cookie for the next page", async () => {
    const { response } = await page("/?lng=es");
    const cookie = response.headers.get("set-cookie");
    expect(cookie).toMatch(/^lng=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const next = await page("/", { Cookie: cookie!.split(";")[0], "Accept-Language": "en-US" });
    expect(next.html).toContain('<html lang="es"');
    expect(next.html).toContain("Casas disponibles");
  });

  it("answers unknown paths with the 404 page", async () => {
    const { response, html } = await page("/no/such/page");
    expect(response.status).toBe(404);
    expect(html).toContain("<title>Page Not Found</title>");
    expect(html).toContain("Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
  });

  it("enforces a CSP whose nonce, new for every answer, is on every script of a page not shared (public pages: prepared-answers.test.ts)", async () => {
    const { response, html } = await page("/admin/login");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("tile.openstreetmap.org");
    expect(csp).toContain("object-src 'none'");
    // Every script that runs; JSON-LD blocks are data, which CSP does not govern.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await page("/admin/login");
    expect(second.response.headers.get("content-security-policy")).not.toContain(nonce!);
  });
});

describe("operations", () => {
  it("answers malformed URLs with a 4xx and keeps serving", async () => {
    for (const path of ["/%E0%A4%A", "/properties/%ZZ", "/api/properties/%ZZ/media", "/objects/%ZZ", "/variants/480/%ZZ", "/build/%ZZ"]) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
  });

  it("answers /healthz", async () => {
    const response = await fetch(server.url + "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("lists every dictionary entry with English and Spanish text", async () => {
    const response = await fetch(server.url + "/api/text-entries");
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeTruthy();
    const entries = (await response.json()) as { key: string; englishText: string; spanishText: string }[];
    expect(entries.length).toBe(DICTIONARY.length);
    for (const entry of entries) {
      expect(entry.englishText.trim(), entry.key).not.toBe("");
      expect(entry.spanishText.trim(), entry.key).not.toBe("");
    }
    const keys = new Set(entries.map((entry) => entry.key));
    for (const key of HEADER_AND_FOOTER_KEYS) expect(keys.has(key), key).toBe(true);
    const again = await fetch(server.url + "/api/text-entries", {
      headers: { "If-None-Match": response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("serves the seeded hero images at their filePath", async () => {
    const db = new Database(server.databasePath, { readonly: true });
    const heroes = db.prepare("select file_path from media where is_hero_image = 1").all() as { file_path: string }[];
    db.close();
    expect(heroes.length).toBe(3);
    for (const hero of heroes) {
      expect(hero.file_path).toMatch(/^\/objects\//);
      const response = await fetch(server.url + hero.file_path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("refuses bodies over 1 MB with 413, with or without Content-Length", async () => {
    const big = "x".repeat(1024 * 1024 + 10);
    const declared = await fetch(server.url + "/", {
      method: "POST",
      body: big,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(declared.status).toBe(413);
    const chunk = new TextEncoder().encode("y".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const chunked = await fetch(server.url + "/", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it("refuses state-changing requests from another site with 403", async () => {
    const fromOrigin = await fetch(server.url + "/", {
      method: "POST",
      body: "a=1",
      headers: { Origin: "https://attacker.example", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(fromOrigin.status).toBe(403);
    const fromFetchSite = await fetch(server.url + "/", {
      method: "POST",
      body: "a=1",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(fromFetchSite.status).toBe(403);
    const sameOrigin = await fetch(server.url + "/", {
      method: "POST",
      body: "a=1",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(sameOrigin.status).not.toBe(403);
  });

  it("puts ADMIN_EMAILS on the whitelist, lowercased, as bootstrap", () => {
    const db = new Database(server.databasePath, { readonly: true });
    const rows = db.prepare("select email, added_by from admin_whitelist order by email").all();
    db.close();
    expect(rows).toEqual([
      { email: "boss@example.com", added_by: "bootstrap" },
      { email: "second@example.com", added_by: "bootstrap" },
    ]);
  });

  it("makes an online backup that passes integrity_check", () => {
    const target = path.join(makeWorkDir("backup-"), "copy.db");
    execFileSync(process.execPath, [builtEntry("db-backup"), target], { cwd: server.workDir });
    const copy = new Database(target, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const count = copy.prepare("select count(*) as n from text_entries").get() as { n: number };
    copy.close();
    expect(count.n).toBe(DICTIONARY.length);
  });
});

describe("restarts and configuration", () => {
  it("keeps all data across a restart and reseeds nothing", async () => {
    const first = await startServer({ env: { ADMIN_EMAILS: "owner@example.com" } });
    expect(await first.stop()).toBe(0);

    const db = new Database(first.databasePath);
    db.prepare("update text_entries set english_text = 'Edited home' where key = 'header.nav.home'").run();
    db.prepare("delete from faqs where id = (select min(id) from faqs)").run();
    const before = {
      properties: db.prepare("select count(*) as n from properties").get(),
      faqs: db.prepare("select count(*) as n from faqs").get(),
      media: db.prepare("select count(*) as n from media").get(),
      texts: db.prepare("select count(*) as n from text_entries").get(),
    };
    db.close();

    const second = await startServer({ workDir: first.workDir, env: { ADMIN_EMAILS: "owner@example.com" } });
    const html = await (await fetch(second.url + "/")).text();
    expect(html).toContain("Edited home");
    await second.stop();

    const after = new Database(first.databasePath, { readonly: true });
    expect({
      properties: after.prepare("select count(*) as n from properties").get(),
      faqs: after.prepare("select count(*) as n from faqs").get(),
      media: after.prepare("select count(*) as n from media").get(),
      texts: after.prepare("select count(*) as n from text_entries").get(),
    }).toEqual(before);
    expect(after.prepare("select count(*) as n from admin_whitelist").get()).toEqual({ n: 1 });
    after.close();
  });

  it("starts with an empty catalogue when SEED_DEMO=0", async () => {
    const empty = await startServer({ env: { SEED_DEMO: "0" } });
    await empty.stop();
    const db = new Database(empty.databasePath, { readonly: true });
    expect(db.prepare("select count(*) as n from properties").get()).toEqual({ n: 0 });
    expect(db.prepare("select count(*) as n from faqs").get()).toEqual({ n: 0 });
    expect(db.prepare("select count(*) as n from text_entries").get()).toEqual({ n: DICTIONARY.length });
    db.close();
  });

  it("refuses to start with a bad value and names the variable", async () => {
    const child = runBuilt("server", [], { cwd: makeWorkDir(), env: { PORT: "eighty" } });
    let output = "";
    child.stderr?.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("PORT");
  });

  it("applies migrations with npm run db:migrate", () => {
    const workDir = makeWorkDir();
    const out = execFileSync(process.execPath, [builtEntry("db-migrate")], { cwd: workDir }).toString();
    expect(out).toContain("up to date");
    const db = new Database(path.join(workDir, "data", "app.db"), { readonly: true });
    const tables = (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name);
    db.close();
    for (const table of ["properties", "media", "faqs", "contact_messages", "admin_users", "admin_whitelist", "magic_tokens", "configurations", "text_entries", "users", "sessions"]) {
      expect(tables).toContain(table);
    }
  });
});
