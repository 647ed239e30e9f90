import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type CallOptions, type SignedInApp } from "../support/admin-api";
import { eventually } from "../support/eventually";
import { hasGpsExif, hugePng, jpegOfSize, jpegWithGps, png } from "../support/images";
import { logLineLike, logLines } from "../support/log-lines";
import { startLocalS3 } from "../support/s3";
import { startServer, type RunningServer } from "../support/server";

/**
 * Issue 9, points 2, 3 and 6: the upload flow of docs/product.md §7 (POST /api/objects/upload,
 * the PUT of the bytes, PUT /api/property-images, POST /api/admin/media/upload), re-upload,
 * hero, link and unlink, delete, and the cleanup of what was never recorded. The same
 * cases run on local disk and on S3 (s3rver on loopback). A rejected upload leaves no
 * row, nothing served and nothing in the store.
 */

const ADMIN = "uploads@example.com";
const OTHER_ADMIN = "uploads.other@example.com";
const SESSION_SECRET = "upload-test-secret-0123456789";
const MAX = 10_485_760;

type Store = {
  env: Record<string, string>;
  has: (key: string) => Promise<boolean>;
  keys: (prefix: string) => Promise<string[]>;
  /** Puts bytes straight into the store, past the app. */
  put: (key: string, body: Buffer) => Promise<void>;
  /** Sets the time the store gives an object (its LastModified). */
  age: (key: string, when: Date) => void;
  stop: () => Promise<void>;
};

type MediaItem = { id: number; filename: string; originalName: string; filePath: string; fileSize: number; mimeType: string; isHeroImage: boolean; propertyId: number | null };

function listFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(folder, name)).isFile());
}

/** Raw HTTP, for the headers fetch will not let a test forge (Host). */
function rawPost(target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port, pathname } = new URL(target);
    const request = http.request({ host: hostname, port, path: pathname, method: "POST", headers: { "Content-Length": 0, ...headers } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

function localStore(workDir: string): Store {
  const uploads = path.join(workDir, "data", "uploads");
  return {
    env: { S3_BUCKET: "" },
    has: async (key) => fs.existsSync(path.join(uploads, key)),
    keys: async (prefix) => listFiles(path.join(uploads, prefix)).map((name) => `${prefix}${name.split(path.sep).join("/")}`),
    age: (key, when) => fs.utimesSync(path.join(uploads, key), when, when),
    put: async (key, body) => {
      fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true });
      fs.writeFileSync(path.join(uploads, key), body);
    },
    stop: async () => {},
  };
}

async function s3Store(): Promise<Store> {
  const s3 = await startLocalS3();
  return { ...s3, put: (key, body) => s3.put(key, body, "image/jpeg"), age: (key, when) => fs.utimesSync(s3.fileOf(key), when, when) };
}

describe.each([
  // An empty S3_BUCKET keeps the default even if the shell running the tests has one.
  { name: "local disk", makeStore: async (): Promise<Store> => ({ ...localStore(""), env: { S3_BUCKET: "" } }) },
  { name: "S3", makeStore: async () => s3Store() },
])("uploads on $name", ({ name, makeStore }) => {
  const onS3 = name === "S3";
  let signedIn: SignedInApp;
  let app: RunningServer;
  let store: Store;
  let otherCookie: string;
  let workDir: string;

  const env = () => ({ ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}`, SESSION_SECRET, ...store.env });

  beforeAll(async () => {
    store = await makeStore();
    signedIn = await startSignedInApp({ email: ADMIN, env: env() });
    workDir = signedIn.app.workDir;
    // The local store lives in the server's own work directory, known only now.
    if (!onS3) store = localStore(workDir);
    app = signedIn.app;
    otherCookie = await signedIn.signIn(OTHER_ADMIN);
  });
  afterAll(async () => {
    await app?.stop();
    await signedIn?.stop();
    await store?.stop();
  });

  const call = (p: string, init: CallOptions = {}) => jsonCaller(() => app, () => signedIn.cookie)(p, init);
  const url = (p: string) => `${app.url}${p}`;
  const keyOf = (filePath: string) => filePath.replace(/^\/objects\//, "");
  // The resized copies stay on local disk whichever store holds the originals.
  const variantsCache = () => path.join(workDir, "data", "cache", "variants");

  /** The resized copies of `key` on disk ("<width>/<key>.webp"), in whatever width folders there are. */
  function cachedCopiesOf(key: string): string[] {
    if (!fs.existsSync(variantsCache())) return [];
    return fs
      .readdirSync(variantsCache())
      .filter((width) => fs.existsSync(path.join(variantsCache(), width, `${key}.webp`)))
      .map((width) => `${width}/${key}.webp`)
      .sort();
  }

  /**
   * The picture link previews show of a home whose main image is `filePath` (its page's
   * og:image), fetched once so that its copy is made, as a preview's crawler would.
   */
  async function shareImageOf(filePath: string, homeName: string): Promise<string> {
    const created = await call("/api/admin/properties", {
      method: "POST",
      body: { name: homeName, location: "Waco, TX", price: "$900/month", imageUrl: filePath, beds: "2", baths: "1", sqft: "800", description: "A home whose photo is shared.", isActive: true },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const html = await (await fetch(url(`/properties/${id}`))).text();
    const shareImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(shareImage).toMatch(new RegExp(`^${app.url}/variants/\\d+/${keyOf(filePath)}$`));
    const fetched = await fetch(shareImage!);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("image/webp");
    return shareImage!;
  }

  /** A photo recorded through the API, with its share image and its 320 px copy made: two copies on disk. */
  async function photoWithCopies(name: string) {
    const { objectPath } = await uploadBytes(await png(40, 30), "image/png");
    const recorded = await record(objectPath, `${name}.png`);
    expect(recorded.status).toBe(201);
    const item = (await recorded.json()) as MediaItem;
    const key = keyOf(item.filePath);
    const shareImage = await shareImageOf(item.filePath, `${name} home`);
    expect((await fetch(url(`/variants/320/${key}`))).status).toBe(200);
    const shareWidth = new URL(shareImage).pathname.split("/")[2];
    expect(cachedCopiesOf(key)).toEqual([`${shareWidth}/${key}.webp`, `320/${key}.webp`].sort());
    return { item, key, shareImage };
  }

  async function newUploadUrl(cookie?: string): Promise<string> {
    const response = await call("/api/objects/upload", { method: "POST", cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { uploadURL } = (await response.json()) as { uploadURL: string };
    expect(typeof uploadURL).toBe("string");
    return uploadURL;
  }

  function putBytes(uploadURL: string, bytes: Buffer, contentType: string) {
    return fetch(uploadURL, { method: "PUT", headers: { "Content-Type": contentType }, body: new Uint8Array(bytes) });
  }

  async function objectPathOf(uploadURL: string, cookie?: string): Promise<string> {
    const response = await call("/api/property-images", { method: "PUT", body: { imageURL: uploadURL }, cookie });
    expect(response.status).toBe(200);
    const { objectPath } = (await response.json()) as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/quarantine\/[0-9a-f]{32}$/);
    return objectPath;
  }

  /** The browser's three steps: an upload URL, the bytes, the objectPath. */
  async function uploadBytes(bytes: Buffer, contentType: string, cookie?: string) {
    const uploadURL = await newUploadUrl(cookie);
    const put = await putBytes(uploadURL, bytes, contentType);
    const objectPath = await objectPathOf(uploadURL, cookie);
    return { uploadURL, put, objectPath };
  }

  function record(filePath: string, filename: string, options: { cookie?: string | null; mimeType?: string; fileSize?: number } = {}) {
    return call("/api/admin/media/upload", {
      method: "POST",
      cookie: options.cookie,
      body: { filename, filePath, fileSize: options.fileSize ?? 1234, mimeType: options.mimeType ?? "image/jpeg" },
    });
  }

  async function mediaCount(): Promise<number> {
    const response = await call("/api/admin/media?limit=1");
    return Number(response.headers.get("x-total-count"));
  }

  type Snapshot = { media: number; published: string[] };
  const snapshot = async (): Promise<Snapshot> => ({ media: await mediaCount(), published: (await store.keys("media/")).sort() });

  /** Nothing of a rejected upload remains: no row, no published file, nothing in quarantine for it. */
  async function expectNothingLeft(before: Snapshot, objectPath: string) {
    expect(await snapshot()).toEqual(before);
    expect(await store.has(keyOf(objectPath))).toBe(false);
    expect((await fetch(url(objectPath))).status).toBe(404);
  }

  async function expectRejected(response: Response, status: number, error: RegExp) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(error);
  }

  let uploaded: MediaItem;

  it("records an upload only after checking it: measured size and type, EXIF and GPS gone, published under a new path", async () => {
    const original = await jpegWithGps();
    expect(hasGpsExif(original)).toBe(true);
    const before = await mediaCount();

    const { uploadURL, put, objectPath } = await uploadBytes(original, "image/jpeg");
    expect(put.status).toBe(200);
    if (onS3) expect(new URL(uploadURL).searchParams.get("X-Amz-Signature")).toBeTruthy();
    else expect(new URL(uploadURL).pathname).toMatch(/^\/api\/objects\/upload\/[0-9a-f]{32}$/);
    // In quarantine: stored, never served.
    expect(await store.has(keyOf(objectPath))).toBe(true);
    expect((await fetch(url(objectPath))).status).toBe(404);
    expect((await fetch(url(`/variants/320/${keyOf(objectPath)}`))).status).toBe(404);

    // The browser's claims (a PNG of 1 byte) are not believed.
    const response = await record(objectPath, "C:\\Users\\office\\Porch photo.jpg", { mimeType: "image/png", fileSize: 1 });
    expect(response.status).toBe(201);
    uploaded = (await response.json()) as MediaItem & { message: string };
    expect(uploaded).toMatchObject({ originalName: "Porch photo.jpg", mimeType: "image/jpeg", isHeroImage: false, propertyId: null, message: "Image uploaded successfully" });
    expect(uploaded.filePath).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\.jpg$/);
    expect(uploaded.filename).toBe(uploaded.filePath.split("/").pop());
    expect(await mediaCount()).toBe(before + 1);
    expect(await store.has(keyOf(objectPath))).toBe(false);

    const served = await fetch(url(uploaded.filePath));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.length).toBe(uploaded.fileSize);
    expect(hasGpsExif(body)).toBe(false);
    expect(body.includes(Buffer.from("Taken at the office"))).toBe(false);
    const metadata = await sharp(body).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();

    const variant = await fetch(url(`/variants/320/${keyOf(uploaded.filePath)}`));
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
  });

  it("puts an uploaded image in the hero carousel and in a home's carousel, and takes it out again", async () => {
    const hero = await call(`/api/admin/media/${uploaded.id}/hero`, { method: "PATCH", body: { isHeroImage: true } });
    expect(hero.status).toBe(200);
    const heroes = (await (await fetch(url("/api/hero-images"))).json()) as MediaItem[];
    expect(heroes.map((item) => item.filePath)).toContain(uploaded.filePath);
    expect(await (await fetch(url("/"))).text()).toContain(keyOf(uploaded.filePath));

    const properties = (await (await fetch(url("/api/properties"))).json()) as { id: number }[];
    const home = properties[0].id;
    expect((await call(`/api/admin/properties/${home}/media/${uploaded.id}/link`, { method: "POST" })).status).toBe(200);
    const linked = (await (await fetch(url(`/api/properties/${home}/media`))).json()) as MediaItem[];
    expect(linked.map((item) => item.filePath)).toContain(uploaded.filePath);

    expect((await call(`/api/admin/properties/${home}/media/${uploaded.id}/unlink`, { method: "DELETE" })).status).toBe(200);
    const unlinked = (await (await fetch(url(`/api/properties/${home}/media`))).json()) as MediaItem[];
    expect(unlinked.map((item) => item.filePath)).not.toContain(uploaded.filePath);
  });

  it("re-uploads: same item, new checked image under a new path, the old file and its variants gone, a home's main image follows", async () => {
    const propertyResponse = await call("/api/admin/properties", {
      method: "POST",
      body: { name: "Upload Test Home", location: "Waco, TX", price: "$900/month", imageUrl: uploaded.filePath, beds: "2", baths: "1", sqft: "800", description: "A home for the upload test." },
    });
    expect(propertyResponse.status).toBe(201);
    const property = (await propertyResponse.json()) as { id: number; imageUrl: string };
    const oldKey = keyOf(uploaded.filePath);
    expect((await fetch(url(`/variants/480/${oldKey}`))).status).toBe(200);

    const { objectPath } = await uploadBytes(await png(200, 100), "image/png");
    const response = await call(`/api/admin/media/${uploaded.id}/reupload`, {
      method: "PUT",
      body: { filename: "wide.png", filePath: objectPath, fileSize: 5, mimeType: "image/jpeg" },
    });
    expect(response.status).toBe(200);
    const replaced = (await response.json()) as MediaItem & { message: string };
    expect(replaced).toMatchObject({ id: uploaded.id, originalName: "wide.png", mimeType: "image/png", isHeroImage: true, message: "Image re-uploaded successfully" });
    expect(replaced.filePath).toMatch(/^\/objects\/media\/[0-9a-f-]{36}\.png$/);
    expect(replaced.filePath).not.toBe(uploaded.filePath);

    expect(await store.has(oldKey)).toBe(false);
    expect((await fetch(url(uploaded.filePath))).status).toBe(404);
    expect((await fetch(url(`/variants/480/${oldKey}`))).status).toBe(404);
    expect(fs.existsSync(path.join(workDir, "data", "cache", "variants", "480", `${oldKey}.webp`))).toBe(false);
    const served = await fetch(url(replaced.filePath));
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 200, height: 100 });

    const home = (await (await call(`/api/admin/properties/${property.id}`)).json()) as { imageUrl: string };
    expect(home.imageUrl).toBe(replaced.filePath);
    uploaded = replaced;
  });

  it("deletes: the row, the file and its variants; the hero carousel drops it and a home whose main image it was shows the placeholder", async () => {
    const key = keyOf(uploaded.filePath);
    expect((await fetch(url(`/variants/320/${key}`))).status).toBe(200);
    const homes = (await (await fetch(url("/api/properties"))).json()) as { id: number; name: string; imageUrl: string }[];
    const home = homes.find((item) => item.name === "Upload Test Home")!;
    expect(home.imageUrl).toBe(uploaded.filePath);

    const response = await call(`/api/admin/media/${uploaded.id}`, { method: "DELETE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "File deleted successfully" });
    expect(await store.has(key)).toBe(false);
    expect((await fetch(url(uploaded.filePath))).status).toBe(404);
    expect((await fetch(url(`/variants/320/${key}`))).status).toBe(404);
    const heroes = (await (await fetch(url("/api/hero-images"))).json()) as MediaItem[];
    expect(heroes.map((item) => item.id)).not.toContain(uploaded.id);
    const after = (await (await call(`/api/admin/properties/${home.id}`)).json()) as { imageUrl: string };
    expect(after.imageUrl).toBe("/images/placeholder.svg");
    expect((await call(`/api/admin/media/${uploaded.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("deleting a photo leaves no resized copy of it on disk in any width, the share image's (og:image) included", async () => {
    const { item, key, shareImage } = await photoWithCopies("share-deleted");
    expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
    expect(cachedCopiesOf(key)).toEqual([]);
    expect((await fetch(shareImage)).status).toBe(404);
  });

  it("re-uploading a photo leaves no resized copy of the old image on disk in any width, the share image's included", async () => {
    const { item, key, shareImage } = await photoWithCopies("share-replaced");
    const { objectPath } = await uploadBytes(await png(60, 40), "image/png");
    const response = await call(`/api/admin/media/${item.id}/reupload`, { method: "PUT", body: { filename: "share-new.png", filePath: objectPath, fileSize: 5, mimeType: "image/png" } });
    expect(response.status).toBe(200);
    const replaced = (await response.json()) as MediaItem;
    expect(replaced.filePath).not.toBe(item.filePath);
    expect(cachedCopiesOf(key)).toEqual([]);
    expect((await fetch(shareImage)).status).toBe(404);
    expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("builds the upload URL from APP_URL whatever Host and X-Forwarded-Host say; on S3 it is the bucket's, as without them", async () => {
    const honest = new URL(await newUploadUrl());
    const forged = await rawPost(url("/api/objects/upload"), {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
      Origin: app.url,
      Cookie: signedIn.cookie,
    });
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain("evil.example");
    const uploadURL = new URL((JSON.parse(forged.body) as { uploadURL: string }).uploadURL);
    expect(uploadURL.origin).toBe(honest.origin);
    if (onS3) expect(uploadURL.origin).toBe(store.env.S3_ENDPOINT);
    else expect(uploadURL.origin).toBe(app.url); // APP_URL
    // And it takes the upload.
    expect((await putBytes(uploadURL.href, await png(12, 12), "image/png")).status).toBe(200);
    const recorded = await record(await objectPathOf(uploadURL.href), "forged-host.png");
    expect(recorded.status).toBe(201);
    expect((await call(`/api/admin/media/${((await recorded.json()) as MediaItem).id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("serves no object that no row names: one put in the store past the app is a 404, in full and resized", async () => {
    const key = "media/put-there-by-hand.jpg";
    await store.put(key, await jpegWithGps());
    expect(await store.has(key)).toBe(true);
    expect((await fetch(url(`/objects/${key}`))).status).toBe(404);
    expect((await fetch(url(`/objects/${key}`), { method: "HEAD" })).status).toBe(404);
    expect((await fetch(url(`/variants/320/${key}`))).status).toBe(404);
  });

  describe("rejects, with nothing served, recorded or left in storage", () => {
    const cases: { title: string; bytes: () => Promise<Buffer> | Buffer; type: string; filename: string; status: number; error: RegExp }[] = [
      { title: "text bytes declared image/png", bytes: () => Buffer.from("just some text, not a picture\n".repeat(20)), type: "image/png", filename: "notes.png", status: 415, error: /not a JPEG, PNG, GIF or WebP/ },
      {
        title: "an SVG",
        bytes: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        type: "image/svg+xml",
        filename: "logo.svg",
        status: 415,
        error: /not a JPEG, PNG, GIF or WebP/,
      },
      { title: "an HTML file named .jpg", bytes: () => Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"), type: "image/jpeg", filename: "photo.jpg", status: 415, error: /not a JPEG, PNG, GIF or WebP/ },
      { title: "a 20000 x 20000 PNG", bytes: () => hugePng(), type: "image/png", filename: "bomb.png", status: 422, error: /too many pixels/ },
      { title: "a truncated JPEG", bytes: async () => (await jpegWithGps()).subarray(0, 200), type: "image/jpeg", filename: "cut.jpg", status: 422, error: /could not be read/ },
    ];

    for (const testCase of cases) {
      it(testCase.title, async () => {
        const before = await snapshot();
        const { put, objectPath } = await uploadBytes(await testCase.bytes(), testCase.type);
        expect(put.status).toBe(200);
        await expectRejected(await record(objectPath, testCase.filename), testCase.status, testCase.error);
        await expectNothingLeft(before, objectPath);
        // The same upload cannot be tried again.
        await expectRejected(await record(objectPath, testCase.filename), 409, /refused/);
      });
    }

    it("10485761 bytes (10485760 are accepted)", async () => {
      const exact = await jpegOfSize(MAX);
      const accepted = await uploadBytes(exact, "image/jpeg");
      expect(accepted.put.status).toBe(200);
      const recorded = await record(accepted.objectPath, "exact.jpg");
      expect(recorded.status).toBe(201);
      const item = (await recorded.json()) as MediaItem;
      // The padding was metadata: the published image is the small picture alone.
      expect(item.fileSize).toBeLessThan(10_000);
      expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);

      const before = await snapshot();
      const over = Buffer.concat([exact, Buffer.from([0])]);
      const { put, objectPath } = await uploadBytes(over, "image/jpeg");
      if (onS3) {
        // S3 takes the bytes; the record step measures them and refuses.
        expect(put.status).toBe(200);
        await expectRejected(await record(objectPath, "over.jpg"), 413, /larger than 10 MB/);
      } else {
        // Local disk refuses while receiving.
        await expectRejected(put, 413, /larger than 10 MB/);
        await expectRejected(await record(objectPath, "over.jpg"), 409, /refused/);
      }
      await expectNothingLeft(before, objectPath);
    });

    // The app's own upload URL only: S3 receives its uploads itself, and the record step
    // judges their size (above).
    if (!onS3) it("a body over the limit sent without a length is cut off while it arrives", async () => {
      const before = await snapshot();
      const uploadURL = await newUploadUrl();
      const chunk = Buffer.alloc(1024 * 1024, 1);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 12) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      // The server answers 413 at once and closes the connection once it is out.
      const put = await fetch(uploadURL, { method: "PUT", headers: { "Content-Type": "image/jpeg" }, body, duplex: "half" } as RequestInit);
      expect(put?.status).toBe(413);
      const objectPath = await objectPathOf(uploadURL);
      await expectRejected(await record(objectPath, "stream.jpg"), 409, /refused/);
      await expectNothingLeft(before, objectPath);
      expect(listFiles(path.join(workDir, "data", "tmp"))).toEqual([]);
    });

    it("a reused upload URL", async () => {
      const before = await snapshot();
      const { uploadURL, objectPath } = await uploadBytes(await png(20, 20), "image/png");
      const first = await record(objectPath, "first.png");
      expect(first.status).toBe(201);
      const item = (await first.json()) as MediaItem;

      const again = await putBytes(uploadURL, await png(30, 30, "#f00"), "image/png");
      if (onS3) expect(again.status).toBe(200); // S3 cannot count uses; the record step can
      else await expectRejected(again, 409, /already used/);
      await expectRejected(await record(objectPath, "again.png"), 409, /already used/);
      expect((await fetch(url(objectPath))).status).toBe(404);
      expect(await mediaCount()).toBe(before.media + 1);

      expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
      expect(await snapshot()).toEqual(before);
      // What a reused S3 URL stored goes with the cleanup once the URL has expired (below).
      if (!onS3) expect(await store.has(keyOf(objectPath))).toBe(false);
    });

    it("an altered or expired upload URL", async () => {
      const before = await snapshot();
      const bytes = await png(20, 20);
      if (onS3) {
        // S3 checks its own signatures (s3rver checks only the expiry): an URL whose time
        // is over is refused by the store.
        const uploadURL = new URL(await newUploadUrl());
        const objectPath = await objectPathOf(uploadURL.href);
        uploadURL.searchParams.set("X-Amz-Date", "20200101T000000Z");
        const put = await putBytes(uploadURL.href, bytes, "image/png");
        expect(put.status).toBe(403);
        await expectRejected(await record(objectPath, "late.png"), 400, /No file was uploaded/);
        await expectNothingLeft(before, objectPath);
        return;
      }
      const uploadURL = new URL(await newUploadUrl());
      const objectPath = await objectPathOf(uploadURL.href);
      const signature = uploadURL.searchParams.get("signature")!;
      const expires = Number(uploadURL.searchParams.get("expires"));

      const alterations: [string, (target: URL) => void][] = [
        ["signature", (target) => target.searchParams.set("signature", signature.slice(0, -2) + (signature.endsWith("A") ? "BB" : "AA"))],
        ["expiry pushed later", (target) => target.searchParams.set("expires", String(expires + 3_600_000))],
        ["another slot", (target) => (target.pathname = target.pathname.replace(/[0-9a-f]{32}$/, "0".repeat(32)))],
        ["no signature", (target) => target.searchParams.delete("signature")],
      ];
      for (const [what, alter] of alterations) {
        const target = new URL(uploadURL);
        alter(target);
        await expectRejected(await putBytes(target.href, bytes, "image/png"), 403, /does not exist or is not yours/);
        expect(what).toBeTruthy();
      }

      // Properly signed but over: made here with the server's secret, an hour ago.
      const { createHmac } = await import("node:crypto");
      const slotId = uploadURL.pathname.split("/").pop()!;
      const past = Date.now() - 3_600_000;
      const expired = new URL(uploadURL);
      expired.searchParams.set("expires", String(past));
      expired.searchParams.set("signature", createHmac("sha256", SESSION_SECRET).update(`upload:${slotId}:${past}`).digest("base64url"));
      await expectRejected(await putBytes(expired.href, bytes, "image/png"), 403, /expired/);

      await expectRejected(await record(objectPath, "altered.png"), 400, /No file was uploaded/);
      await expectNothingLeft(before, objectPath);
      // The untouched URL still works once: nothing above used it up.
      const recordable = await uploadBytes(bytes, "image/png");
      expect(recordable.put.status).toBe(200);
    });

    it("a filePath outside the quarantine area", async () => {
      const before = await snapshot();
      const heroes = (await (await fetch(url("/api/hero-images"))).json()) as MediaItem[];
      for (const filePath of [heroes[0].filePath, "/objects/quarantine/../demo/hero-1.webp", "/objects/quarantine/abc", "quarantine/" + "a".repeat(32), "https://evil.test/objects/quarantine/" + "a".repeat(32)]) {
        await expectRejected(await record(filePath, "elsewhere.jpg"), 400, /does not exist or is not yours/);
      }
      expect(await snapshot()).toEqual(before);
      expect(await store.has(keyOf(heroes[0].filePath))).toBe(true);
    });

    it("another admin's upload", async () => {
      const before = await snapshot();
      const theirs = await uploadBytes(await png(16, 16), "image/png", otherCookie);
      expect(theirs.put.status).toBe(200);
      await expectRejected(await call("/api/property-images", { method: "PUT", body: { imageURL: theirs.uploadURL } }), 404, /not yours/);
      await expectRejected(await record(theirs.objectPath, "theirs.png"), 404, /not yours/);
      expect(await snapshot()).toEqual(before);
      expect((await fetch(url(theirs.objectPath))).status).toBe(404);
      // Still theirs to record.
      const recorded = await record(theirs.objectPath, "theirs.png", { cookie: otherCookie });
      expect(recorded.status).toBe(201);
      const item = (await recorded.json()) as MediaItem;
      expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
    });

    it("a request without a session", async () => {
      const before = await snapshot();
      const mine = await uploadBytes(await png(16, 16), "image/png");
      for (const [p, method, body] of [
        ["/api/objects/upload", "POST", undefined],
        ["/api/property-images", "PUT", { imageURL: mine.uploadURL }],
        ["/api/admin/media/upload", "POST", { filename: "x.png", filePath: mine.objectPath, fileSize: 1, mimeType: "image/png" }],
        ["/api/admin/media/1/reupload", "PUT", { filename: "x.png", filePath: mine.objectPath, fileSize: 1, mimeType: "image/png" }],
      ] as const) {
        const response = await call(p, { method, body, cookie: null });
        expect(response.status, `${method} ${p}`).toBe(401);
        expect(await response.json()).toEqual({ error: "Unauthorized" });
      }
      expect(await snapshot()).toEqual(before);
      expect((await fetch(url(mine.objectPath))).status).toBe(404);
    });
  });

  describe("the upload forms without JavaScript", () => {
    function postForm(pathAndSearch: string, file: { bytes: Buffer; name: string; type: string } | null, cookie: string | null = signedIn.cookie) {
      const form = new FormData();
      if (file) form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      else form.set("file", new Blob([], { type: "application/octet-stream" }), "");
      const headers: Record<string, string> = { Origin: app.url };
      if (cookie) headers.Cookie = cookie;
      return fetch(url(pathAndSearch), { method: "POST", headers, body: form, redirect: "manual" });
    }
    const quarantined = async () => (await store.keys("quarantine/")).sort();

    const BOUNDARY = "----mediaUploadsForm7MA4YWxk";
    type RawPart = { name: string; value: string | Buffer; filename?: string; type?: string };
    /** A multipart body written out by hand; `closed: false` leaves out the closing boundary. */
    function multipartBody(parts: RawPart[], { closed = true } = {}): Buffer {
      const written = parts.map(({ name, value, filename, type }) =>
        Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}${type ? `\r\nContent-Type: ${type}` : ""}\r\n\r\n`),
          Buffer.from(value),
          Buffer.from("\r\n"),
        ]),
      );
      return Buffer.concat([...written, Buffer.from(closed ? `--${BOUNDARY}--\r\n` : "")]);
    }
    /** Posts a body made by multipartBody, as it is or as a stream the test feeds. */
    function postMultipart(pathAndSearch: string, body: Buffer | ReadableStream<Uint8Array>) {
      const headers = { Origin: app.url, Cookie: signedIn.cookie, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
      const init = { method: "POST", headers, body: Buffer.isBuffer(body) ? new Uint8Array(body) : body, redirect: "manual", duplex: "half" };
      return fetch(url(pathAndSearch), init as RequestInit);
    }
    const workFolder = () => path.join(workDir, "data", "tmp");
    /** The bytes of the files in the work folder, each as it stands (a file may go while it is measured). */
    const workFileSizes = () =>
      listFiles(workFolder()).flatMap((name) => {
        try {
          return [fs.statSync(path.join(workFolder(), name)).size];
        } catch {
          return [];
        }
      });

    it("stream the file into the same quarantine, check it and record it; re-upload too", async () => {
      const before = await snapshot();
      const waiting = await quarantined();
      const response = await postForm("/admin/dashboard/media/upload?q=form-upload", { bytes: await jpegWithGps(), name: "form-upload.jpg", type: "image/jpeg" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/dashboard/media?q=form-upload");
      expect(await mediaCount()).toBe(before.media + 1);
      expect(await quarantined()).toEqual(waiting);
      const [item] = (await (await call("/api/admin/media?q=form-upload")).json()) as MediaItem[];
      expect(item).toMatchObject({ originalName: "form-upload.jpg", mimeType: "image/jpeg" });
      const served = Buffer.from(await (await fetch(url(item.filePath))).arrayBuffer());
      expect(hasGpsExif(served)).toBe(false);

      const again = await postForm(`/admin/dashboard/media/${item.id}/reupload`, { bytes: await png(50, 40), name: "form-again.png", type: "image/png" });
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe("/admin/dashboard/media");
      const [replaced] = (await (await call("/api/admin/media?q=form-again")).json()) as MediaItem[];
      expect(replaced).toMatchObject({ id: item.id, mimeType: "image/png" });
      expect(await store.has(keyOf(item.filePath))).toBe(false);
      expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
      expect(await snapshot()).toEqual(before);
    });

    it("refuse, with the reason on the page and nothing left: too large, not an image, no file, no session", async () => {
      const before = await snapshot();
      const waiting = await quarantined();
      const over = Buffer.concat([await jpegOfSize(MAX), Buffer.from([0])]);
      const refusals: [Response, number, string][] = [
        // Named, with the reason: staff learn which file it was.
        [await postForm("/admin/dashboard/media/upload", { bytes: over, name: "big.jpg", type: "image/jpeg" }), 413, "“big.jpg” was not uploaded: the file is larger than 10 MB (10485760 bytes)."],
        [await postForm("/admin/dashboard/media/upload", { bytes: Buffer.from("<html><script>alert(1)</script></html>"), name: "page.jpg", type: "image/jpeg" }), 415, "“page.jpg” was not uploaded: the file is not a JPEG, PNG, GIF or WebP image."],
        [await postForm("/admin/dashboard/media/upload", { bytes: Buffer.from("%PDF-1.4\n%%EOF\n"), name: "scan.pdf", type: "application/pdf" }), 415, "“scan.pdf” was not uploaded: the file is not a JPEG, PNG, GIF or WebP image."],
        [await postForm("/admin/dashboard/media/upload", null), 400, "Choose an image to upload"],
      ];
      for (const [response, status, text] of refusals) {
        expect(response.status, text).toBe(status);
        const html = await response.text();
        expect(html).toContain(text);
        expect(html).toContain("Upload Image");
      }
      const anonymous = await postForm("/admin/dashboard/media/upload", { bytes: await png(10, 10), name: "anon.png", type: "image/png" }, null);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
      expect(await snapshot()).toEqual(before);
      expect(await quarantined()).toEqual(waiting);
      expect(listFiles(path.join(workDir, "data", "tmp"))).toEqual([]);
    });

    // The form's multipart parser (app/http/multipart.server.ts, decision 067) hands the
    // file part over as it arrives: one that held it whole would write nothing before its end.
    it("write the file to disk while it arrives: with half the post sent, part of it is already in the work folder", async () => {
      const before = await mediaCount();
      const photo = await jpegOfSize(4 * 1024 * 1024);
      const whole = multipartBody([{ name: "file", value: photo, filename: "arriving.jpg", type: "image/jpeg" }]);
      const half = Math.floor(whole.length / 2);
      let sendTheRest = () => {};
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(whole.subarray(0, half)));
          sendTheRest = () => {
            controller.enqueue(new Uint8Array(whole.subarray(half)));
            controller.close();
          };
        },
      });
      const answered = postMultipart("/admin/dashboard/media/upload?q=arriving", body);
      const written = await eventually(() => {
        const largest = Math.max(0, ...workFileSizes());
        return largest > 0 ? largest : undefined;
      });
      expect(written).toBeLessThanOrEqual(half);
      sendTheRest();
      const response = await answered;
      expect(response.status).toBe(302);
      expect(await mediaCount()).toBe(before + 1);
      const [item] = (await (await call("/api/admin/media?q=arriving")).json()) as MediaItem[];
      expect(item).toMatchObject({ originalName: "arriving.jpg" });
      expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
    });

    it("refuse a post cut off inside its file as one without a file, with nothing left in quarantine or the work folder", async () => {
      const before = await snapshot();
      const waiting = await quarantined();
      const cut = multipartBody([{ name: "file", value: await png(60, 40), filename: "cut.png", type: "image/png" }], { closed: false });
      const response = await postMultipart("/admin/dashboard/media/upload", cut.subarray(0, cut.length - 20));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Choose an image to upload");
      expect(await snapshot()).toEqual(before);
      expect(await quarantined()).toEqual(waiting);
      expect(listFiles(workFolder())).toEqual([]);
    });

    it("refuse a post with more parts than the form has fields before it reaches the file: 400, nothing stored", async () => {
      const before = await snapshot();
      const waiting = await quarantined();
      // Past the form's own count: ten files and four spare names.
      const strays = Array.from({ length: 15 }, (_, i) => ({ name: `extra${i}`, value: "x" }));
      const response = await postMultipart("/admin/dashboard/media/upload", multipartBody([...strays, { name: "file", value: await png(10, 10), filename: "late.png", type: "image/png" }]));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("This form could not be read");
      expect(await snapshot()).toEqual(before);
      expect(await quarantined()).toEqual(waiting);
    });

    // The Media tab's uploader and Property Images' 'Upload photos' take several files
    // at once (MOST_FILES_AT_ONCE), each checked and recorded on its own, in the order chosen.
    it("take several files in one post, each its own upload in the order chosen: one not an image is named, the others are kept", async () => {
      const before = await mediaCount();
      const waiting = await quarantined();
      const response = await postMultipart(
        "/admin/dashboard/media/upload?q=several-",
        multipartBody([
          { name: "file", value: await png(30, 20), filename: "several-1.png", type: "image/png" },
          { name: "file", value: Buffer.from("%PDF-1.4\n%%EOF\n"), filename: "several-2.pdf", type: "application/pdf" },
          { name: "file", value: await jpegWithGps(), filename: "several-3.jpg", type: "image/jpeg" },
        ]),
      );
      expect(response.status).toBe(415);
      const html = await response.text();
      expect(html).toContain("Uploaded: several-1.png, several-3.jpg.");
      expect(html).toContain("“several-2.pdf” was not uploaded: the file is not a JPEG, PNG, GIF or WebP image.");
      expect(await mediaCount()).toBe(before + 2);
      expect(await quarantined()).toEqual(waiting);
      const items = (await (await call("/api/admin/media?q=several-")).json()) as MediaItem[];
      // Newest first: the third file was recorded after the first.
      expect(items.map((item) => item.originalName)).toEqual(["several-3.jpg", "several-1.png"]);
      for (const item of items) expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);

      const allUp = await postMultipart(
        "/admin/dashboard/media/upload",
        multipartBody([
          { name: "file", value: await png(30, 20), filename: "several-4.png", type: "image/png" },
          { name: "file", value: await png(20, 30), filename: "several-5.png", type: "image/png" },
        ]),
      );
      expect(allUp.status).toBe(302);
      expect(allUp.headers.get("location")).toBe("/admin/dashboard/media");
      const flash = allUp.headers.get("set-cookie") ?? "";
      expect(flash).not.toBe("");
      for (const item of (await (await call("/api/admin/media?q=several-")).json()) as MediaItem[]) {
        expect((await call(`/api/admin/media/${item.id}`, { method: "DELETE" })).status).toBe(200);
      }
      expect(await mediaCount()).toBe(before);
    });

    it("Property Images' 'Upload photos' links each file to the home after its photos, in the order chosen", async () => {
      const created = await call("/api/admin/properties", {
        method: "POST",
        body: { name: "Several photos home", location: "Fort Worth, TX", price: "$900/month", imageUrl: "https://example.com/home.jpg", beds: "2", baths: "1", sqft: "900", description: "Photos in the order chosen.", isActive: false },
      });
      expect(created.status).toBe(201);
      const home = (await created.json()) as { id: number };
      try {
        const first = await postMultipart(
          `/admin/dashboard/properties/${home.id}/media?q=x`,
          multipartBody([
            // The first chosen is the larger: it is still arriving when the second is all here.
            { name: "file", value: await jpegOfSize(2 * 1024 * 1024), filename: "home-b.jpg", type: "image/jpeg" },
            { name: "file", value: await png(30, 20), filename: "home-a.png", type: "image/png" },
          ]),
        );
        expect(first.status).toBe(302);
        expect(first.headers.get("location")).toBe(`/admin/dashboard/properties/${home.id}/media?q=x`);
        const second = await postMultipart(`/admin/dashboard/properties/${home.id}/media`, multipartBody([{ name: "file", value: await png(30, 20), filename: "home-c.png", type: "image/png" }]));
        expect(second.status).toBe(302);
        const linked = (await (await call(`/api/admin/properties/${home.id}/media`)).json()) as MediaItem[];
        expect(linked.map((item) => item.originalName)).toEqual(["home-b.jpg", "home-a.png", "home-c.png"]);

        // A file refused among them is named; the others are linked all the same.
        const mixed = await postMultipart(
          `/admin/dashboard/properties/${home.id}/media`,
          multipartBody([
            { name: "file", value: Buffer.from("<html></html>"), filename: "home-page.jpg", type: "image/jpeg" },
            { name: "file", value: await png(30, 20), filename: "home-d.png", type: "image/png" },
          ]),
        );
        expect(mixed.status).toBe(415);
        const html = await mixed.text();
        expect(html).toContain("Uploaded: home-d.png.");
        expect(html).toContain("“home-page.jpg” was not uploaded: the file is not a JPEG, PNG, GIF or WebP image.");
        const after = (await (await call(`/api/admin/properties/${home.id}/media`)).json()) as MediaItem[];
        expect(after.map((item) => item.originalName)).toEqual(["home-b.jpg", "home-a.png", "home-c.png", "home-d.png"]);
      } finally {
        for (const item of (await (await call(`/api/admin/properties/${home.id}/media`)).json()) as MediaItem[]) await call(`/api/admin/media/${item.id}`, { method: "DELETE" });
        await call(`/api/admin/properties/${home.id}`, { method: "DELETE" });
      }
    });

    it("refuse more files than an uploader takes (ten; one for a re-upload): 400, nothing recorded", async () => {
      const before = await snapshot();
      const tiny = await png(10, 10);
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: "file", value: tiny, filename: `many-${i}.png`, type: "image/png" }));
      const tooMany = await postMultipart("/admin/dashboard/media/upload", multipartBody(eleven));
      expect(tooMany.status).toBe(400);
      expect(await tooMany.text()).toContain("This form could not be read");
      const [item] = (await (await call("/api/admin/media?limit=1")).json()) as MediaItem[];
      const twoForOne = await postMultipart(`/admin/dashboard/media/${item.id}/reupload`, multipartBody(eleven.slice(0, 2)));
      expect(twoForOne.status).toBe(400);
      // The files read before the one too many wait in quarantine, unrecorded, for the daily cleanup.
      expect(await snapshot()).toEqual(before);
    });

    it("answer a property form with a text over 64 KiB with 413 and the upload's reason, and save no home", async () => {
      const homes = async () => Number((await call("/api/admin/properties?limit=1")).headers.get("x-total-count"));
      const before = await homes();
      const form = (description: string) =>
        multipartBody([
          { name: "name", value: "A home with a long text" },
          { name: "description", value: description },
          { name: "file", value: "", filename: "", type: "application/octet-stream" },
        ]);
      const over = await postMultipart("/admin/dashboard/properties/new", form("x".repeat(64 * 1024 + 1)));
      expect(over.status).toBe(413);
      expect(await over.text()).toContain("The file is larger than 10 MB (10485760 bytes)");
      // 64 KiB exactly is read, and the form's own limit refuses the text as a field.
      const within = await postMultipart("/admin/dashboard/properties/new", form("x".repeat(64 * 1024)));
      expect(within.status).toBe(400);
      expect(await homes()).toBe(before);
    });
  });

  it("the periodic cleanup removes resized copies of any width whose original no row names, in a width folder no longer served too, and keeps those of recorded images", async () => {
    const heroes = (await (await fetch(url("/api/hero-images"))).json()) as MediaItem[];
    const recordedKey = keyOf(heroes[0].filePath);
    expect((await fetch(url(`/variants/320/${recordedKey}`))).status).toBe(200);
    const orphanKey = "media/11111111-1111-4111-8111-111111111111.jpg";
    const dayAndHourAgo = new Date(Date.now() - 25 * 60 * 60_000);
    const plant = (relative: string, when?: Date) => {
      const file = path.join(variantsCache(), relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "a resized copy");
      if (when) fs.utimesSync(file, when, when);
      return file;
    };
    // 1000 is no width the server serves: a folder left from an older list.
    const orphans = [plant(`320/${orphanKey}.webp`), plant(`1200/${orphanKey}.webp`), plant(`1000/${orphanKey}.webp`)];
    // Half-written when the process was killed, a day ago.
    const oldPartial = plant(`1200/${orphanKey}.webp.0a0b.partial`, dayAndHourAgo);
    const recentPartial = plant(`1200/${recordedKey}.webp.0c0d.partial`);
    const kept = [path.join(variantsCache(), "320", `${recordedKey}.webp`), plant(`1000/${recordedKey}.webp`), recentPartial];

    await app.stop();
    // The server cleans up as it starts, then every hour; it says so once a pass is over.
    app = await startServer({ workDir, env: { ...env(), GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", LOG_LEVEL: "info" } });
    await eventually(() => (logLines(app.output()).some((line) => logLineLike("uploads cleaned up").asymmetricMatch(line)) ? true : undefined));
    for (const file of [...orphans, oldPartial]) expect(fs.existsSync(file), file).toBe(false);
    for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
    expect((await fetch(url(`/variants/320/${recordedKey}`))).status).toBe(200);
  });

  it("the periodic cleanup removes unrecorded uploads, quarantine objects and unnamed published images older than a day, and what a used URL stored after its use", async () => {
    // An upload nobody recorded, a stray object in quarantine, and a recent one that stays.
    const abandoned = await uploadBytes(await png(12, 12), "image/png");
    const recent = await uploadBytes(await png(12, 12), "image/png");
    const stray = `quarantine/${"f".repeat(32)}`;
    const strayUpload = await uploadBytes(await png(12, 12), "image/png");
    expect(await store.has(keyOf(strayUpload.objectPath))).toBe(true);
    // A finished upload whose URL is used again (S3 cannot refuse it).
    const used = await uploadBytes(await png(12, 12), "image/png");
    const usedItem = (await (await record(used.objectPath, "used.png")).json()) as MediaItem;
    await putBytes(used.uploadURL, await png(14, 14), "image/png");
    // A published image no row names (its record failed after publishing, say).
    const orphan = "media/00000000-0000-4000-8000-000000000000.png";
    await store.put(orphan, await png(12, 12));

    await app.stop();
    const dayAndHourAgo = new Date(Date.now() - 25 * 60 * 60_000);
    const database = new Database(app.databasePath);
    const slotOf = (objectPath: string) => objectPath.split("/").pop()!;
    database.prepare("update upload_slots set created_at = ?, expires_at = ? where id = ?").run(dayAndHourAgo.getTime(), dayAndHourAgo.getTime() + 300_000, slotOf(abandoned.objectPath));
    database.prepare("update upload_slots set expires_at = ? where id = ?").run(Date.now() - 1000, slotOf(used.objectPath));
    // The stray object has no slot at all: an upload cut off by a crash, say.
    database.prepare("delete from upload_slots where id = ?").run(slotOf(strayUpload.objectPath));
    database.close();
    store.age(keyOf(strayUpload.objectPath), dayAndHourAgo);
    store.age(orphan, dayAndHourAgo);
    // Recorded and as old: it stays.
    store.age(keyOf(usedItem.filePath), dayAndHourAgo);
    if (!onS3) {
      fs.writeFileSync(path.join(workDir, "data", "uploads", stray), "left over");
      store.age(stray, dayAndHourAgo);
    }

    // The server cleans up as it starts, then every hour.
    app = await startServer({ workDir, env: { ...env(), GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s" } });
    // One pass removes them one after another: wait for the whole pass, not its first step.
    const removed = [keyOf(abandoned.objectPath), keyOf(strayUpload.objectPath), keyOf(used.objectPath), orphan, ...(onS3 ? [] : [stray])];
    const anyLeft = async () => (await Promise.all(removed.map((key) => store.has(key)))).some(Boolean);
    const deadline = Date.now() + 10_000;
    while ((await anyLeft()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.has(keyOf(abandoned.objectPath))).toBe(false);
    expect(await store.has(keyOf(strayUpload.objectPath))).toBe(false);
    expect(await store.has(keyOf(used.objectPath))).toBe(false);
    if (!onS3) expect(await store.has(stray)).toBe(false);
    expect(await store.has(orphan)).toBe(false);
    expect(await store.has(keyOf(recent.objectPath))).toBe(true);
    // The recent upload can still be recorded; the recorded one is untouched.
    expect((await record(recent.objectPath, "recent.png")).status).toBe(201);
    expect((await fetch(url(usedItem.filePath))).status).toBe(200);

    const database2 = new Database(app.databasePath, { readonly: true });
    const slots = database2.prepare("select id from upload_slots").all() as { id: string }[];
    database2.close();
    expect(slots.map((slot) => slot.id)).not.toContain(slotOf(abandoned.objectPath));
    expect(slots.map((slot) => slot.id)).not.toContain(slotOf(used.objectPath));
  });
});
