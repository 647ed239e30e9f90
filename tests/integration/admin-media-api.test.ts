import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, startSignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import type { RunningServer } from "../support/server";

/**
 * docs/product.md §7: GET /api/admin/media, PATCH /api/admin/media/{id}/hero and
 * DELETE /api/admin/media/{id}; and the Media tab's paging through the URL.
 */

const MESSAGES = {
  heroUpdated: "Hero image status updated successfully",
  heroFailed: "Failed to update hero image status",
  heroNotBoolean: "isHeroImage must be true or false",
  deleted: "File deleted successfully",
  notFound: "That media item does not exist",
  notAnObject: "The request body must be a JSON object.",
};

const FIELDS = ["createdAt", "filePath", "fileSize", "filename", "id", "isHeroImage", "mimeType", "originalName", "propertyId"];

type Item = {
  id: number;
  filename: string;
  originalName: string;
  filePath: string;
  fileSize: number;
  mimeType: string;
  isHeroImage: boolean;
  propertyId: number | null;
  createdAt: string;
};
type Row = { id: number; filePath: string; isHeroImage: number; propertyId: number | null };

let app: RunningServer;
let adminCookie: string;
let stop = async () => {};

beforeAll(async () => {
  ({ app, cookie: adminCookie, stop } = await startSignedInApp());
});
afterAll(() => stop());

const call = jsonCaller(() => app, () => adminCookie);

async function list(query = ""): Promise<{ items: Item[]; total: number }> {
  const response = await call(`/api/admin/media${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { items: (await response.json()) as Item[], total: Number(response.headers.get("x-total-count")) };
}

const patchHero = (id: number | string, body: unknown) => call(`/api/admin/media/${id}/hero`, { method: "PATCH", body });
const remove = (id: number | string) => call(`/api/admin/media/${id}`, { method: "DELETE" });

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(app.databasePath);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

function rows(): Row[] {
  return withDb(
    (db) =>
      db.prepare("select id, file_path as filePath, is_hero_image as isHeroImage, property_id as propertyId from media order by id").all() as Row[],
  );
}

const uploads = () => path.join(app.workDir, "data", "uploads");

/** A media row of our own, with (by default) a real image file under data/uploads. */
async function addMedia(options: { key: string; name?: string; writeFile?: boolean; propertyId?: number | null; createdAt?: number }): Promise<number> {
  if (options.writeFile !== false) {
    const file = path.join(uploads(), options.key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#1f5f99" } }).png().toBuffer();
    fs.writeFileSync(file, png);
  }
  return withDb((db) => {
    const result = db
      .prepare(
        "insert into media (filename, original_name, file_path, file_size, mime_type, is_hero_image, property_id, created_at) values (?, ?, ?, ?, ?, 0, ?, ?)",
      )
      .run(path.basename(options.key), options.name ?? path.basename(options.key), `/objects/${options.key}`, 1234, "image/png", options.propertyId ?? null, options.createdAt ?? Date.now());
    return Number(result.lastInsertRowid);
  });
}

describe("without an admin session", () => {
  it.each([
    ["GET", "/api/admin/media"],
    ["PATCH", "/api/admin/media/1/hero"],
    ["DELETE", "/api/admin/media/1"],
  ])("%s %s answers 401 JSON and changes nothing", async (method, urlPath) => {
    const before = rows();
    const response = await call(urlPath, { method, cookie: null, body: method === "PATCH" ? { isHeroImage: false } : undefined });
    await expectJson(response, 401, { error: "Unauthorized" });
    expect(rows()).toEqual(before);
  });
});

describe("GET /api/admin/media", () => {
  it("lists every media item with the fields of docs/product.md §3, newest first, with the total in X-Total-Count", async () => {
    const { items, total } = await list();
    // The demo catalogue: 3 hero images and 4 photos linked to two properties.
    expect(items.length).toBe(7);
    expect(total).toBe(7);
    expect(items.filter((item) => item.isHeroImage)).toHaveLength(3);
    expect(items.filter((item) => item.propertyId !== null)).toHaveLength(4);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(FIELDS);
      expect(item.filePath).toMatch(/^\/objects\//);
      expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);
    }
    const order = items.map((item) => [Date.parse(item.createdAt), item.id]);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
  });

  it("searches original names (any case, % and _ taken literally) and pages with ?page= and ?limit=", async () => {
    const all = (await list()).items;
    const heroes = await list("?q=COMMUNITY");
    expect(heroes.total).toBe(3);
    expect(heroes.items.map((item) => item.originalName).every((name) => name.startsWith("community-"))).toBe(true);
    expect(await list("?q=%25")).toEqual({ items: [], total: 0 });
    expect(await list("?q=nothing-is-called-this")).toEqual({ items: [], total: 0 });

    const second = await list("?page=2&limit=3");
    expect(second.total).toBe(7);
    expect(second.items.map((item) => item.id)).toEqual(all.slice(3, 6).map((item) => item.id));
    expect((await list("?page=3&limit=3")).items.map((item) => item.id)).toEqual([all[6].id]);
    expect((await list("?page=9&limit=3")).items).toEqual([]);
    // A page alone uses the tab's 24.
    expect((await list("?page=1")).items).toHaveLength(7);
    expect((await list("?q=home&limit=1")).total).toBe(4);
  });

  it.each([
    ["?page=0", "page"],
    ["?page=abc", "page"],
    ["?page=1.5", "page"],
    ["?page=", "page"],
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=1e2", "limit"],
    [`?q=${"x".repeat(201)}`, "q"],
  ])("answers 400 with a field error for %s", async (query, field) => {
    const response = await call(`/api/admin/media${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(typeof body.error).toBe("string");
    expect(Object.keys(body.fieldErrors)).toEqual([field]);
  });
});

describe("PATCH /api/admin/media/{id}/hero", () => {
  it("turns the flag on and off, and /api/hero-images and / show it at once", async () => {
    const photo = (await list()).items.find((item) => !item.isHeroImage)!;
    // Read first, so the public answers are in the page cache when the change comes.
    const heroIds = async () => ((await (await fetch(`${app.url}/api/hero-images`)).json()) as Item[]).map((item) => item.id);
    expect(await heroIds()).not.toContain(photo.id);
    expect(await (await fetch(`${app.url}/`)).text()).toContain("Community photo 1 of 3");

    const on = await patchHero(photo.id, { isHeroImage: true });
    expect(on.status).toBe(200);
    expect(on.headers.get("cache-control")).toBe("no-store");
    expect(await on.json()).toEqual({ ...photo, isHeroImage: true, message: MESSAGES.heroUpdated });
    expect(await heroIds()).toContain(photo.id);
    expect((await heroIds()).length).toBe(4);
    // The home page's hero carousel gets it too.
    const home = await (await fetch(`${app.url}/`)).text();
    expect(home).toContain(`Community photo 1 of 4`);

    const off = await patchHero(photo.id, { isHeroImage: false });
    expect(off.status).toBe(200);
    expect(((await off.json()) as Item).isHeroImage).toBe(false);
    expect(await heroIds()).not.toContain(photo.id);
    expect(await (await fetch(`${app.url}/`)).text()).toContain("Community photo 1 of 3");
  });

  it.each([
    ["a string", { isHeroImage: "true" }],
    ["a number", { isHeroImage: 1 }],
    ["null", { isHeroImage: null }],
    ["no flag", {}],
  ])("answers 400 with the field error for %s and changes nothing", async (_name, body) => {
    const id = rows()[0].id;
    const before = rows();
    await expectJson(await patchHero(id, body), 400, { error: MESSAGES.heroFailed, fieldErrors: { isHeroImage: [MESSAGES.heroNotBoolean] } });
    expect(rows()).toEqual(before);
  });

  it.each([
    ["an array", "[{\"isHeroImage\":true}]"],
    ["broken JSON", "{\"isHeroImage\": true"],
    ["null", "null"],
    ["a boolean", "true"],
    ["a form body", "isHeroImage=true"],
    ["no body", ""],
  ])("answers 400 for %s as the body and changes nothing", async (_name, rawBody) => {
    const id = rows()[0].id;
    const before = rows();
    const response = await call(`/api/admin/media/${id}/hero`, { method: "PATCH", rawBody });
    await expectJson(response, 400, { error: MESSAGES.notAnObject, fieldErrors: { isHeroImage: [MESSAGES.heroNotBoolean] } });
    expect(rows()).toEqual(before);
  });

  it.each([["999999"], ["abc"], ["0"], ["-1"], ["1.5"]])("answers 404 JSON for the id %s", async (id) => {
    await expectJson(await patchHero(id, { isHeroImage: true }), 404, { error: MESSAGES.notFound });
  });
});

describe("DELETE /api/admin/media/{id}", () => {
  it("deletes the row, its file and its resized copies: /objects/<key> then answers 404", async () => {
    const key = "tests/delete-me.png";
    const id = await addMedia({ key });
    const file = path.join(uploads(), key);
    expect((await fetch(`${app.url}/objects/${key}`)).status).toBe(200);
    // Makes a resized copy, which must not outlive the file.
    expect((await fetch(`${app.url}/variants/320/${key}`)).status).toBe(200);
    const variant = path.join(app.workDir, "data", "cache", "variants", "320", `${key}.webp`);
    expect(fs.existsSync(variant)).toBe(true);

    await expectJson(await remove(id), 200, { message: MESSAGES.deleted });
    expect(rows().some((row) => row.id === id)).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(variant)).toBe(false);
    expect((await fetch(`${app.url}/objects/${key}`)).status).toBe(404);
    expect((await fetch(`${app.url}/variants/320/${key}`)).status).toBe(404);
    expect((await list()).items.some((item) => item.id === id)).toBe(false);
    // Once gone, the same id is unknown.
    await expectJson(await remove(id), 404, { error: MESSAGES.notFound });
  });

  it("takes a linked photo off its property's public media at once", async () => {
    const property = withDb((db) => db.prepare("select id from properties where is_active = 1 order by id limit 1").get() as { id: number });
    const id = await addMedia({ key: "tests/linked.png", propertyId: property.id });
    const mediaIds = async () => ((await (await fetch(`${app.url}/api/properties/${property.id}/media`)).json()) as Item[]).map((item) => item.id);
    expect(await mediaIds()).toContain(id);
    expect((await remove(id)).status).toBe(200);
    expect(await mediaIds()).not.toContain(id);
  });

  it("keeps a file that another media item still shows, and deletes a row whose file is already gone", async () => {
    const key = "tests/shared.png";
    const first = await addMedia({ key, name: "shared-a.png" });
    const second = await addMedia({ key, name: "shared-b.png", writeFile: false });
    expect((await remove(first)).status).toBe(200);
    expect(fs.existsSync(path.join(uploads(), key))).toBe(true);
    expect((await fetch(`${app.url}/objects/${key}`)).status).toBe(200);
    expect((await remove(second)).status).toBe(200);
    expect(fs.existsSync(path.join(uploads(), key))).toBe(false);

    const missing = await addMedia({ key: "tests/never-written.png", writeFile: false });
    await expectJson(await remove(missing), 200, { message: MESSAGES.deleted });
    expect(rows().some((row) => row.id === missing)).toBe(false);
  });

  it("deletes a file a property shows as its main image: the property falls back to the placeholder", async () => {
    const property = withDb((db) => db.prepare("select id, image_url as imageUrl from properties order by id limit 1").get() as { id: number; imageUrl: string });
    const key = property.imageUrl.replace("/objects/", "");
    const id = await addMedia({ key, writeFile: false });
    expect((await remove(id)).status).toBe(200);
    expect(fs.existsSync(path.join(uploads(), key))).toBe(false);
    const after = withDb((db) => db.prepare("select image_url as imageUrl from properties where id = ?").get(property.id) as { imageUrl: string });
    expect(after.imageUrl).toBe("/images/placeholder.svg");
  });

  it("keeps a file another media item still shows, and the property that shows it", async () => {
    const property = withDb((db) => db.prepare("select id, image_url as imageUrl from properties order by id desc limit 1").get() as { id: number; imageUrl: string });
    const key = property.imageUrl.replace("/objects/", "");
    const first = await addMedia({ key, writeFile: false });
    const second = await addMedia({ key, writeFile: false });
    expect((await remove(first)).status).toBe(200);
    expect(fs.existsSync(path.join(uploads(), key))).toBe(true);
    const after = withDb((db) => db.prepare("select image_url as imageUrl from properties where id = ?").get(property.id) as { imageUrl: string });
    expect(after.imageUrl).toBe(property.imageUrl);
    withDb((db) => db.prepare("delete from media where id = ?").run(second));
  });

  it.each([["999999"], ["abc"], ["0"], ["-1"], ["1e3"]])("answers 404 JSON for the id %s and deletes nothing", async (id) => {
    const before = rows();
    await expectJson(await remove(id), 404, { error: MESSAGES.notFound });
    expect(rows()).toEqual(before);
  });
});

describe("wrong methods", () => {
  it.each([
    ["POST", "/api/admin/media", "GET"],
    ["PUT", "/api/admin/media", "GET"],
    ["DELETE", "/api/admin/media", "GET"],
    ["GET", "/api/admin/media/1", "DELETE"],
    ["PUT", "/api/admin/media/1", "DELETE"],
    ["PATCH", "/api/admin/media/1", "DELETE"],
    ["GET", "/api/admin/media/1/hero", "PATCH"],
    ["POST", "/api/admin/media/1/hero", "PATCH"],
    ["PUT", "/api/admin/media/1/hero", "PATCH"],
  ])("%s %s answers 405 JSON with Allow: %s and changes nothing", async (method, urlPath, allow) => {
    const before = rows();
    const response = await call(urlPath, { method, body: method === "GET" ? undefined : { isHeroImage: true } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    expect(rows()).toEqual(before);
  });
});

describe("the Media tab pages through the URL", () => {
  it("shows 24 a page, newest first, with the total, and searches by name", async () => {
    // 50 of our own, newer than the demo's, so the first two pages hold only them.
    const start = Date.now() + 60_000;
    const ids: number[] = [];
    for (let n = 1; n <= 50; n += 1) ids.push(await addMedia({ key: `tests/page-${n}.png`, name: `paging-${String(n).padStart(2, "0")}.png`, writeFile: false, createdAt: start + n }));
    const page = async (query: string) => {
      const response = await call(`/admin/dashboard/media${query}`);
      expect(response.status).toBe(200);
      return visibleTexts(await response.text());
    };
    try {
      const first = await page("");
      expect(first).toContain("Media Library");
      expect(first).toContain("Showing 1–24 of 57 items");
      expect(first).toContain("Page 1 of 3");
      expect(first).toContain("paging-50.png");
      expect(first).not.toContain("paging-26.png");
      const second = await page("?page=2");
      expect(second).toContain("Showing 25–48 of 57 items");
      expect(second).toContain("paging-26.png");
      expect(second).not.toContain("paging-50.png");
      // Past the end: the last page.
      expect(await page("?page=99")).toContain("Page 3 of 3");
      const found = await page("?q=PAGING-0");
      expect(found).toContain("Showing 1–9 of 9 items");
      expect(found).toContain("paging-09.png");
      expect(await page("?q=nothing-is-called-this")).toContain("No media match your search");
    } finally {
      withDb((db) => db.prepare(`delete from media where id in (${ids.join(",")})`).run());
    }
  });
});

describe("the Media tab's forms without JavaScript", () => {
  /** Posts a form as a browser without JavaScript does; returns where it goes and what that page says. */
  async function postForm(urlPath: string, fields: Record<string, string>) {
    const response = await fetch(`${app.url}${urlPath}`, {
      method: "POST",
      headers: { Origin: app.url, Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    const toastCookie = response.headers.get("set-cookie")!.split(";")[0];
    const page = await fetch(`${app.url}${location}`, { headers: { Cookie: `${adminCookie}; ${toastCookie}` } });
    return { location, texts: visibleTexts(await page.text()) };
  }

  it("switch, link, unlink and delete answer with the toasts of docs/product.md §8 and keep the search and page", async () => {
    const id = await addMedia({ key: "tests/forms.png", name: "forms-check.png" });
    const property = withDb((db) => db.prepare("select id from properties order by id limit 1").get() as { id: number });
    const search = "?q=forms-check&page=1";

    let result = await postForm(`/admin/dashboard/media${search}`, { intent: "hero", id: String(id), isHeroImage: "true" });
    expect(result.location).toBe("/admin/dashboard/media?q=forms-check");
    expect(result.texts).toContain("Hero image status updated successfully");
    expect(rows().find((row) => row.id === id)?.isHeroImage).toBe(1);
    result = await postForm("/admin/dashboard/media", { intent: "hero", id: String(id), isHeroImage: "false" });
    expect(rows().find((row) => row.id === id)?.isHeroImage).toBe(0);

    result = await postForm(`/admin/dashboard/media/${id}/link?q=forms-check&property=oak`, { propertyId: String(property.id) });
    expect(result.location).toBe("/admin/dashboard/media?q=forms-check");
    expect(result.texts).toContain("Image linked to property successfully");
    expect(rows().find((row) => row.id === id)?.propertyId).toBe(property.id);

    result = await postForm("/admin/dashboard/media?q=forms-check", { intent: "unlink", id: String(id), propertyId: String(property.id) });
    expect(result.texts).toContain("Image unlinked from property successfully");
    expect(rows().find((row) => row.id === id)?.propertyId).toBe(null);

    result = await postForm(`/admin/dashboard/media/${id}/delete?q=forms-check`, {});
    expect(result.location).toBe("/admin/dashboard/media?q=forms-check");
    expect(result.texts).toContain("File deleted successfully");
    expect(rows().some((row) => row.id === id)).toBe(false);
  });

  it("says what failed for an item that is gone, a bad flag or an unknown property, and changes nothing", async () => {
    const id = await addMedia({ key: "tests/forms-fail.png", name: "forms-fail.png" });
    try {
      const before = rows();
      const cases: [string, Record<string, string>, string][] = [
        ["/admin/dashboard/media", { intent: "hero", id: "999999", isHeroImage: "true" }, "Failed to update hero image status"],
        ["/admin/dashboard/media", { intent: "hero", id: String(id), isHeroImage: "yes" }, "Failed to update hero image status"],
        ["/admin/dashboard/media", { intent: "unlink", id: String(id), propertyId: "1" }, "Failed to unlink image from property"],
        [`/admin/dashboard/media/${id}/link`, { propertyId: "999999" }, "Failed to link image to property"],
        [`/admin/dashboard/media/${id}/link`, { propertyId: "abc" }, "Failed to link image to property"],
        ["/admin/dashboard/media/999999/link", { propertyId: "1" }, "Failed to link image to property"],
        ["/admin/dashboard/media/999999/delete", {}, "Failed to delete file"],
      ];
      for (const [urlPath, fields, message] of cases) {
        const result = await postForm(urlPath, fields);
        expect(result.location, urlPath).toBe("/admin/dashboard/media");
        expect(result.texts, `${urlPath} ${JSON.stringify(fields)}`).toContain(message);
      }
      expect(rows()).toEqual(before);
    } finally {
      withDb((db) => db.prepare("delete from media where id = ?").run(id));
    }
  });

  it("sends the dialogs of an item that is gone back to the tab with a message", async () => {
    for (const dialog of ["link", "url", "delete"]) {
      const response = await fetch(`${app.url}/admin/dashboard/media/999999/${dialog}?q=x`, { headers: { Cookie: adminCookie }, redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/dashboard/media?q=x");
    }
  });
});
