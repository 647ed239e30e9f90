import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type CallOptions, type SignedInApp } from "../support/admin-api";
import { startFaultProxy, type FaultMode, type FaultProxy } from "../support/fault-proxy";
import { png } from "../support/images";
import { startLocalS3, type LocalS3 } from "../support/s3";
import { startServer, withServerDatabase, type RunningServer } from "../support/server";

/**
 * Media on S3 while S3 cannot be reached (docs/decisions/028). The built server talks to
 * s3rver through a proxy on loopback that the test switches: nothing listening, a store
 * that never answers, one whose answers to writes are lost. Every admin step that needs
 * the store answers 503 with Retry-After (JSON) or the page with the reason (forms),
 * leaves no media row half-made and deletes none, and once the store is back nothing
 * of the failed attempts stays in the bucket; the public image path answers 503 rather
 * than a 500 or a hang.
 */

const ADMIN = "faults-s3@example.com";
const SESSION_SECRET = "faults-s3-test-secret-0123456789";
const STORAGE_DOWN = "File storage is unavailable; please try again later";

type MediaItem = { id: number; originalName: string; filePath: string };

describe("media storage on S3 while S3 is unreachable", () => {
  let s3: LocalS3;
  let proxy: FaultProxy;
  let signedIn: SignedInApp;
  let app: RunningServer;
  /** The bucket before any test: what the demo catalogue put there. */
  let initialKeys: string[];

  const env = () => ({ ADMIN_EMAILS: ADMIN, SESSION_SECRET, ...s3.env, S3_ENDPOINT: proxy.url });

  beforeAll(async () => {
    s3 = await startLocalS3();
    const store = new URL(s3.env.S3_ENDPOINT);
    proxy = await startFaultProxy({ host: store.hostname, port: Number(store.port) });
    signedIn = await startSignedInApp({ email: ADMIN, env: env() });
    app = signedIn.app;
    initialKeys = await allKeys();
  });
  afterAll(async () => {
    await app?.stop();
    await signedIn?.stop();
    await proxy?.stop();
    await s3?.stop();
  });

  const call = (p: string, init: CallOptions = {}) => jsonCaller(() => app, () => signedIn.cookie)(p, init);
  const url = (p: string) => `${app.url}${p}`;
  const keyOf = (filePath: string) => filePath.replace(/^\/objects\//, "");
  const allKeys = async () => (await s3.keys("")).sort();

  /** Runs `work` with the store failing in `mode`, and brings it back whatever happens. */
  async function whileStore<T>(mode: FaultMode, work: () => Promise<T>): Promise<T> {
    await proxy.setMode(mode);
    try {
      return await work();
    } finally {
      await proxy.setMode("pass");
    }
  }

  async function mediaCount(): Promise<number> {
    const response = await call("/api/admin/media?limit=1");
    expect(response.status).toBe(200);
    return Number(response.headers.get("x-total-count"));
  }

  async function findMedia(name: string): Promise<MediaItem[]> {
    return (await (await call(`/api/admin/media?q=${encodeURIComponent(name)}`)).json()) as MediaItem[];
  }

  async function newUploadUrl(): Promise<string> {
    const response = await call("/api/objects/upload", { method: "POST" });
    expect(response.status).toBe(200);
    return ((await response.json()) as { uploadURL: string }).uploadURL;
  }

  function putBytes(uploadURL: string, bytes: Buffer) {
    return fetch(uploadURL, { method: "PUT", headers: { "Content-Type": "image/png" }, body: new Uint8Array(bytes) });
  }

  async function objectPathOf(uploadURL: string): Promise<string> {
    const response = await call("/api/property-images", { method: "PUT", body: { imageURL: uploadURL } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { objectPath: string }).objectPath;
  }

  /** The browser's first three steps with the store up: the bytes are in quarantine. */
  async function uploadToQuarantine(bytes: Buffer): Promise<string> {
    const uploadURL = await newUploadUrl();
    expect((await putBytes(uploadURL, bytes)).status).toBe(200);
    return objectPathOf(uploadURL);
  }

  function record(filePath: string, filename: string) {
    return call("/api/admin/media/upload", { method: "POST", body: { filename, filePath, fileSize: 1, mimeType: "image/png" } });
  }

  async function uploadAndRecord(filename: string): Promise<MediaItem> {
    const response = await record(await uploadToQuarantine(await png(24, 16)), filename);
    expect(response.status).toBe(201);
    return (await response.json()) as MediaItem;
  }

  /** The store's outage as a JSON call sees it: 503, the reason, Retry-After, never cached. */
  async function expectStorageDown(response: Response) {
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: STORAGE_DOWN });
  }

  /** A dashboard form as a browser without JavaScript posts it: multipart, our Origin, the cookie. */
  function postForm(pathAndSearch: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: "image/png" }), file.name);
    return fetch(url(pathAndSearch), { method: "POST", headers: { Origin: app.url, Cookie: signedIn.cookie }, body: form, redirect: "manual" });
  }

  /** The store's outage as a form sees it: 503, the page again with the reason, Retry-After. */
  async function expectPageSaying(response: Response, ...texts: string[]) {
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("retry-after")).toBe("30");
    const html = await response.text();
    for (const text of texts) expect(html).toContain(text);
  }

  it("an upload: the upload URL is still handed out, the browser's PUT fails, the record step answers 503; no row, nothing stored", async () => {
    const before = await mediaCount();
    const objectPath = await whileStore("refuse", async () => {
      // Signing an upload URL needs no request to S3.
      const uploadURL = await newUploadUrl();
      expect(new URL(uploadURL).origin).toBe(proxy.url);
      // The browser's PUT goes straight to the store, which is not there.
      await expect(putBytes(uploadURL, await png(20, 20))).rejects.toThrow();
      const objectPath = await objectPathOf(uploadURL);
      await expectStorageDown(await record(objectPath, "never-stored.png"));
      return objectPath;
    });
    expect(await mediaCount()).toBe(before);
    expect(await findMedia("never-stored")).toEqual([]);
    expect(await allKeys()).toEqual(initialKeys);
    // The upload stays what it was: recorded now, it says no bytes ever arrived.
    const late = await record(objectPath, "never-stored.png");
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: "No file was uploaded to that URL" });
  });

  it("the store going away between the PUT and the record step: 503 and no row; once it is back, the same upload is recorded", async () => {
    const before = await mediaCount();
    const objectPath = await uploadToQuarantine(await png(30, 20));
    await whileStore("refuse", async () => expectStorageDown(await record(objectPath, "retried.png")));
    expect(await mediaCount()).toBe(before);
    expect(await s3.has(keyOf(objectPath))).toBe(true);

    const again = await record(objectPath, "retried.png");
    expect(again.status).toBe(201);
    const item = (await again.json()) as MediaItem;
    expect(await mediaCount()).toBe(before + 1);
    expect(await s3.has(keyOf(objectPath))).toBe(false);
    expect((await fetch(url(item.filePath))).status).toBe(200);
    expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await allKeys()).toEqual(initialKeys);
  });

  let lostPublished: string;
  let lostQuarantined: string;

  it("the answer to the write of the checked image lost on the way back: 503 and no row; the stored image is never served", async () => {
    const before = await mediaCount();
    const objectPath = await uploadToQuarantine(await png(32, 24));
    lostQuarantined = keyOf(objectPath);
    // The record step reads the upload (a GET), then writes the re-encoded image (a PUT)
    // that the store keeps but whose answer never arrives.
    await whileStore("lose-put-answers", async () => expectStorageDown(await record(objectPath, "answer-lost.png")));
    expect(await mediaCount()).toBe(before);
    expect(await findMedia("answer-lost")).toEqual([]);
    const leftOver = (await allKeys()).filter((key) => !initialKeys.includes(key));
    const published = leftOver.filter((key) => key.startsWith("media/"));
    expect(published).toHaveLength(1);
    expect(leftOver.sort()).toEqual([lostQuarantined, published[0]].sort());
    lostPublished = published[0];
    // No row names it: never served, in full or resized.
    expect((await fetch(url(`/objects/${lostPublished}`))).status).toBe(404);
    expect((await fetch(url(`/variants/320/${lostPublished}`))).status).toBe(404);
  });

  it("the dashboard's upload form and a property form with a file: the page again with the reason; no row, nothing stored", async () => {
    const media = await mediaCount();
    const properties = Number((await call("/api/admin/properties?limit=1")).headers.get("x-total-count"));
    const keys = await allKeys();
    await whileStore("refuse", async () => {
      const upload = await postForm("/admin/dashboard/media/upload", {}, { bytes: await png(40, 30), name: "form-upload.png" });
      await expectPageSaying(upload, STORAGE_DOWN, "Upload Image");
      const property = await postForm(
        "/admin/dashboard/properties/new",
        { name: "Home While Down", location: "Waco, TX", price: "$900/month", beds: "2", baths: "1", sqft: "800", description: "Added while storage was down." },
        { bytes: await png(40, 30), name: "property-photo.png" },
      );
      expect(property.status).toBe(503);
      expect(await property.text()).toContain(STORAGE_DOWN);
    });
    expect(await mediaCount()).toBe(media);
    expect(Number((await call("/api/admin/properties?limit=1")).headers.get("x-total-count"))).toBe(properties);
    expect(await allKeys()).toEqual(keys);
    // Nothing half-received is left on the server's disk either.
    const workFiles = path.join(app.workDir, "data", "tmp");
    expect(fs.existsSync(workFiles) ? fs.readdirSync(workFiles) : []).toEqual([]);
  });

  it("a delete, by the JSON call and by the dashboard's form, and a re-upload: 503 and the item stays whole; once the store is back, the delete goes through", async () => {
    const item = await uploadAndRecord("kept-while-down.png");
    const replacement = await uploadToQuarantine(await png(50, 40));
    const before = await mediaCount();
    await whileStore("refuse", async () => {
      await expectStorageDown(await call(`/api/admin/media/${item.id}`, { method: "DELETE" }));
      const form = await postForm(`/admin/dashboard/media/${item.id}/delete`, {});
      await expectPageSaying(form, `Failed to delete file. ${STORAGE_DOWN}`, "Delete File");
      const reupload = await call(`/api/admin/media/${item.id}/reupload`, {
        method: "PUT",
        body: { filename: "replacement.png", filePath: replacement, fileSize: 1, mimeType: "image/png" },
      });
      await expectStorageDown(reupload);
    });
    expect(await mediaCount()).toBe(before);
    expect(await findMedia("kept-while-down")).toEqual([expect.objectContaining({ id: item.id, filePath: item.filePath })]);
    expect(await s3.has(keyOf(item.filePath))).toBe(true);
    expect((await fetch(url(item.filePath))).status).toBe(200);

    const deleted = await call(`/api/admin/media/${item.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await mediaCount()).toBe(before - 1);
    expect(await s3.has(keyOf(item.filePath))).toBe(false);
    expect((await fetch(url(item.filePath))).status).toBe(404);
  });

  it("the public image path: 503 with Retry-After while nothing listens and while the store never answers, never a 500 or a hang", { timeout: 45_000 }, async () => {
    const heroes = (await (await fetch(url("/api/hero-images"))).json()) as MediaItem[];
    const image = heroes[0].filePath;
    const expectImageDown = async (response: Response) => {
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("30");
      expect(response.headers.get("cache-control")).toBe("no-store");
      // The headers of every answer, and the sandbox of an uploaded file's path.
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-site");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    };
    await whileStore("refuse", async () => {
      await expectImageDown(await fetch(url(image)));
      await expectImageDown(await fetch(url(image), { method: "HEAD" }));
      await expectImageDown(await fetch(url(`/variants/480/${keyOf(image)}`)));
    });
    // A store that takes the connection and never answers: the S3 client's own time limits
    // end the wait (a client without them would hold this request until the test's timeout).
    await whileStore("silent", async () => expectImageDown(await fetch(url(image))));
    expect((await fetch(url(image))).status).toBe(200);
    expect((await fetch(url(`/variants/480/${keyOf(image)}`))).status).toBe(200);
  });

  it("once the store is back, the cleanup the server runs as it starts and then hourly leaves nothing of the failed attempts a day later", async () => {
    // Still there: the upload whose record step failed, and the image whose write's answer was lost.
    expect(await s3.has(lostQuarantined)).toBe(true);
    expect(await s3.has(lostPublished)).toBe(true);

    // A day and an hour pass: the slots and the store's objects are made that much older.
    await app.stop();
    const dayAndHourAgo = Date.now() - 25 * 60 * 60_000;
    withServerDatabase(app, (db) => db.prepare("update upload_slots set created_at = ?, expires_at = ?").run(dayAndHourAgo, dayAndHourAgo + 300_000));
    for (const key of [lostQuarantined, lostPublished]) fs.utimesSync(s3.fileOf(key), new Date(dayAndHourAgo), new Date(dayAndHourAgo));

    app = await startServer({ workDir: app.workDir, env: { ...env(), GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s" } });
    const deadline = Date.now() + 10_000;
    while ((await s3.has(lostQuarantined)) || (await s3.has(lostPublished))) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The bucket holds what it held before the tests: no orphan, in quarantine or published.
    expect(await allKeys()).toEqual(initialKeys);
    expect(withServerDatabase(app, (db) => db.prepare("select count(*) as count from upload_slots").get())).toEqual({ count: 0 });
    // And every image a row names is still there.
    for (const hero of (await (await fetch(url("/api/hero-images"))).json()) as MediaItem[]) {
      expect((await fetch(url(hero.filePath), { method: "HEAD" })).status).toBe(200);
    }
  });
});
