import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, startSignedInApp } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import type { RunningServer } from "../support/server";

/**
 * docs/product.md §7: GET/POST /api/admin/properties, GET/PUT/DELETE /api/admin/properties/{id},
 * GET /api/admin/properties/{id}/media, POST .../media/{mediaId}/link and
 * DELETE .../media/{mediaId}/unlink; and what the public site shows after each change.
 */

const MESSAGES = {
  created: "Property created successfully",
  updated: "Property updated successfully",
  deleted: "Property deleted successfully",
  createFailed: "Failed to create property",
  updateFailed: "Failed to update property",
  linked: "Image linked to property successfully",
  unlinked: "Image unlinked from property successfully",
  notFound: "Property not found",
  mediaNotFound: "Media not found",
  mediaNotLinked: "That media item is not linked to this property",
  notAnObject: "The request body must be a JSON object.",
};

const REQUIRED_ERRORS = {
  name: ["Name is required"],
  location: ["Location is required"],
  price: ["Price is required"],
  imageUrl: ["Image URL is required"],
  beds: ["Beds is required"],
  baths: ["Baths is required"],
  sqft: ["Square feet is required"],
  description: ["Description is required"],
};

const PROPERTY_KEYS = [
  "applicationUrl",
  "baths",
  "bathsCount",
  "beds",
  "bedsCount",
  "createdAt",
  "description",
  "descriptionSpanish",
  // Its facts (docs/product.md, "Facts of a home"), beside the seed's fields.
  "facts",
  "id",
  "imageUrl",
  "isActive",
  "latitude",
  "location",
  "longitude",
  "name",
  "price",
  "priceAmount",
  "priceKind",
  "priceSpanish",
  "sqft",
  "updatedAt",
];

type Property = {
  id: number;
  name: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  price: string;
  priceSpanish: string | null;
  imageUrl: string;
  applicationUrl: string | null;
  beds: string;
  baths: string;
  sqft: string;
  description: string;
  descriptionSpanish: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  facts: Record<string, unknown>;
};
type MediaItem = { id: number; originalName: string; filePath: string; propertyId: number | null; isHeroImage: boolean };

let app: RunningServer;
let adminCookie: string;
let stop = async () => {};

beforeAll(async () => {
  ({ app, cookie: adminCookie, stop } = await startSignedInApp());
});
afterAll(() => stop());

const call = jsonCaller(() => app, () => adminCookie);

const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Mesquite Flats, Lot 5",
  location: "Mesquite, TX 75149",
  latitude: 32.7668,
  longitude: -96.5992,
  price: "$995/month",
  priceSpanish: "$995 al mes",
  imageUrl: "/objects/demo/home-1.webp",
  applicationUrl: "https://apply.example.com/mesquite-5",
  beds: "3",
  baths: "2",
  sqft: "1,100",
  description: "A tidy three-bedroom home near the park.",
  descriptionSpanish: "Una casa ordenada de tres recámaras cerca del parque.",
  isActive: true,
  ...overrides,
});

const create = (body: unknown) => call("/api/admin/properties", { method: "POST", body });
const put = (id: number | string, body: unknown) => call(`/api/admin/properties/${id}`, { method: "PUT", body });
const remove = (id: number | string) => call(`/api/admin/properties/${id}`, { method: "DELETE" });
const link = (propertyId: number | string, mediaId: number | string) =>
  call(`/api/admin/properties/${propertyId}/media/${mediaId}/link`, { method: "POST" });
const unlink = (propertyId: number | string, mediaId: number | string) =>
  call(`/api/admin/properties/${propertyId}/media/${mediaId}/unlink`, { method: "DELETE" });

async function created(overrides: Record<string, unknown> = {}): Promise<Property> {
  const response = await create(validBody(overrides));
  expect(response.status).toBe(201);
  return (await response.json()) as Property;
}

async function listAll(path = "/api/admin/properties"): Promise<Property[]> {
  const response = await call(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as Property[];
}

/** Both tables as they are stored, to show that a refused call changed nothing. */
function snapshot() {
  const db = new Database(app.databasePath, { readonly: true });
  const result = {
    properties: db.prepare("select * from properties order by id").all(),
    media: db.prepare("select * from media order by id").all(),
  };
  db.close();
  return result;
}

function mediaRows(): MediaItem[] {
  const db = new Database(app.databasePath, { readonly: true });
  const result = db
    .prepare("select id, original_name as originalName, file_path as filePath, property_id as propertyId, is_hero_image as isHeroImage from media order by id")
    .all() as (Omit<MediaItem, "isHeroImage"> & { isHeroImage: number })[];
  db.close();
  return result.map((row) => ({ ...row, isHeroImage: row.isHeroImage === 1 }));
}

const heroImages = () => mediaRows().filter((row) => row.isHeroImage && row.propertyId === null);

async function publicIds(): Promise<number[]> {
  const response = await fetch(`${app.url}/api/properties`);
  return ((await response.json()) as Property[]).map((property) => property.id);
}

const publicPageStatus = async (id: number) => (await fetch(`${app.url}/properties/${id}`)).status;

describe("without an admin session", () => {
  it.each([
    ["GET", "/api/admin/properties"],
    ["POST", "/api/admin/properties"],
    ["GET", "/api/admin/properties/1"],
    ["PUT", "/api/admin/properties/1"],
    ["DELETE", "/api/admin/properties/1"],
    ["GET", "/api/admin/properties/1/media"],
    ["POST", "/api/admin/properties/1/media/1/link"],
    ["DELETE", "/api/admin/properties/1/media/1/unlink"],
  ])("%s %s answers 401 JSON and changes nothing", async (method, path) => {
    const before = snapshot();
    const body = method === "POST" || method === "PUT" ? validBody() : undefined;
    await expectJson(await call(path, { method, cookie: null, body }), 401, { error: "Unauthorized" });
    expect(snapshot()).toEqual(before);
  });

  it("answers 401 for a cookie that names no session", async () => {
    expect((await call("/api/admin/properties", { cookie: "__session=forged" })).status).toBe(401);
  });
});

describe("GET /api/admin/properties", () => {
  it("is every property, active or not, newest first, as a plain array with every field", async () => {
    const hidden = await created({ name: "Hidden Acres, Lot 1", isActive: false });
    const properties = await listAll();
    for (const property of properties) expect(Object.keys(property).sort()).toEqual(PROPERTY_KEYS);
    expect(properties[0]).toEqual(hidden);
    expect(properties.map((property) => property.name)).toContain("Oak Hollow Community, Lot 14");
    const times = properties.map((property) => Date.parse(property.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The public list leaves the inactive one out.
    expect(await publicIds()).not.toContain(hidden.id);
    expect((await remove(hidden.id)).status).toBe(200);
  });

  it("pages and searches with ?q=, ?page= and ?limit=, the number of matches in X-Total-Count", async () => {
    const all = await listAll();
    const response = await call("/api/admin/properties?limit=2&page=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe(String(all.length));
    expect((await response.json()) as Property[]).toEqual(all.slice(2, 4));

    // Name or location, any case; a page past the last shows the last one.
    const byName = await call("/api/admin/properties?q=OAK%20hollow");
    expect(byName.headers.get("x-total-count")).toBe("1");
    expect(((await byName.json()) as Property[]).map((property) => property.name)).toEqual(["Oak Hollow Community, Lot 14"]);
    const byLocation = (await listAll("/api/admin/properties?q=mansfield")).map((property) => property.location);
    expect(byLocation).toEqual(["Mansfield, TX 76063"]);
    const last = await call("/api/admin/properties?limit=3&page=99");
    expect((await last.json()) as Property[]).toEqual(all.slice(Math.floor((all.length - 1) / 3) * 3));

    // Letters beyond ASCII fold too, and % or _ are plain characters.
    const accented = await created({ name: "Rancho Peñasco, Lote 2" });
    expect((await listAll("/api/admin/properties?q=PEÑASCO")).map((property) => property.id)).toEqual([accented.id]);
    const none = await call("/api/admin/properties?q=%25");
    expect(none.headers.get("x-total-count")).toBe("0");
    expect(await none.json()).toEqual([]);
    expect((await remove(accented.id)).status).toBe(200);
  });

  it.each([["page=0"], ["page=abc"], ["limit=-1"], ["limit=101"]])("answers 400 JSON for ?%s", async (query) => {
    const response = await call(`/api/admin/properties?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(typeof body.error).toBe("string");
    expect(Object.keys(body.fieldErrors)).toEqual([query.split("=")[0]]);
  });
});

describe("POST /api/admin/properties", () => {
  it("creates a property: 201 with it, trimmed, numbers stored as text, and it is public at once", async () => {
    const response = await create(
      validBody({ name: "  Mesquite Flats, Lot 5  ", beds: 3, baths: 1.5, sqft: "1200-1400", latitude: "32.7668", longitude: -96.5992 }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const property = (await response.json()) as Property;
    expect(property).toMatchObject({
      name: "Mesquite Flats, Lot 5",
      beds: "3",
      baths: "1.5",
      sqft: "1200-1400",
      latitude: 32.7668,
      longitude: -96.5992,
      isActive: true,
    });
    expect(Object.keys(property).sort()).toEqual(PROPERTY_KEYS);
    await expectJson(await call(`/api/admin/properties/${property.id}`), 200, property);

    expect(await publicIds()).toContain(property.id);
    expect(await publicPageStatus(property.id)).toBe(200);
    const home = await (await fetch(`${app.url}/?all=1`)).text();
    expect(home).toContain("Mesquite Flats, Lot 5");
    expect((await remove(property.id)).status).toBe(200);
  });

  it("stores blank or absent optional fields as null and lists it when isActive is left out", async () => {
    const body = validBody({ latitude: "", longitude: null, priceSpanish: "  ", descriptionSpanish: undefined, applicationUrl: "" });
    delete (body as Record<string, unknown>).isActive;
    const response = await create(body);
    expect(response.status).toBe(201);
    const property = (await response.json()) as Property;
    expect(property).toMatchObject({ latitude: null, longitude: null, priceSpanish: null, descriptionSpanish: null, applicationUrl: null, isActive: true });
    expect((await remove(property.id)).status).toBe(200);
  });

  it("accepts coordinates on the bounds and an http(s) image address", async () => {
    const property = await created({ latitude: -90, longitude: "180", imageUrl: "https://images.example.com/home.jpg", applicationUrl: "http://apply.example.com" });
    expect(property).toMatchObject({ latitude: -90, longitude: 180, imageUrl: "https://images.example.com/home.jpg" });
    expect((await remove(property.id)).status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ["an empty object", {}, REQUIRED_ERRORS],
    ["blank required fields", validBody({ name: "   ", description: "" }), { name: ["Name is required"], description: ["Description is required"] }],
    ["null required fields", validBody({ price: null, beds: null }), { price: ["Price is required"], beds: ["Beds is required"] }],
    ["a latitude above 90", validBody({ latitude: 90.5 }), { latitude: ["Latitude must be between -90 and 90"] }],
    ["a latitude below -90", validBody({ latitude: "-91" }), { latitude: ["Latitude must be between -90 and 90"] }],
    ["a longitude above 180", validBody({ longitude: 181 }), { longitude: ["Longitude must be between -180 and 180"] }],
    ["a longitude below -180", validBody({ longitude: -180.01 }), { longitude: ["Longitude must be between -180 and 180"] }],
    ["a latitude that is not a number", validBody({ latitude: "north" }), { latitude: ["Latitude must be a number"] }],
    ["a longitude that is a boolean", validBody({ longitude: true }), { longitude: ["Longitude must be a number"] }],
    ["beds that are neither text nor a number", validBody({ beds: true, sqft: { size: 3 } }), { beds: ["Beds must be text or a number"], sqft: ["Square feet must be text or a number"] }],
    ["a price that is a number", validBody({ price: 995 }), { price: ["Price must be text"] }],
    ["a javascript: image address", validBody({ imageUrl: "javascript:alert(1)" }), { imageUrl: ["Image URL must be a path on this site (starting with /) or an http(s) URL"] }],
    ["an image address on another site without a scheme", validBody({ imageUrl: "//evil.example/x.jpg" }), { imageUrl: ["Image URL must be a path on this site (starting with /) or an http(s) URL"] }],
    ["an ftp image address", validBody({ imageUrl: "ftp://files.example.com/x.jpg" }), { imageUrl: ["Image URL must be a path on this site (starting with /) or an http(s) URL"] }],
    ["a javascript: application address", validBody({ applicationUrl: "javascript:alert(1)" }), { applicationUrl: ["Application URL must be an http(s) URL"] }],
    ["a path as the application address", validBody({ applicationUrl: "/apply" }), { applicationUrl: ["Application URL must be an http(s) URL"] }],
    ["a name that is too long", validBody({ name: "x".repeat(201) }), { name: ["Name must be at most 200 characters"] }],
    ["an isActive that is not a boolean", validBody({ isActive: "yes" }), { isActive: ["Active Listing must be true or false"] }],
  ])("answers 400 with field errors for %s and writes nothing", async (_name, body, fieldErrors) => {
    const before = snapshot();
    await expectJson(await create(body), 400, { error: MESSAGES.createFailed, fieldErrors });
    expect(snapshot()).toEqual(before);
  });

  it.each([
    ["an array", JSON.stringify([validBody()])],
    ["broken JSON", "{\"name\": \"x\""],
    ["null", "null"],
    ["a string", "\"a house\""],
    ["a form body", "name=House"],
    ["no body", ""],
  ])("answers 400 for %s as the body and writes nothing", async (_name, rawBody) => {
    const before = snapshot();
    await expectJson(await call("/api/admin/properties", { method: "POST", rawBody }), 400, {
      error: MESSAGES.notAnObject,
      fieldErrors: REQUIRED_ERRORS,
    });
    expect(snapshot()).toEqual(before);
  });
});

describe("GET, PUT and DELETE /api/admin/properties/{id}", () => {
  it("GET shows an inactive property too", async () => {
    const hidden = await created({ isActive: false });
    await expectJson(await call(`/api/admin/properties/${hidden.id}`), 200, hidden);
    expect((await remove(hidden.id)).status).toBe(200);
  });

  it("PUT replaces every field; optional ones left out become null; setting it inactive takes it off the public site", async () => {
    const property = await created();
    expect(await publicPageStatus(property.id)).toBe(200);
    const replacement = {
      name: "Mesquite Flats, Lot 6",
      location: "Mesquite, TX 75150",
      price: "$1,025/month",
      imageUrl: "/objects/demo/home-2.webp",
      beds: 2,
      baths: "1",
      sqft: 900,
      description: "A two-bedroom home, freshly painted.",
      isActive: false,
    };
    const response = await put(property.id, replacement);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const updated = (await response.json()) as Property;
    expect(updated).toEqual({
      ...replacement,
      id: property.id,
      beds: "2",
      sqft: "900",
      latitude: null,
      longitude: null,
      priceSpanish: null,
      applicationUrl: null,
      descriptionSpanish: null,
      // Read again from the new texts.
      priceAmount: 1025,
      priceKind: "rent",
      bedsCount: 2,
      bathsCount: 1,
      createdAt: property.createdAt,
      updatedAt: updated.updatedAt,
      facts: updated.facts,
    });
    // Switched off, it is off the market; the facts its texts name follow them.
    expect(updated.facts).toMatchObject({ status: "off_market", priceAmount: 1025, pricePeriod: "month", bedrooms: 2, bathrooms: 1, squareFeet: 900 });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(property.updatedAt));
    expect(await publicIds()).not.toContain(property.id);
    // Public once, its page says it is no longer available (410); its JSON is gone (404).
    expect(await publicPageStatus(property.id)).toBe(410);
    expect((await fetch(`${app.url}/api/properties/${property.id}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/properties/${property.id}/media`)).status).toBe(404);

    // Active again: back on the public site.
    expect((await put(property.id, { ...replacement, isActive: true })).status).toBe(200);
    expect(await publicPageStatus(property.id)).toBe(200);
    expect((await remove(property.id)).status).toBe(200);
  });

  it("PUT answers 400 with field errors for missing required fields, bad bounds or a non-object body, and writes nothing", async () => {
    const property = await created();
    const before = snapshot();
    // A full replacement: every required field left out is named.
    const { name: _name, ...missing } = REQUIRED_ERRORS;
    await expectJson(await put(property.id, { name: "Only a name" }), 400, { error: MESSAGES.updateFailed, fieldErrors: missing });
    await expectJson(await put(property.id, validBody({ latitude: 100, longitude: "east" })), 400, {
      error: MESSAGES.updateFailed,
      fieldErrors: { latitude: ["Latitude must be between -90 and 90"], longitude: ["Longitude must be a number"] },
    });
    await expectJson(await call(`/api/admin/properties/${property.id}`, { method: "PUT", rawBody: "[]" }), 400, {
      error: MESSAGES.notAnObject,
      fieldErrors: REQUIRED_ERRORS,
    });
    expect(snapshot()).toEqual(before);
    expect((await remove(property.id)).status).toBe(200);
  });

  it("DELETE removes it; its linked media stay, unlinked; then the id is unknown", async () => {
    const property = await created();
    const [hero] = heroImages();
    expect((await link(property.id, hero.id)).status).toBe(200);
    await expectJson(await remove(property.id), 200, { message: MESSAGES.deleted });
    expect(mediaRows().find((row) => row.id === hero.id)).toEqual({ ...hero, propertyId: null });
    expect(await publicIds()).not.toContain(property.id);
    expect(await publicPageStatus(property.id)).toBe(404);
    await expectJson(await remove(property.id), 404, { error: MESSAGES.notFound });
    await expectJson(await call(`/api/admin/properties/${property.id}`), 404, { error: MESSAGES.notFound });
  });

  it.each([["999999"], ["abc"], ["0"], ["-1"], ["1.5"]])("answers 404 JSON for the id %s on GET, PUT and DELETE and changes nothing", async (id) => {
    const before = snapshot();
    await expectJson(await call(`/api/admin/properties/${id}`), 404, { error: MESSAGES.notFound });
    await expectJson(await put(id, validBody()), 404, { error: MESSAGES.notFound });
    await expectJson(await remove(id), 404, { error: MESSAGES.notFound });
    await expectJson(await call(`/api/admin/properties/${id}/media`), 404, { error: MESSAGES.notFound });
    expect(snapshot()).toEqual(before);
  });
});

describe("a property's media: list, link and unlink", () => {
  it("GET /{id}/media lists the media linked to it", async () => {
    const oak = (await listAll("/api/admin/properties?q=Oak%20Hollow"))[0];
    const response = await call(`/api/admin/properties/${oak.id}/media`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const items = (await response.json()) as MediaItem[];
    expect(items.map((item) => item.id)).toEqual(mediaRows().filter((row) => row.propertyId === oak.id).map((row) => row.id));
    expect(items.length).toBe(2);
    expect(items.every((item) => item.propertyId === oak.id)).toBe(true);
  });

  it("links an unlinked image, which then shows in the public carousel; unlinks it again", async () => {
    const property = await created();
    const [hero] = heroImages();
    await expectJson(await link(property.id, hero.id), 200, { message: MESSAGES.linked });
    const linked = (await (await call(`/api/admin/properties/${property.id}/media`)).json()) as MediaItem[];
    expect(linked.map((item) => item.id)).toEqual([hero.id]);
    const publicMedia = (await (await fetch(`${app.url}/api/properties/${property.id}/media`)).json()) as MediaItem[];
    expect(publicMedia.map((item) => item.filePath)).toEqual([hero.filePath]);
    expect(await (await fetch(`${app.url}/properties/${property.id}`)).text()).toContain(hero.filePath);
    // Still a hero image: linking does not change that.
    expect(mediaRows().find((row) => row.id === hero.id)).toEqual({ ...hero, propertyId: property.id });

    await expectJson(await unlink(property.id, hero.id), 200, { message: MESSAGES.unlinked });
    expect(mediaRows().find((row) => row.id === hero.id)).toEqual(hero);
    expect(await (await fetch(`${app.url}/api/properties/${property.id}/media`)).json()).toEqual([]);
    // Not linked any more: nothing to unlink.
    await expectJson(await unlink(property.id, hero.id), 404, { error: MESSAGES.mediaNotLinked });
    expect((await remove(property.id)).status).toBe(200);
  });

  it("refuses to unlink media linked to another property, and changes nothing", async () => {
    const property = await created();
    const other = mediaRows().find((row) => row.propertyId !== null)!;
    const before = snapshot();
    await expectJson(await unlink(property.id, other.id), 404, { error: MESSAGES.mediaNotLinked });
    expect(snapshot()).toEqual(before);
    expect((await remove(property.id)).status).toBe(200);
  });

  it.each([
    ["an unknown property", "999999", "hero", MESSAGES.notFound],
    ["a property id that is not a number", "abc", "hero", MESSAGES.notFound],
    ["unknown media", "oak", "999999", MESSAGES.mediaNotFound],
    ["a media id that is not a number", "oak", "x1", MESSAGES.mediaNotFound],
  ])("link and unlink answer 404 for %s and change nothing", async (_name, propertyRef, mediaRef, error) => {
    const oak = (await listAll("/api/admin/properties?q=Oak%20Hollow"))[0];
    const propertyId = propertyRef === "oak" ? String(oak.id) : propertyRef;
    const mediaId = mediaRef === "hero" ? String(heroImages()[0].id) : mediaRef;
    const before = snapshot();
    await expectJson(await link(propertyId, mediaId), 404, { error });
    await expectJson(await unlink(propertyId, mediaId), 404, { error });
    expect(snapshot()).toEqual(before);
  });
});

describe("wrong methods", () => {
  it.each([
    ["PUT", "/api/admin/properties", "GET, POST"],
    ["DELETE", "/api/admin/properties", "GET, POST"],
    ["PATCH", "/api/admin/properties", "GET, POST"],
    ["POST", "/api/admin/properties/1", "GET, PUT, DELETE"],
    ["PATCH", "/api/admin/properties/1", "GET, PUT, DELETE"],
    ["POST", "/api/admin/properties/1/media", "GET"],
    ["DELETE", "/api/admin/properties/1/media", "GET"],
    ["GET", "/api/admin/properties/1/media/1/link", "POST"],
    ["DELETE", "/api/admin/properties/1/media/1/link", "POST"],
    ["GET", "/api/admin/properties/1/media/1/unlink", "DELETE"],
    ["POST", "/api/admin/properties/1/media/1/unlink", "DELETE"],
  ])("%s %s answers 405 JSON with Allow: %s and changes nothing", async (method, path, allow) => {
    const before = snapshot();
    const response = await call(path, { method, body: method === "GET" ? undefined : validBody() });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    expect(snapshot()).toEqual(before);
  });
});

describe("what a home's texts may hold (decision 041)", () => {
  const ONE_LINE = "must be one line, without control characters or text direction overrides (such as NUL, ESC or U+202E)";
  const TEXT = "may not contain control characters or text direction overrides (such as NUL, ESC or U+202E); line breaks and tabs are fine";

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ["a right-to-left override in the name", { name: "Lot 5 \u202E6 toL" }, { name: [`Name ${ONE_LINE}`] }],
    ["NUL in the location", { location: "Mesquite\u0000, TX" }, { location: [`Location ${ONE_LINE}`] }],
    ["ESC in the price", { price: "\u001b[31m$995/month" }, { price: [`Price ${ONE_LINE}`] }],
    ["a line break in the Spanish price", { priceSpanish: "$995\nal mes" }, { priceSpanish: [`Price (Spanish) ${ONE_LINE}`] }],
    ["a left-to-right isolate in the beds", { beds: "3\u2066" }, { beds: [`Beds ${ONE_LINE}`] }],
    ["a C1 control in the baths", { baths: "2\u0085" }, { baths: [`Baths ${ONE_LINE}`] }],
    ["DEL in the square feet", { sqft: "1,100\u007f" }, { sqft: [`Square feet ${ONE_LINE}`] }],
    ["NUL in the description", { description: "A tidy home\u0000." }, { description: [`Description ${TEXT}`] }],
    ["a right-to-left override in the Spanish description", { descriptionSpanish: "Una casa \u202Eordenada" }, { descriptionSpanish: [`Description (Spanish) ${TEXT}`] }],
    ["a right-to-left override in the application address", { applicationUrl: "https://apply.example.com/\u202Etxt.exe" }, { applicationUrl: ["Application URL must be an http(s) URL"] }],
    ["a right-to-left override in the image address", { imageUrl: "/objects/demo/\u202Egpj.exe" }, { imageUrl: ["Image URL must be a path on this site (starting with /) or an http(s) URL"] }],
  ])("POST and PUT refuse %s: 400 naming the rule, nothing written", async (_name, change, fieldErrors) => {
    const property = await created();
    const before = snapshot();
    await expectJson(await create(validBody(change)), 400, { error: MESSAGES.createFailed, fieldErrors });
    await expectJson(await put(property.id, validBody(change)), 400, { error: MESSAGES.updateFailed, fieldErrors });
    expect(snapshot()).toEqual(before);
    expect((await remove(property.id)).status).toBe(200);
  });

  it("keeps a description's line breaks and tabs, and names in any script with their direction marks", async () => {
    const property = await created({ name: "Casa \u200Fשרה\u200E, Lote 5", description: "Two bedrooms.\n\n\tFenced yard.", descriptionSpanish: "Dos recámaras.\r\n\tPatio cercado." });
    expect(property).toMatchObject({ name: "Casa \u200Fשרה\u200E, Lote 5", description: "Two bedrooms.\n\n\tFenced yard.", descriptionSpanish: "Dos recámaras.\r\n\tPatio cercado." });
    expect((await remove(property.id)).status).toBe(200);
  });

  it("the Properties tab's form refuses the same, with the rule on the page", async () => {
    const property = await created();
    const before = snapshot();
    const fields = { ...validBody({ name: "Lot 5 \u202E6 toL" }), latitude: "32.7668", longitude: "-96.5992", isActive: "on" } as Record<string, string>;
    const response = await fetch(`${app.url}/admin/dashboard/properties/${property.id}/edit`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: adminCookie },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(visibleTexts(await response.text())).toContain(`Name ${ONE_LINE}`);
    expect(snapshot()).toEqual(before);
    expect((await remove(property.id)).status).toBe(200);
  });
});

describe("a main image among the site's stored files", () => {
  const NOT_RECORDED = "This image is not in the media library: upload it there first (or with this form), or choose one from the library.";

  /** The objectPath an upload URL stores its bytes at, in quarantine: an upload never recorded. */
  async function quarantinePath(): Promise<string> {
    const issued = await call("/api/objects/upload", { method: "POST" });
    const { uploadURL } = (await issued.json()) as { uploadURL: string };
    const claimed = await call("/api/property-images", { method: "PUT", body: { imageURL: uploadURL } });
    const { objectPath } = (await claimed.json()) as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/quarantine\/[0-9a-f]{32}$/);
    return objectPath;
  }

  it.each([
    ["an upload never recorded, still in quarantine", quarantinePath],
    ["a stored path that no media item and no home names", async () => "/objects/media/never-recorded.webp"],
  ])("POST and PUT refuse %s: 400 with the image's field message, nothing written", async (_case, imagePath) => {
    const imageUrl = await imagePath();
    const property = await created();
    const before = snapshot();
    await expectJson(await create(validBody({ imageUrl })), 400, { error: MESSAGES.createFailed, fieldErrors: { imageUrl: [NOT_RECORDED] } });
    await expectJson(await put(property.id, validBody({ imageUrl })), 400, { error: MESSAGES.updateFailed, fieldErrors: { imageUrl: [NOT_RECORDED] } });
    expect(snapshot()).toEqual(before);
    expect((await remove(property.id)).status).toBe(200);
  });

  it("takes an image of the media library, one a home already shows, and keeps the home's own as it is", async () => {
    const libraryImage = ((await (await call("/api/admin/media")).json()) as MediaItem[])[0].filePath;
    const fromLibrary = await created({ imageUrl: libraryImage });
    expect(fromLibrary.imageUrl).toBe(libraryImage);
    // A demo home's main image is published by that home.
    const shared = await created({ imageUrl: "/objects/demo/home-1.webp" });
    const resaved = await put(shared.id, validBody({ imageUrl: "/objects/demo/home-1.webp", name: "Renamed, Lot 5" }));
    expect(resaved.status).toBe(200);
    for (const id of [fromLibrary.id, shared.id]) expect((await remove(id)).status).toBe(200);
  });

  it("the Properties tab's forms refuse an upload never recorded, with the message beside the image, and write nothing", async () => {
    const property = await created();
    const fields = { ...validBody({ imageUrl: await quarantinePath() }), latitude: "32.7668", longitude: "-96.5992", isActive: "on" } as Record<string, string>;
    const before = snapshot();
    for (const path of ["/admin/dashboard/properties/new", `/admin/dashboard/properties/${property.id}/edit`]) {
      const response = await fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, Cookie: adminCookie },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
      expect(response.status, path).toBe(400);
      expect(visibleTexts(await response.text()), path).toContain(NOT_RECORDED);
    }
    expect(snapshot()).toEqual(before);
    expect((await remove(property.id)).status).toBe(200);
  });
});
