import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { startLocalS3 } from "../support/s3";

/**
 * Issue 9, point 1: the media store. The same cases run against both back ends: local
 * disk (no configuration) and S3 (an s3rver bucket on loopback). The demo images are
 * written at start-up through the store, so they are what is served here.
 */

type Store = {
  env: Record<string, string>;
  /** Whether the store itself (not the app) holds the key. */
  has: (key: string) => Promise<boolean>;
  stop: () => Promise<void>;
};

type Media = { id: number; filePath: string; fileSize: number; mimeType: string };

const IMMUTABLE = "public, max-age=31536000, immutable";

async function localStore(app: () => SignedInApp): Promise<Store> {
  // An empty S3_BUCKET keeps the default even if the shell running the tests has one.
  return { env: { S3_BUCKET: "" }, has: async (key) => fs.existsSync(path.join(app().app.workDir, "data", "uploads", key)), stop: async () => {} };
}

/** A request sent exactly as written: fetch would resolve "..", a browser might too; an attacker's client need not. */
function rawGet(url: string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(new URL(url), { path: rawPath }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on("error", reject);
  });
}

describe.each([
  { name: "local disk", makeStore: localStore },
  { name: "S3", makeStore: (): Promise<Store> => startLocalS3() },
])("media store on $name", ({ name, makeStore }) => {
  let signedIn: SignedInApp;
  let store: Store;
  let heroes: Media[];

  beforeAll(async () => {
    store = await makeStore(() => signedIn);
    signedIn = await startSignedInApp({ env: store.env });
    heroes = (await (await fetch(`${signedIn.app.url}/api/hero-images`)).json()) as Media[];
    expect(heroes.length).toBe(3);
  });
  afterAll(async () => {
    await signedIn?.stop();
    await store?.stop();
  });

  const url = (p: string) => `${signedIn.app.url}${p}`;
  const keyOf = (item: Media) => item.filePath.replace("/objects/", "");

  it("writes the demo images to this store at start-up", async () => {
    for (const hero of heroes) expect(await store.has(keyOf(hero)), hero.filePath).toBe(true);
    // On S3 nothing lands on the local disk.
    const onDisk = fs.existsSync(path.join(signedIn.app.workDir, "data", "uploads", keyOf(heroes[0])));
    expect(onDisk).toBe(name === "local disk");
  });

  it("serves /objects/<key> with its type, length and long-lived cache headers", async () => {
    for (const hero of heroes) {
      const response = await fetch(url(hero.filePath));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("content-length")).toBe(String(hero.fileSize));
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("etag")).toBeTruthy();
      expect(Date.parse(response.headers.get("last-modified")!)).not.toBeNaN();
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.length).toBe(hero.fileSize);
      expect((await sharp(body).metadata()).format).toBe("webp");
    }
  });

  it("answers 304 to a matching If-None-Match and the whole file to another", async () => {
    const first = await fetch(url(heroes[0].filePath));
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const again = await fetch(url(heroes[0].filePath), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(IMMUTABLE);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const other = await fetch(url(heroes[0].filePath), { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
    expect((await other.arrayBuffer()).byteLength).toBe(heroes[0].fileSize);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await fetch(url(heroes[1].filePath), { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("content-length")).toBe(String(heroes[1].fileSize));
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(response.headers.get("etag")).toBeTruthy();
    expect((await response.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(url("/objects/demo/missing.webp"), { method: "HEAD" })).status).toBe(404);
  });

  it("answers a plain 404 for a missing key and for an unsafe one", async () => {
    for (const p of ["/objects/demo/missing.webp", "/objects/demo", "/objects/", "/objects/demo%2Fhero-1.webp", "/objects/demo/..%2F..%2Fapp.db"]) {
      const response = await fetch(url(p));
      expect(response.status, p).toBe(404);
      expect(response.headers.get("content-type"), p).toMatch(/^text\/plain/);
      expect(response.headers.get("x-content-type-options"), p).toBe("nosniff");
    }
    expect(await rawGet(signedIn.app.url, "/objects/../data/app.db")).toBe(404);
    expect(await rawGet(signedIn.app.url, `/objects/demo/../${keyOf(heroes[0])}`)).toBe(404);
    expect(await rawGet(signedIn.app.url, `/objects/demo/%2e%2e/${keyOf(heroes[0])}`)).toBe(404);
  });

  it("answers /variants/<width>/<key> with a WebP of that width, made once and kept on local disk", async () => {
    const key = keyOf(heroes[2]);
    const response = await fetch(url(`/variants/320/${key}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const image = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(image.format).toBe("webp");
    expect(image.width).toBe(320);
    expect(fs.existsSync(path.join(signedIn.app.workDir, "data", "cache", "variants", "320", `${key}.webp`))).toBe(true);
    expect((await fetch(url("/variants/320/demo/missing.webp"))).status).toBe(404);
  });

  it("deletes the object from the store when its media item is deleted: /objects then answers 404", async () => {
    const call = jsonCaller(() => signedIn.app, () => signedIn.cookie);
    const hero = heroes[2];
    const key = keyOf(hero);
    expect((await fetch(url(`/variants/480/${key}`))).status).toBe(200);

    expect((await call(`/api/admin/media/${hero.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await store.has(key)).toBe(false);
    expect((await fetch(url(hero.filePath))).status).toBe(404);
    expect((await fetch(url(`/variants/480/${key}`))).status).toBe(404);
    expect((await fetch(url(`/variants/320/${key}`))).status).toBe(404);
  });
});
