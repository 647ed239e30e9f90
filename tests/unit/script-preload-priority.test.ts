import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { withLowPriorityScriptPreloads } from "~/utils/script-preload-priority.server";

/** `html` sent through the transform in pieces of `size` bytes. */
async function throughInPieces(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return text(Readable.from(pieces).pipe(withLowPriorityScriptPreloads()));
}

const PAGE =
  '<p>Casas móviles en Texas: “Llame” ✓</p><link rel="modulepreload" href="/build/a.js"/>' +
  '<link rel="modulepreload" href="/build/b.js"/><link rel="stylesheet" href="/build/c.css"/><p>fin <link</p>';
const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("script preloads at low priority", () => {
  it("marks every module preload, whatever the pieces the page arrives in, and changes no other byte", async () => {
    for (const size of [1, 2, 3, 7, 24, 25, 26, 64, 4096]) {
      expect(await throughInPieces(PAGE, size), `pieces of ${size}`).toBe(EXPECTED);
    }
  });

  it("passes a page without preloads through as it is, its last bytes included", async () => {
    expect(await throughInPieces("<p>Hola</p><link rel=\"modulepre", 5)).toBe('<p>Hola</p><link rel="modulepre');
  });
});
