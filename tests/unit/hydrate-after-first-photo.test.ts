import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferHydration, withHydrationAfterFirstPhoto } from "~/document/hydrate-after-first-photo.server";

/** `html` sent through the transform in pieces of `size` bytes. */
async function throughInPieces(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return text(Readable.from(pieces).pipe(withHydrationAfterFirstPhoto()));
}

// The end of a page as Remix v2's <Scripts> writes it (single fetch, two routes), as
// rendered: the nonce first (a cached copy loses it).
const REMIX_BLOCK =
  '<link rel="modulepreload" href="/build/entry.client-A.js"/><link rel="modulepreload" href="/build/_shared/chunk-B.js"/>' +
  '<link rel="modulepreload" href="/build/root-C.js"/><link rel="modulepreload" href="/build/routes/_index-D.js"/>' +
  '<script nonce="abc">window.__reactRouterContext = {"future":{}};</script>' +
  '<script nonce="abc" type="module" async="">;\nimport * as route0 from "/build/root-C.js";\nimport * as route1 from "/build/routes/_index-D.js";\n' +
  'window.__reactRouterManifest = {\n  "entry": {"module": "/build/entry.client-A.js"},\n  "url": "/build/manifest-E.js"\n};\n' +
  'window.__reactRouterRouteModules = {"root":route0,"routes/_index/route":route1};\n\nimport("/build/entry.client-A.js");</script>';
const PAGE = `<html><body><p>Casas móviles en Texas: “Llame” ✓ <link</p>${REMIX_BLOCK}<script>window.__reactRouterContext.streamController.close();</script></body></html>`;

describe("hydration after the first photo", () => {
  it("makes the script preloads inert in place and keeps every other tag of the block, nonce included", () => {
    const out = deferHydration(REMIX_BLOCK);
    expect(out).not.toContain('rel="modulepreload"');
    // Each preload keeps its element (hydration matches elements one by one), without a rel.
    expect(out.match(/<link [^>]*>/g)).toEqual([
      '<link data-modulepreload="/build/entry.client-A.js"/>',
      '<link data-modulepreload="/build/_shared/chunk-B.js"/>',
      '<link data-modulepreload="/build/root-C.js"/>',
      '<link data-modulepreload="/build/routes/_index-D.js"/>',
    ]);
    expect(out).toContain('<script nonce="abc">window.__reactRouterContext = {"future":{}};</script>');
    expect(out.replace(/<link [^>]*>/g, "")).toMatch(/^<script nonce="abc">[\s\S]*<script nonce="abc" type="module" async="">[\s\S]*<\/script>$/);
  });

  it("imports nothing statically: the same files are imported once the photo is drawn", () => {
    const script = /<script nonce="abc" type="module"[^>]*>([\s\S]*)<\/script>$/.exec(deferHydration(REMIX_BLOCK))![1];
    expect(script).not.toMatch(/^\s*import\s/m);
    expect(script).toContain('document.querySelectorAll("link[data-modulepreload]")');
    expect(script).toContain('const routes = ["/build/root-C.js","/build/routes/_index-D.js"]');
    expect(script).toContain('const shared = ["/build/_shared/chunk-B.js"]');
    expect(script).toContain("const [route0, route1] = modules;");
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/_index/route":route1};');
    expect(script).toContain('return import("/build/entry.client-A.js");');
    expect(script).toContain("document.querySelector('img[fetchpriority=\"high\"]')");
    // It is valid JavaScript (a module body: parsed, not run).
    expect(() => new Function(`return async () => {${script}}`)).not.toThrow();
  });

  it("finds Remix's module script with its attributes in any order", () => {
    const typeFirst = REMIX_BLOCK.replace('<script nonce="abc" type="module" async="">', '<script type="module" async="">');
    expect(deferHydration(typeFirst)).toMatch(/<script type="module" async="">\nconst routes = /);
  });

  it("leaves a block of another shape as it is", () => {
    const withoutEntry = REMIX_BLOCK.replace('import("/build/entry.client-A.js");', "");
    expect(deferHydration(withoutEntry)).toBe(withoutEntry);
    const withAnotherImport = REMIX_BLOCK.replace("window.__reactRouterManifest", 'import x from "/build/x.js";\nwindow.__reactRouterManifest');
    expect(deferHydration(withAnotherImport)).toBe(withAnotherImport);
    const withoutPreloads = REMIX_BLOCK.replace(/<link[^>]*>/g, "");
    expect(deferHydration(withoutPreloads)).toBe(withoutPreloads);
  });

  it("rewrites the block whatever the pieces the page arrives in, and changes no byte outside it", async () => {
    const expected = PAGE.replace(REMIX_BLOCK, deferHydration(REMIX_BLOCK));
    expect(expected).not.toBe(PAGE);
    for (const size of [1, 2, 3, 7, 24, 25, 26, 64, 4096]) {
      expect(await throughInPieces(PAGE, size), `pieces of ${size}`).toBe(expected);
    }
  });

  it("passes a page without Remix's scripts through as it is, its last bytes included", async () => {
    expect(await throughInPieces('<p>Hola</p><link rel="modulepre', 5)).toBe('<p>Hola</p><link rel="modulepre');
    expect(await throughInPieces('<p>Hola</p><link rel="modulepreload" href="/a.js"/><p>sin script</p>', 4)).toBe(
      '<p>Hola</p><link rel="modulepreload" href="/a.js"/><p>sin script</p>',
    );
  });
});
