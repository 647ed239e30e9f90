import type { PreparedAnswer } from "./prepared-answer";
import { IDS_PARAM } from "../app/utils/saved-homes";
import { TEXTS_FILE_PATH } from "../app/paths";
import { LANGUAGE_PARAM } from "../app/utils/locale";

/**
 * Public pages and JSON, prepared once (server/prepared-answer.ts) and shared between
 * visitors of one language. An entry lives at most `ttlMs`, and a write that changes
 * public data empties the cache (server/page-cache-emptying.ts), so an admin's edit
 * shows on the next page view.
 *
 * Bounded twice: in entries and in bytes (the three encodings of every body), least
 * recently used first; an answer larger than a tenth of the byte budget is never kept.
 */

const CACHEABLE_PAGES = [/^\/$/, /^\/properties\/\d+$/, /^\/properties$/, /^\/rental-criteria$/];
// /properties has a page for every search (text, prices, rooms, sort, page): they may
// fill at most `maxSearchEntries` of the cache, so a crawl through many searches never
// pushes out the home page or the homes' own pages.
const SEARCH_PAGE = /^\/properties$/;
// The public JSON calls are the same in every language; a texts file names its own.
const CACHEABLE_JSON = [
  /^\/api\/(text-entries|hero-images|properties|faqs|config\/maps-api-key|map-markers)$/,
  /^\/api\/properties\/\d+(\/media)?$/,
  TEXTS_FILE_PATH,
];

type Entry = { answer: PreparedAnswer; storedAt: number; search: boolean };

export type PageCacheOptions = { maxEntries: number; maxSearchEntries: number; maxBytes: number; ttlMs: number };

export class PageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  // Answers being made: a second request for the same key waits for the first one's
  // instead of rendering the page again (50 visitors arriving together cost one render).
  private pending = new Map<string, Promise<PreparedAnswer | null>>();

  constructor(private readonly options: PageCacheOptions) {}

  /** The cache key of a request, or null when its answer must not be shared. */
  async keyFor(method: string, pathname: string, search: string, language: () => Promise<string>): Promise<string | null> {
    if (method !== "GET") return null;
    const params = new URLSearchParams(search);
    // A list of homes in the URL (a shared list, a comparison) is one visitor's page.
    if (params.has(IDS_PARAM)) return null;
    if (CACHEABLE_JSON.some((pattern) => pattern.test(pathname))) return `json ${pathname}?${params}`;
    // Remix's data requests (`/_root.data`, `/properties/3.data`) match no page pattern.
    if (!CACHEABLE_PAGES.some((pattern) => pattern.test(pathname))) return null;
    // Only pages depend on the language; it is worked out only for them. A `?lng=` URL
    // is its own entry (its answer sets the language cookie).
    return `${await language()} ${pathname}?${params}`;
  }

  get(key: string): PreparedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (Date.now() - entry.storedAt > this.options.ttlMs) {
      this.remove(key);
      return null;
    }
    // Re-inserting keeps the Map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /**
   * The answer for `key`: from the cache, from a request already making it, or made now
   * by `make` (null: this answer is not to be shared, and each request makes its own).
   * An answer whose making began before a write finished is not stored after it.
   */
  async getOrMake(key: string, make: () => Promise<PreparedAnswer | null>): Promise<{ answer: PreparedAnswer | null; made: boolean }> {
    const cached = this.get(key);
    if (cached) return { answer: cached, made: false };
    const waiting = this.pending.get(key);
    if (waiting) {
      // The first request's failure (its visitor left and the render was abandoned) is
      // its own: the others make the answer themselves.
      const answer = await waiting.catch(() => null);
      if (answer) return { answer, made: false };
    }
    const generation = this.currentGeneration;
    const making = make();
    this.pending.set(key, making);
    try {
      const answer = await making;
      if (answer && generation === this.currentGeneration) this.set(key, answer);
      return { answer, made: true };
    } finally {
      if (this.pending.get(key) === making) this.pending.delete(key);
    }
  }

  // Bumped by every clear(): an answer rendered before a write finished is not stored
  // after it, or the next view could show what the write replaced.
  private currentGeneration = 0;

  /** Bytes held by the stored answers. */
  get size(): number {
    return this.bytes;
  }

  set(key: string, answer: PreparedAnswer) {
    if (answer.size > this.options.maxBytes / 10) return;
    // A key is "<language or json> <path>?<query>". A page with a query beyond its language
    // is one of endlessly many (a home's page from a card names the list it came from with
    // ?from=, a campaign's link carries utm_ tags, anyone may add a made-up parameter):
    // counted with the searches, so they never push out the plain pages.
    const [path, query = ""] = key.slice(key.indexOf(" ") + 1).split("?");
    const params = new URLSearchParams(query);
    params.delete(LANGUAGE_PARAM);
    const search = SEARCH_PAGE.test(path) || params.size > 0;
    this.remove(key);
    this.entries.set(key, { answer, storedAt: Date.now(), search });
    this.bytes += answer.size;
    if (search) this.evictOldest((entry) => entry.search, (kept) => kept <= this.options.maxSearchEntries);
    this.evictOldest(() => true, (kept) => kept <= this.options.maxEntries && this.bytes <= this.options.maxBytes);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.answer.size;
  }

  /** Removes the least recently used entries of a kind until `enough` holds for the count of that kind left. */
  private evictOldest(ofKind: (entry: Entry) => boolean, enough: (kept: number) => boolean) {
    let kept = 0;
    for (const entry of this.entries.values()) if (ofKind(entry)) kept += 1;
    for (const [key, entry] of this.entries) {
      if (enough(kept)) break;
      if (!ofKind(entry)) continue;
      this.remove(key);
      kept -= 1;
    }
  }

  clear() {
    this.currentGeneration += 1;
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }
}
