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

// A drag in Property Images drops a photo on another's place: "move-to" with that place
// (1 for the first) by form, {position} by JSON; the same rules as Move up / Move down.
describe("moving a photo to a place", () => {
  const moveTo = (mediaId: number, body: Record<string, unknown>) => call(`/api/admin/properties/${home}/media/${mediaId}/move`, { method: "POST", body });
  const formTo = (mediaId: number, position: string) => postFormFollowed(ctx.app, ctx.cookie, tab(), { intent: "move-to", mediaId: String(mediaId), position });
  const movesRecorded = () =>
    withDb((db) => db.prepare("select summary from audit_log where action = 'reorder' and entity_id = ? and summary like '%moved to%' order by id").all(String(home))) as { summary: string }[];

  it("moves a photo to a place by form and by JSON, those between shifting by one; the public carousel follows", async () => {
    // As the tests above left them: the main image linked and first, then a, c, b.
    expect(await publicPhotos()).toEqual([FILES.main, FILES.a, FILES.c, FILES.b]);

    const moved = await formTo(ids.b, "2");
    expect(moved.status).toBe(302);
    expect(visibleTexts(moved.html)).toContain("Image order updated");
    expect(await publicPhotos()).toEqual([FILES.main, FILES.b, FILES.a, FILES.c]);

    const json = await moveTo(ids.b, { position: 4 });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ message: "Image order updated" });
    expect(await publicPhotos()).toEqual([FILES.main, FILES.a, FILES.c, FILES.b]);

    // One change-log entry a move, in the mover's name.
    expect(movesRecorded().map((entry) => entry.summary)).toEqual([
      `Photo Order Home: media ${ids.b} b.webp moved to 2 of 4`,
      `Photo Order Home: media ${ids.b} b.webp moved to 4 of 4`,
    ]);
  });

  it("keeps the main image first: it does not move, nothing moves into its place, and a photo dropped on its own place stays", async () => {
    expect((await moveTo(ids.c, { position: 1 })).status).toBe(200);
    expect((await moveTo(ids.main, { position: 3 })).status).toBe(200);
    expect((await formTo(ids.a, "1")).status).toBe(302);
    expect((await formTo(ids.a, "2")).status).toBe(302);
    expect(await publicPhotos()).toEqual([FILES.main, FILES.a, FILES.c, FILES.b]);
    expect(movesRecorded()).toHaveLength(2);
  });

  it("refuses a place the photos do not have, a position that is not a whole number from 1, and both or neither of position and direction", async () => {
    const past = await moveTo(ids.a, { position: 5 });
    expect(past.status).toBe(400);
    expect(await past.json()).toEqual({
      error: "position must be from 1 to 4, the places of the home's photos",
      fieldErrors: { position: ["position must be from 1 to 4, the places of the home's photos"] },
    });
    for (const position of [0, -1, 2.5, "2", null]) {
      const odd = await moveTo(ids.a, { position });
      expect(odd.status).toBe(400);
      expect((await odd.json()).error).toBe("position must be a whole number from 1");
    }
    for (const body of [{}, { direction: "up", position: 2 }]) {
      const unclear = await moveTo(ids.a, body);
      expect(unclear.status).toBe(400);
      expect((await unclear.json()).error).toBe("send direction (up or down) or position (a place from 1), one of them");
    }
    expect((await moveTo(999_999, { position: 2 })).status).toBe(404);
    expect((await call(`/api/admin/properties/999999/media/${ids.a}/move`, { method: "POST", body: { position: 2 } })).status).toBe(404);

    for (const position of ["5", "0", "two", ""]) {
      const refused = await formTo(ids.a, position);
      expect(visibleTexts(refused.html)).toContain("Failed to change the order of the images");
    }
    const withoutPlace = await postFormFollowed(ctx.app, ctx.cookie, tab(), { intent: "move-to", mediaId: String(ids.a) });
    expect(visibleTexts(withoutPlace.html)).toContain("Failed to change the order of the images");

    expect(await publicPhotos()).toEqual([FILES.main, FILES.a, FILES.c, FILES.b]);
    expect(movesRecorded()).toHaveLength(2);
  });
});
