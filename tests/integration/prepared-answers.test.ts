import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { contactMessage, postContactJson } from "../support/contact-posts";
import { ROOT } from "../support/server";

// Issue 13: a shared public answer is made once, compressed once (brotli and gzip) and
// sent as it is, with its ETag and its own CSP; static files are compressed at build time.

let signedIn: SignedInApp;
const call = jsonCaller(() => signedIn.app, () => signedIn.cookie);

beforeAll(async () => {
  signedIn = await startSignedInApp({ email: "answers@example.com" });
});
afterAll(async () => {
  await signedIn?.stop();
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET whose body is returned as sent (fetch would decompress it). */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${signedIn.app.url}${pathname}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString("utf8");
  expect(encoding).toBeUndefined();
  return answer.body.toString("utf8");
}

/** The answers for brotli, gzip and no compression, after a first request stored the page. */
async function inEveryEncoding(pathname: string, headers: Record<string, string> = {}) {
  await rawGet(pathname, headers);
  const br = await rawGet(pathname, { ...headers, "Accept-Encoding": "gzip, deflate, br, zstd" });
  const gzip = await rawGet(pathname, { ...headers, "Accept-Encoding": "gzip" });
  const identity = await rawGet(pathname, { ...headers, "Accept-Encoding": "identity" });
  return { br, gzip, identity };
}

describe("a shared public answer", () => {
  for (const [label, pathname] of [
    ["the home page", "/"],
    ["the Spanish home page", "/?lng=es"],
    ["the list of homes", "/properties?beds=2&sort=price-asc"],
    ["the public JSON", "/api/properties"],
  ] as const) {
    it(`${label}: brotli, gzip and identity decode to the same bytes, from the cache, with one ETag`, async () => {
      const { br, gzip, identity } = await inEveryEncoding(pathname);
      expect([br.status, gzip.status, identity.status]).toEqual([200, 200, 200]);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(identity.headers["content-encoding"]).toBeUndefined();
      for (const answer of [br, gzip, identity]) {
        expect(answer.headers["x-page-cache"]).toBe("hit");
        expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
        expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
        expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      }
      expect(decoded(br)).toBe(identity.body.toString("utf8"));
      expect(decoded(gzip)).toBe(identity.body.toString("utf8"));
      // Brotli takes away at least three fifths (the JSON of six homes has the least repetition).
      expect(br.body.length).toBeLessThan(identity.body.length * 0.4);
      expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(1);
    });
  }

  it("answers 304 to a matching If-None-Match, and the whole page to any other", async () => {
    const first = await rawGet("/properties?q=Denton");
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    const again = await rawGet("/properties?q=Denton", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await rawGet("/properties?q=Denton", { "If-None-Match": 'W/"something-else"' });
    expect(stale.status).toBe(200);
    expect(decoded(stale)).toContain("<html");
  });

  it("allows the page's own inline scripts by their hashes and carries no nonce", async () => {
    const { identity } = await inEveryEncoding("/");
    const html = identity.body.toString("utf8");
    const csp = String(identity.headers["content-security-policy"]);
    expect(csp).not.toContain("'nonce-");
    const scriptSrc = csp.split(";").find((directive) => directive.startsWith("script-src "));
    expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
    expect(html).not.toMatch(/\snonce="/);
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text] of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  });

  it("sets the language cookie of a ?lng= URL on every answer of it, from the cache as well", async () => {
    const { identity } = await inEveryEncoding("/properties?lng=es");
    expect(identity.headers["x-page-cache"]).toBe("hit");
    expect(identity.headers["set-cookie"]?.[0]).toMatch(/^lng=/);
    expect(identity.body.toString("utf8")).toContain('<html lang="es"');
    const english = await rawGet("/properties");
    expect(english.headers["set-cookie"]).toBeUndefined();
    expect(decoded(english)).toContain('<html lang="en"');
  });

  it("shows an admin's edit on the next view", async () => {
    const list = (await (await fetch(`${signedIn.app.url}/api/properties`)).json()) as { id: number; name: string }[];
    const home = list[0];
    const page = `/properties/${home.id}`;
    for (const pathname of ["/", page]) {
      await rawGet(pathname);
      expect((await rawGet(pathname)).headers["x-page-cache"]).toBe("hit");
    }
    const current = (await (await call(`/api/admin/properties/${home.id}`)).json()) as Record<string, unknown>;
    const renamed = `${home.name} (renamed)`;
    expect((await call(`/api/admin/properties/${home.id}`, { method: "PUT", body: { ...current, name: renamed } })).status).toBe(200);
    for (const pathname of ["/", page]) {
      const next = await rawGet(pathname, { "Accept-Encoding": "br" });
      expect(next.headers["x-page-cache"]).toBe("miss");
      expect(decoded(next)).toContain(renamed);
    }
    await call(`/api/admin/properties/${home.id}`, { method: "PUT", body: current });
  });
});

describe("the sitemap", () => {
  // Issue 27: at 5,000 homes the sitemap is 3.4 MB and about 90 ms to make; it is made
  // once per change of what it lists and kept however long nothing changes.
  const sitemap = (headers: Record<string, string> = {}) => rawGet("/sitemap.xml", { "Accept-Encoding": "br", ...headers });
  const listsHome = (xml: string, id: number) => xml.includes(`<loc>${signedIn.app.url}/properties/${id}</loc>`);
  const homePageLastmod = (xml: string) => new RegExp(`<loc>${signedIn.app.url}/</loc><lastmod>([^<]+)</lastmod>`).exec(xml)?.[1];

  /** The next sitemap, made afresh for this request (not the copy sent before). */
  async function madeAgain(previous: RawAnswer): Promise<string> {
    const next = await sitemap();
    expect(next.status).toBe(200);
    expect(next.headers["x-page-cache"]).toBe("miss");
    expect(next.headers.etag).not.toBe(previous.headers.etag);
    return decoded(next);
  }

  it("is sent from its prepared copy, the same ETag each time, while nothing it lists changes, also after a write to something else", async () => {
    await sitemap();
    const held = await sitemap();
    expect(held.status).toBe(200);
    expect(held.headers["x-page-cache"]).toBe("hit");
    expect(held.headers.etag).toMatch(/^W\/"/);
    for (let i = 0; i < 3; i++) {
      const again = await sitemap();
      expect(again.headers["x-page-cache"]).toBe("hit");
      expect(again.headers.etag).toBe(held.headers.etag);
      expect(again.headers["last-modified"]).toBe(held.headers["last-modified"]);
    }
    // A visitor's message is a write, but not to anything the sitemap lists.
    expect((await postContactJson(signedIn.app, contactMessage("Sitemap"))).status).toBe(201);
    const afterMessage = await sitemap();
    expect(afterMessage.headers["x-page-cache"]).toBe("hit");
    expect(afterMessage.headers.etag).toBe(held.headers.etag);
  });

  it("shows on the next request a home created, edited, taken off, put back and deleted, and an edit of the home page's texts", async () => {
    let previous = await sitemap();
    const next = async () => {
      const xml = await madeAgain(previous);
      previous = await sitemap();
      // Made once: the request after it gets the copy.
      expect(previous.headers["x-page-cache"]).toBe("hit");
      return xml;
    };
    const body = {
      name: "Sitemap Acres, Lot 9",
      location: "Denton, TX 76201",
      latitude: 33.2148,
      longitude: -97.1331,
      price: "$1,050/month",
      priceSpanish: "$1,050 al mes",
      imageUrl: "/objects/demo/home-1.webp",
      applicationUrl: "https://apply.example.com/sitemap-9",
      beds: "3",
      baths: "2",
      sqft: "1,200",
      description: "A home for the sitemap test.",
      descriptionSpanish: "Una casa para la prueba del mapa del sitio.",
      isActive: true,
    };
    const created = await call("/api/admin/properties", { method: "POST", body });
    expect(created.status).toBe(201);
    const home = (await created.json()) as { id: number; updatedAt: string };
    expect(listsHome(await next(), home.id)).toBe(true);

    const edited = await call(`/api/admin/properties/${home.id}`, { method: "PUT", body: { ...body, description: "Painted again." } });
    const editedAt = ((await edited.json()) as { updatedAt: string }).updatedAt;
    expect(editedAt).not.toBe(home.updatedAt);
    expect(await next()).toContain(`<loc>${signedIn.app.url}/properties/${home.id}</loc><lastmod>${editedAt}</lastmod>`);

    expect((await call(`/api/admin/properties/${home.id}`, { method: "PUT", body: { ...body, isActive: false } })).status).toBe(200);
    expect(listsHome(await next(), home.id)).toBe(false);
    expect((await call(`/api/admin/properties/${home.id}`, { method: "PUT", body })).status).toBe(200);
    expect(listsHome(await next(), home.id)).toBe(true);
    expect((await call(`/api/admin/properties/${home.id}`, { method: "DELETE" })).status).toBe(200);
    expect(listsHome(await next(), home.id)).toBe(false);

    const entries = (await (await fetch(`${signedIn.app.url}/api/text-entries`)).json()) as { id: number; key: string; englishText: string; spanishText: string }[];
    const entry = entries[0];
    const text = await call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText: `${entry.englishText} (edited)`, spanishText: entry.spanishText } });
    expect(text.status).toBe(200);
    expect(homePageLastmod(await next())).toBe(((await text.json()) as { updatedAt: string }).updatedAt);
    await call(`/api/admin/text-entries/${entry.id}`, { method: "PUT", body: { key: entry.key, englishText: entry.englishText, spanishText: entry.spanishText } });
  });

  it("brotli, gzip and identity decode to the same XML with one ETag, and 304 answers its ETag or a date not before its Last-Modified", async () => {
    const { br, gzip, identity } = await inEveryEncoding("/sitemap.xml");
    expect([br.status, gzip.status, identity.status]).toEqual([200, 200, 200]);
    expect([br.headers["content-encoding"], gzip.headers["content-encoding"], identity.headers["content-encoding"]]).toEqual(["br", "gzip", undefined]);
    for (const answer of [br, gzip, identity]) {
      expect(answer.headers["content-type"]).toMatch(/^application\/xml/);
      expect(answer.headers["cache-control"]).toBe("no-cache");
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    }
    expect(decoded(br)).toBe(identity.body.toString("utf8"));
    expect(decoded(gzip)).toBe(identity.body.toString("utf8"));
    expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(1);
    const etag = identity.headers.etag!;
    const lastModified = identity.headers["last-modified"]!;
    expect(Date.parse(lastModified)).not.toBeNaN();

    for (const headers of [{ "If-None-Match": etag }, { "If-Modified-Since": lastModified }] as Record<string, string>[]) {
      const held = await sitemap(headers);
      expect(held.status, JSON.stringify(headers)).toBe(304);
      expect(held.body.length).toBe(0);
      expect(held.headers.etag).toBe(etag);
    }
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await sitemap({ "If-Modified-Since": older })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await sitemap({ "If-None-Match": 'W/"something-else"', "If-Modified-Since": lastModified })).status).toBe(200);
  });

  it("sends another spelling of its URL to the one it keeps", async () => {
    for (const pathname of ["/Sitemap.xml", "/sitemap.xml/", "/SITEMAP.XML?lng=es"]) {
      const answer = await rawGet(pathname);
      expect(answer.status, pathname).toBe(301);
      expect(answer.headers.location, pathname).toBe("/sitemap.xml");
    }
  });
});

describe("static files", () => {
  const buildDir = path.join(ROOT, "build", "remix", "client", "build");
  // The largest file: its brotli and gzip copies are both kept (scripts/precompress.mjs).
  const script = fs.readdirSync(buildDir).find((name) => /^framework-.*\.js$/.test(name))!;

  it("sends the brotli and gzip copies made at build time, decoding to the file", async () => {
    const file = fs.readFileSync(path.join(buildDir, script));
    const br = await rawGet(`/build/${script}`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body.equals(fs.readFileSync(path.join(buildDir, `${script}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(file)).toBe(true);
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const gzip = await rawGet(`/build/${script}`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(file)).toBe(true);
    const identity = await rawGet(`/build/${script}`, { "Accept-Encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(file)).toBe(true);
  });

  it("does not compress pictures again", async () => {
    const list = (await (await fetch(`${signedIn.app.url}/api/properties`)).json()) as { imageUrl: string }[];
    const photo = await rawGet(list[0].imageUrl, { "Accept-Encoding": "gzip, deflate, br" });
    expect(photo.status).toBe(200);
    expect(photo.headers["content-type"]).toMatch(/^image\//);
    expect(photo.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the first screen", () => {
  /** The opening tags named `tag` in `html`, each as its attributes. */
  function tags(html: string, tag: string): Record<string, string>[] {
    return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map(([, attributes]) =>
      Object.fromEntries([...attributes.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name.toLowerCase(), value ?? ""])),
    );
  }

  async function headAndBody(pathname: string) {
    const html = decoded(await rawGet(pathname));
    const head = html.slice(0, html.indexOf("</head>"));
    return { html, head };
  }

  it("preloads the LCP picture (the first hero photo, the first card's photo, or a home's first photo) as its <img> asks for it", async () => {
    const list = (await (await fetch(`${signedIn.app.url}/api/properties`)).json()) as { id: number }[];
    for (const pathname of ["/", "/?lng=es", "/properties", "/properties?lng=es", `/properties/${list[0].id}`]) {
      const { html, head } = await headAndBody(pathname);
      const preloads = tags(head, "link").filter((link) => link.rel === "preload" && link.as === "image");
      expect(preloads, pathname).toHaveLength(1);
      const [preload] = preloads;
      expect(preload.fetchpriority).toBe("high");
      // The picture the page shows first, with the same candidates and sizes.
      const first = tags(html, "img").find((img) => img.fetchpriority === "high");
      expect(first, pathname).toBeDefined();
      expect(preload.href).toBe(first!.src);
      expect(preload.imagesrcset).toBe(first!.srcset);
      expect(preload.imagesizes).toBe(first!.sizes);
      expect(first!.loading).toBe("eager");
      // Drawn in the first frame that has it (asynchronous decoding would paint it a frame later).
      expect(first!.decoding, pathname).toBeUndefined();
    }
    expect((await headAndBody("/")).head).toContain('imageSizes="100vw"');
    expect((await headAndBody(`/properties/${list[0].id}`)).head).toContain('imageSizes="(min-width: 768px) 720px, 100vw"');
    // The list: only its first card's photo is fetched at once; the others wait to be near the screen.
    const { html: listHtml } = await headAndBody("/properties");
    const cardPhotos = tags(listHtml, "img").filter((img) => img.src?.includes("/demo/home-"));
    expect(cardPhotos.length).toBeGreaterThan(1);
    expect(cardPhotos.slice(1).every((img) => img.loading === "lazy" && img.fetchpriority === undefined)).toBe(true);
  });

  it("blocks rendering on the one stylesheet only, and gives every picture its size", async () => {
    for (const pathname of ["/", "/properties"]) {
      const { html, head } = await headAndBody(pathname);
      expect(tags(head, "link").filter((link) => link.rel === "stylesheet"), pathname).toHaveLength(1);
      // Scripts in the head would stop the parser; ours are module preloads and body scripts.
      expect(tags(head, "script").filter((script) => script.type !== "application/ld+json"), pathname).toEqual([]);
      const images = tags(html, "img");
      expect(images.length).toBeGreaterThan(0);
      for (const img of images) {
        expect(Number(img.width), `${pathname} ${img.src}`).toBeGreaterThan(0);
        expect(Number(img.height), `${pathname} ${img.src}`).toBeGreaterThan(0);
      }
    }
  });

  it("asks for the page's scripts only from the inline script that waits for the first photo", async () => {
    for (const pathname of ["/", "/?lng=es", "/properties", "/admin/login"]) {
      const { html } = await headAndBody(pathname);
      const links = tags(html, "link");
      expect(links.filter((link) => link.rel === "modulepreload"), pathname).toEqual([]);
      expect(links.filter((link) => link["data-modulepreload"]?.startsWith("/build/")).length, pathname).toBeGreaterThan(5);
      const moduleScript = /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html);
      expect(moduleScript, pathname).not.toBeNull();
      // No static import: nothing is fetched until the script decides.
      expect(moduleScript![1], pathname).not.toMatch(/^\s*import\s/m);
      expect(moduleScript![1], pathname).toContain('querySelector(\'img[fetchpriority="high"]\')');
    }
  });

});
