import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, postFormFollowed, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { withServerDatabase } from "../support/server";

// A home's photos as staff manage them in Property Images (issue 32, item 7): their order
// (Move up / Move down, by form and by JSON), 'Make main image', and the public carousel
// following both without ever showing a file twice.

const STAFF = "photos@example.com";
const FILES = { main: "/objects/demo/home-1.webp", a: "/objects/demo/home-2.webp", b: "/objects/demo/home-3.webp", c: "/objects/demo/home-4.webp" };

let ctx: SignedInApp;
const call = jsonCaller(() => ctx.app, () => ctx.cookie);
const withDb = <T>(work: (db: Database.Database) => T): T => withServerDatabase(ctx.app, work);
let home: number;
const ids = { main: 0, a: 0, b: 0, c: 0 };

beforeAll(async () => {
  ctx = await startSignedInApp({ email: STAFF });
  withDb((db) => {
    const now = Date.now();
    home = Number(
      db
        .prepare(
          "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at) values ('Photo Order Home', 'Waco, TX 76706', '$900/month', ?, '2', '1', '800', 'A home.', 1, ?, ?)",
        )
        .run(FILES.main, now, now).lastInsertRowid,
    );
    const insert = db.prepare("insert into media (filename, original_name, file_path, file_size, mime_type, property_id, position, created_at) values (?, ?, ?, 1000, 'image/webp', ?, ?, ?)");
    // The main image is in the library, linked to no home; three photos linked in order.
    ids.main = Number(insert.run("home-1.webp", "main.webp", FILES.main, null, null, now).lastInsertRowid);
    ids.a = Number(insert.run("home-2.webp", "a.webp", FILES.a, home, 1, now).lastInsertRowid);
    ids.b = Number(insert.run("home-3.webp", "b.webp", FILES.b, home, 2, now).lastInsertRowid);
    ids.c = Number(insert.run("home-4.webp", "c.webp", FILES.c, home, 3, now).lastInsertRowid);
  });
});
afterAll(async () => {
  await ctx?.stop();
});

async function publicPhotos(): Promise<string[]> {
  const response = await fetch(`${ctx.app.url}/api/properties/${home}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { photos: string[] }).photos;
}

const tab = () => `/admin/dashboard/properties/${home}/media`;
const form = (intent: string, mediaId: number) => postFormFollowed(ctx.app, ctx.cookie, tab(), { intent, mediaId: String(mediaId) });
const move = (mediaId: number, direction: unknown) => call(`/api/admin/properties/${home}/media/${mediaId}/move`, { method: "POST", body: { direction } });
const makeMain = (mediaId: number) => call(`/api/admin/properties/${home}/media/${mediaId}/main`, { method: "POST" });

describe("the order of a home's photos", () => {
  it("moves a photo up or down by form and by JSON; the public carousel follows", async () => {
    expect(await publicPhotos()).toEqual([FILES.main, FILES.a, FILES.b, FILES.c]);

    const moved = await form("move-up", ids.c);
    expect(moved.status).toBe(302);
    expect(visibleTexts(moved.html)).toContain("Image order updated");
    expect(await publicPhotos()).toEqual([FILES.main, FILES.a, FILES.c, FILES.b]);

    const json = await move(ids.a, "down");
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ message: "Image order updated" });
    expect(await publicPhotos()).toEqual([FILES.main, FILES.c, FILES.a, FILES.b]);

    // At an end nothing moves, and says so plainly.
    expect((await move(ids.c, "up")).status).toBe(200);
    expect((await form("move-down", ids.b)).status).toBe(302);
    expect(await publicPhotos()).toEqual([FILES.main, FILES.c, FILES.a, FILES.b]);

    const audit = withDb((db) => db.prepare("select actor, summary from audit_log where action = 'reorder' and entity_id = ? order by id").all(String(home))) as { actor: string; summary: string }[];
    expect(audit.map((entry) => entry.summary)).toEqual([
      "Photo Order Home: media " + ids.c + " c.webp moved up, now 2 of 3",
      "Photo Order Home: media " + ids.a + " a.webp moved down, now 2 of 3",
    ]);
    expect(audit.every((entry) => entry.actor === STAFF)).toBe(true);
  });

  it("shows the order in Property Images, each photo with its place and buttons that work without JavaScript", async () => {
    const response = await fetch(`${ctx.app.url}${tab()}`, { headers: { Cookie: ctx.cookie } });
    const texts = visibleTexts(await response.text());
    expect(texts.filter((text) => /^Photo \d of 3$/.test(text))).toEqual(["Photo 1 of 3", "Photo 2 of 3", "Photo 3 of 3"]);
    expect(texts.filter((text) => text === "Make main image")).toHaveLength(3);
  });

  it("refuses a direction that is not up or down, a photo of another home, and a photo that does not exist", async () => {
    const odd = await move(ids.a, "left");
    expect(odd.status).toBe(400);
    expect((await odd.json()).error).toBe("direction must be up or down");
    expect((await move(ids.main, "up")).status).toBe(404);
    expect((await move(999_999, "up")).status).toBe(404);
    expect((await call(`/api/admin/properties/999999/media/${ids.a}/move`, { method: "POST", body: { direction: "up" } })).status).toBe(404);
    const refused = await form("move-up", 999_999);
    expect(visibleTexts(refused.html)).toContain("Failed to change the order of the images");
    expect(await publicPhotos()).toEqual([FILES.main, FILES.c, FILES.a, FILES.b]);
  });
});

describe("Make main image", () => {
  it("makes a linked photo the main image, shown once and first; the old main image stays among the photos in its place", async () => {
    const made = await form("make-main", ids.a);
    expect(made.status).toBe(302);
    expect(visibleTexts(made.html)).toContain("Main image updated");
    expect(visibleTexts(made.html)).toContain("Main image");
    // The old main image was a library item linked to no home: it takes a's place.
    expect(await publicPhotos()).toEqual([FILES.a, FILES.c, FILES.main, FILES.b]);
    expect(withDb((db) => (db.prepare("select image_url from properties where id = ?").get(home) as { image_url: string }).image_url)).toBe(FILES.a);

    // Property Images lists them in the same order, the main image first.
    const listed = visibleTexts(await (await fetch(`${ctx.app.url}${tab()}`, { headers: { Cookie: ctx.cookie } })).text());
    // (each name also ends its row's buttons' names: the first time each is seen is its row)
    expect([...new Set(listed.filter((text) => /^\w+\.webp$/.test(text)))]).toEqual(["a.webp", "c.webp", "main.webp", "b.webp"]);
    // The main image keeps the first place: it does not move, and nothing moves above it.
    expect((await move(ids.a, "down")).status).toBe(200);
    expect((await move(ids.c, "up")).status).toBe(200);
    expect(await publicPhotos()).toEqual([FILES.a, FILES.c, FILES.main, FILES.b]);

    // By JSON, back again: the new main image first, the others in their order; no file twice, nothing lost.
    const json = await makeMain(ids.main);
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ message: "Main image updated" });
    expect(await publicPhotos()).toEqual([FILES.main, FILES.a, FILES.c, FILES.b]);
    expect((await makeMain(ids.main)).status).toBe(200);
    expect((await makeMain(999_999)).status).toBe(404);
  });

  it("never shows a file twice when a linked photo is also the main image", async () => {
    const photos = await publicPhotos();
    expect(new Set(photos).size).toBe(photos.length);
    const page = await (await fetch(`${ctx.app.url}/properties/${home}`)).text();
    const slides = [...page.matchAll(/aria-label="Photo Order Home, photo (\d) of (\d)"/g)].map((match) => match[2]);
    expect(new Set(slides)).toEqual(new Set([String(photos.length)]));
  });
});
