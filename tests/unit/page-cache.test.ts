import { describe, expect, it } from "vitest";
import { PageCache } from "../../server/page-cache";

const html = new Headers({ "content-type": "text/html; charset=utf-8" });
const english = async () => "en";

async function store(cache: PageCache, path: string) {
  const [pathname, search = ""] = path.split("?");
  const key = await cache.keyFor("GET", pathname, search ? `?${search}` : "", english);
  expect(key, path).not.toBeNull();
  cache.set(key!, "", 200, html, `<p>${path}</p>`, cache.generation);
  return key!;
}

describe("the page cache", () => {
  it("keeps /properties searches to their share, so they never push out the other pages", async () => {
    const cache = new PageCache({ maxEntries: 10, maxSearchEntries: 3, ttlMs: 60_000 });
    const home = await store(cache, "/");
    const property = await store(cache, "/properties/4");
    const searches = [];
    for (let n = 1; n <= 8; n++) searches.push(await store(cache, `/properties?q=town${n}`));
    expect(cache.get(home, "n")?.body).toBe("<p>/</p>");
    expect(cache.get(property, "n")?.body).toBe("<p>/properties/4</p>");
    // The three most recent searches stay.
    expect(searches.map((key) => cache.get(key, "n") !== null)).toEqual([false, false, false, false, false, true, true, true]);
  });

  it("still drops the least recently used page when the whole cache is full", async () => {
    const cache = new PageCache({ maxEntries: 3, maxSearchEntries: 3, ttlMs: 60_000 });
    const first = await store(cache, "/properties/1");
    const second = await store(cache, "/properties/2");
    await store(cache, "/properties?beds=2");
    cache.get(first, "n");
    await store(cache, "/properties/3");
    expect(cache.get(first, "n")).not.toBeNull();
    expect(cache.get(second, "n")).toBeNull();
  });

  it("does not share a /properties answer that sets the language cookie", async () => {
    const cache = new PageCache({ maxEntries: 10, maxSearchEntries: 3, ttlMs: 60_000 });
    expect(await cache.keyFor("GET", "/properties", "?beds=2&lng=es", english)).toBeNull();
    expect(await cache.keyFor("GET", "/properties.data", "?beds=2", english)).toBeNull();
  });
});
