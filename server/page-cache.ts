import crypto from "node:crypto";

/**
 * Rendered public pages, kept briefly in memory. The public pages are the same for every
 * visitor in a language, except for the CSP nonce: a page is stored with its nonce
 * swapped for a placeholder, and each hit gets its own request's nonce back.
 *
 * An entry lives at most `ttlMs`, and every state-changing request empties the cache,
 * so an admin's edit shows on the next page view.
 */

export type CachedPage = { status: number; headers: [string, string][]; body: string };

const CACHEABLE_PAGES = [/^\/$/, /^\/properties\/\d+$/, /^\/properties$/];
// /properties has a page for every search (text, prices, rooms, sort, page): they may
// fill at most `maxSearchEntries` of the cache, so a crawl through many searches never
// pushes out the home page or the homes' own pages.
const SEARCH_PAGE = /^\/properties$/;
// The public JSON calls are the same in every language.
const CACHEABLE_JSON = [/^\/api\/(text-entries|hero-images|properties|faqs|config\/maps-api-key|map-markers)$/, /^\/api\/properties\/\d+(\/media)?$/];
// Headers that belong to one response only.
const PER_RESPONSE_HEADERS = new Set(["set-cookie", "content-length", "date", "content-security-policy"]);

export class PageCache {
  private entries = new Map<string, { page: CachedPage; storedAt: number; search: boolean }>();
  private readonly placeholder = `nonce-${crypto.randomBytes(12).toString("hex")}`;

  constructor(
    private readonly options: { maxEntries: number; maxSearchEntries: number; ttlMs: number },
  ) {}

  /** The cache key of a request, or null when its answer must not be shared. */
  async keyFor(method: string, pathname: string, search: string, languageOf: () => Promise<string>): Promise<string | null> {
    if (method !== "GET") return null;
    const params = new URLSearchParams(search);
    if (CACHEABLE_JSON.some((pattern) => pattern.test(pathname))) return `json ${pathname}?${params}`;
    // Remix's data requests (`/_root.data`, `/properties/3.data`) match no page pattern.
    if (!CACHEABLE_PAGES.some((pattern) => pattern.test(pathname))) return null;
    // ?lng= sets a cookie.
    if (params.has("lng")) return null;
    // Only pages depend on the language; it is worked out only for them.
    return `${await languageOf()} ${pathname}?${params}`;
  }

  get(key: string, nonce: string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (Date.now() - entry.storedAt > this.options.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    // Re-inserting keeps the Map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { ...entry.page, body: entry.page.body.split(this.placeholder).join(nonce) };
  }

  // Bumped by every clear(): an answer rendered before a write finished is not stored
  // after it, or the next view could show what the write replaced.
  private currentGeneration = 0;

  get generation(): number {
    return this.currentGeneration;
  }

  /**
   * Stores a 200 HTML page or JSON answer without cookies, rendered in `generation`
   * (read before rendering began); anything else is not shared.
   */
  set(key: string, nonce: string, status: number, headers: Headers, body: string, generation: number) {
    if (generation !== this.currentGeneration) return;
    const type = headers.get("content-type") ?? "";
    if (status !== 200 || headers.has("set-cookie") || !/^(text\/html|application\/json)/.test(type)) return;
    const kept: [string, string][] = [];
    for (const [name, value] of headers) if (!PER_RESPONSE_HEADERS.has(name.toLowerCase())) kept.push([name, value]);
    // A key is "<language or json> <path>?<query>".
    const search = SEARCH_PAGE.test(key.slice(key.indexOf(" ") + 1).split("?")[0]);
    this.entries.delete(key);
    this.entries.set(key, {
      page: { status, headers: kept, body: nonce ? body.split(nonce).join(this.placeholder) : body },
      storedAt: Date.now(),
      search,
    });
    if (search) this.evictOldest((entry) => entry.search, this.options.maxSearchEntries);
    this.evictOldest(() => true, this.options.maxEntries);
  }

  /** Removes the least recently used entries of a kind until at most `max` are left. */
  private evictOldest(ofKind: (entry: { search: boolean }) => boolean, max: number) {
    let kept = 0;
    for (const entry of this.entries.values()) if (ofKind(entry)) kept += 1;
    for (const [key, entry] of this.entries) {
      if (kept <= max) break;
      if (!ofKind(entry)) continue;
      this.entries.delete(key);
      kept -= 1;
    }
  }

  clear() {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}
