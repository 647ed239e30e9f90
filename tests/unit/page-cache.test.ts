import { describe, expect, it } from "vitest";
import { PageCache, type PageCacheOptions } from "../../server/page-cache";
import { prepareAnswer, type PreparedAnswer } from "../../server/prepared-answer";

const english = async () => "en";
const LIMITS: PageCacheOptions = { maxEntries: 10, maxSearchEntries: 3, maxBytes: 1024 * 1024, ttlMs: 60_000 };

function answer(body: string): Promise<PreparedAnswer> {
  return prepareAnswer({ status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body, setCookie: null });
}

async function store(cache: PageCache, path: string, body = `<p>${path}</p>`) {
  const [pathname, search = ""] = path.split("?");
  const key = await cache.keyFor("GET", pathname, search ? `?${search}` : "", english);
  expect(key, path).not.toBeNull();
  cache.set(key!, await answer(body));
  return key!;
}

const bodyOf = (cache: PageCache, key: string) => cache.get(key)?.bodies.identity.toString() ?? null;

describe("the page cache", () => {
  it("keeps /properties searches to their share, so they never push out the other pages", async () => {
    const cache = new PageCache(LIMITS);
    const home = await store(cache, "/");
    const property = await store(cache, "/properties/4");
    const searches = [];
    for (let n = 1; n <= 8; n++) searches.push(await store(cache, `/properties?q=town${n}`));
    expect(bodyOf(cache, home)).toBe("<p>/</p>");
    expect(bodyOf(cache, property)).toBe("<p>/properties/4</p>");
    // The three most recent searches stay.
    expect(searches.map((key) => cache.get(key) !== null)).toEqual([false, false, false, false, false, true, true, true]);
  });

  it("counts a home's page opened from a list's card (?from=) with the searches, so those never push out the other pages", async () => {
    const cache = new PageCache(LIMITS);
    const home = await store(cache, "/");
    const property = await store(cache, "/properties/4");
    const fromLists = [];
    for (let n = 1; n <= 8; n++) fromLists.push(await store(cache, `/properties/4?from=${encodeURIComponent(`/properties?q=town${n}`)}`));
    expect(bodyOf(cache, home)).toBe("<p>/</p>");
    expect(bodyOf(cache, property)).toBe("<p>/properties/4</p>");
    expect(fromLists.map((key) => cache.get(key) !== null)).toEqual([false, false, false, false, false, true, true, true]);
  });

  it("counts any other page with a query beyond its language with the searches: campaign links and made-up parameters never push out the plain pages", async () => {
    const cache = new PageCache(LIMITS);
    const home = await store(cache, "/");
    const spanishHome = await store(cache, "/?lng=es");
    const criteria = await store(cache, "/rental-criteria");
    const tagged = [];
    for (let n = 1; n <= 12; n++) tagged.push(await store(cache, n % 2 ? `/?utm_source=facebook&utm_campaign=fall${n}` : `/rental-criteria?x=${n}`));
    expect(bodyOf(cache, home)).toBe("<p>/</p>");
    expect(bodyOf(cache, spanishHome)).toBe("<p>/?lng=es</p>");
    expect(bodyOf(cache, criteria)).toBe("<p>/rental-criteria</p>");
    expect(tagged.filter((key) => cache.get(key) !== null)).toHaveLength(LIMITS.maxSearchEntries);
  });

  it("still drops the least recently used page when the whole cache is full", async () => {
    const cache = new PageCache({ ...LIMITS, maxEntries: 3 });
    const first = await store(cache, "/properties/1");
    const second = await store(cache, "/properties/2");
    await store(cache, "/properties?beds=2");
    cache.get(first);
    await store(cache, "/properties/3");
    expect(cache.get(first)).not.toBeNull();
    expect(cache.get(second)).toBeNull();
  });

  it("holds no more bytes than its budget, and never an answer of more than a tenth of it", async () => {
    const cache = new PageCache({ ...LIMITS, maxEntries: 1000, maxBytes: 300_000 });
    // Random text compresses little: each answer holds about 20 KB in its three encodings.
    const page = (n: number) => Array.from({ length: 2000 }, () => Math.random().toString(36).slice(2, 6)).join("") + n;
    const keys = [];
    for (let n = 1; n <= 20; n++) keys.push(await store(cache, `/properties/${n}`, page(n)));
    expect(cache.size).toBeGreaterThan(200_000);
    expect(cache.size).toBeLessThanOrEqual(300_000);
    expect(cache.get(keys[19])).not.toBeNull();
    expect(cache.get(keys[0])).toBeNull();

    const big = await store(cache, "/properties/99", page(99) + page(100));
    expect(cache.get(big)).toBeNull();
  });

  it("makes an answer once for requests that arrive together, and not again once stored", async () => {
    const cache = new PageCache(LIMITS);
    let renders = 0;
    const make = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer("<p>home</p>");
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.getOrMake("en /?", make)));
    expect(renders).toBe(1);
    expect(results.filter((result) => result.made)).toHaveLength(1);
    expect(results.every((result) => result.answer?.bodies.identity.toString() === "<p>home</p>")).toBe(true);
    await cache.getOrMake("en /?", make);
    expect(renders).toBe(1);
  });

  it("does not store an answer whose making began before a write", async () => {
    const cache = new PageCache(LIMITS);
    const made = cache.getOrMake("en /?", async () => {
      cache.clear();
      return answer("<p>before the write</p>");
    });
    expect((await made).answer?.bodies.identity.toString()).toBe("<p>before the write</p>");
    expect(cache.get("en /?")).toBeNull();
  });

  it("keys a ?lng= URL apart, and shares no Remix data request", async () => {
    const cache = new PageCache(LIMITS);
    const spanish = async () => "es";
    expect(await cache.keyFor("GET", "/properties", "?beds=2&lng=es", spanish)).toBe("es /properties?beds=2&lng=es");
    expect(await cache.keyFor("GET", "/properties", "?beds=2", spanish)).toBe("es /properties?beds=2");
    expect(await cache.keyFor("GET", "/properties.data", "?beds=2", english)).toBeNull();
    expect(await cache.keyFor("POST", "/properties", "", english)).toBeNull();
  });
});

describe("the page cache when the first request fails", () => {
  it("lets the requests that waited for it make the answer themselves", async () => {
    const cache = new PageCache(LIMITS);
    let renders = 0;
    const failing = cache.getOrMake("en /?", async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error("the visitor left");
    });
    const waiting = cache.getOrMake("en /?", async () => {
      renders += 1;
      return answer("<p>home</p>");
    });
    await expect(failing).rejects.toThrow("the visitor left");
    expect((await waiting).answer?.bodies.identity.toString()).toBe("<p>home</p>");
    expect(renders).toBe(2);
  });

  it("never shares a header that belongs to one response, nor keeps those set for every request", async () => {
    const prepared = await prepareAnswer({
      status: 200,
      headers: {
        "content-type": "text/html",
        "x-request-id": "abc",
        ratelimit: "limit=10",
        "set-cookie": "session=1",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'self'",
      },
      body: "<p>home</p>",
      setCookie: null,
    });
    expect(Object.keys(prepared.headers).sort()).toEqual(["content-security-policy", "content-type", "vary"]);
  });
});
