import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp } from "../support/admin-api";
import type { RunningServer } from "../support/server";

/**
 * The listings map's JSON: GET /api/map-markers (compact marker data for every active
 * home with coordinates) and GET /api/properties/{id} (what its info window fetches on
 * open); both shared through the page cache, and up to date after an admin's change.
 */

type Marker = { id: number; lat: number; lng: number; name: string; price: string; priceEs?: string };
type Property = { id: number; name: string; latitude: number | null; longitude: number | null; price: string; priceSpanish: string | null; isActive: boolean };

let app: RunningServer;
let cookie: string;
let stop = async () => {};
beforeAll(async () => {
  ({ app, cookie, stop } = await startSignedInApp({ email: "maps@example.com" }));
});
afterAll(() => stop());

const call = jsonCaller(() => app, () => cookie);
const publicGet = (path: string, headers: Record<string, string> = {}) => fetch(`${app.url}${path}`, { headers });
const markers = async () => (await (await publicGet("/api/map-markers")).json()) as Marker[];
const adminProperties = async () => (await (await call("/api/admin/properties")).json()) as Property[];

const newHome = (overrides: Record<string, unknown>) => ({
  name: "Mesquite Flats, Lot 5",
  location: "Mesquite, TX 75149",
  latitude: 32.766812345,
  longitude: -96.599298765,
  price: "$995/month",
  imageUrl: "/objects/demo/home-1.webp",
  beds: "3",
  baths: "2",
  sqft: "1,100",
  description: "A tidy three-bedroom home near the park.",
  isActive: true,
  ...overrides,
});

describe("GET /api/map-markers", () => {
  it("gives id, coordinates, name and price of every active home with coordinates, and nothing more", async () => {
    const response = await publicGet("/api/map-markers");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const list = (await response.json()) as Marker[];
    const expected = (await adminProperties()).filter((p) => p.isActive && p.latitude !== null && p.longitude !== null);
    expect(list.map((m) => m.id).sort((a, b) => a - b)).toEqual(expected.map((p) => p.id).sort((a, b) => a - b));
    for (const marker of list) {
      const property = expected.find((p) => p.id === marker.id)!;
      expect(Object.keys(marker).sort()).toEqual(property.priceSpanish ? ["id", "lat", "lng", "name", "price", "priceEs"] : ["id", "lat", "lng", "name", "price"]);
      expect(marker).toMatchObject({ name: property.name, price: property.price });
      expect(marker.lat).toBeCloseTo(property.latitude!, 5);
      expect(marker.lng).toBeCloseTo(property.longitude!, 5);
      if (property.priceSpanish) expect(marker.priceEs).toBe(property.priceSpanish);
    }
  });

  it("is cacheable: ETag, public Cache-Control, 304 to a matching If-None-Match", async () => {
    const first = await publicGet("/api/map-markers");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const second = await publicGet("/api/map-markers", { "If-None-Match": etag! });
    expect(second.status).toBe(304);
  });

  it("follows an admin's changes at once: a new home appears (5 decimals), a home without coordinates or inactive does not", async () => {
    const before = await markers(); // now in the page cache
    const placed = (await (await call("/api/admin/properties", { method: "POST", body: newHome({}) })).json()) as Property;
    const unplaced = (await (await call("/api/admin/properties", { method: "POST", body: newHome({ name: "Nowhere Lot", latitude: null, longitude: null }) })).json()) as Property;
    const hidden = (await (await call("/api/admin/properties", { method: "POST", body: newHome({ name: "Hidden Lot", isActive: false }) })).json()) as Property;
    const after = await markers();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((m) => m.id === placed.id)).toEqual({ id: placed.id, lat: 32.76681, lng: -96.5993, name: "Mesquite Flats, Lot 5", price: "$995/month" });
    expect(after.map((m) => m.id)).not.toContain(unplaced.id);
    expect(after.map((m) => m.id)).not.toContain(hidden.id);
  });
});

describe("GET /api/properties/{id}", () => {
  it("gives an active home as the pages show it, cacheable", async () => {
    const [first] = await markers();
    const response = await publicGet(`/api/properties/${first.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const listing = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(listing).sort()).toEqual(
      ["applicationUrl", "baths", "beds", "description", "descriptionSpanish", "facts", "id", "latitude", "location", "longitude", "name", "photos", "price", "priceKind", "priceSpanish", "sqft"].sort(),
    );
    expect(listing).toMatchObject({ id: first.id, name: first.name, price: first.price });
    expect((listing.photos as string[]).length).toBeGreaterThan(0);
    const again = await publicGet(`/api/properties/${first.id}`, { "If-None-Match": response.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("answers 404 JSON for an inactive, unknown or malformed id", async () => {
    const inactive = (await adminProperties()).find((p) => !p.isActive)!;
    for (const id of [String(inactive.id), "999999", "abc", "0"]) {
      const response = await publicGet(`/api/properties/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: "Property not found" });
    }
  });

  it("stops answering once the home is made inactive", async () => {
    const [first] = await markers();
    expect((await publicGet(`/api/properties/${first.id}`)).status).toBe(200); // in the page cache
    const property = (await adminProperties()).find((p) => p.id === first.id)!;
    const { id: _id, ...fields } = property as Property & Record<string, unknown>;
    delete fields.createdAt;
    delete fields.updatedAt;
    const put = await call(`/api/admin/properties/${first.id}`, { method: "PUT", body: { ...fields, isActive: false } });
    expect(put.status).toBe(200);
    expect((await publicGet(`/api/properties/${first.id}`)).status).toBe(404);
    expect((await markers()).map((m) => m.id)).not.toContain(first.id);
  });
});

describe("writes", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s answers 405 JSON with Allow: GET", async (method) => {
    const [first] = await markers();
    for (const path of ["/api/map-markers", `/api/properties/${first.id}`]) {
      const response = await call(path, { method, body: {} });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow")).toBe("GET");
      expect(await response.json()).toEqual({ error: "Method not allowed" });
    }
  });
});
