import { searchGazetteer } from "~/services/address-search/gazetteer.server";
import { ADDRESS_SEARCH, type AddressSuggestion } from "~/services/address-search/address-search";
import { config } from "~/config/env.server";
import { log } from "~/config/logger.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { failureReason, readJsonAnswer, safeEndpoint, ServiceAnswerError } from "~/services/outside-service.server";

/**
 * The address search behind the property form's Location field (docs/product.md §2 and §5
 * and 9: at most 8 suggestions, the US only). With GEOCODER_URL it asks a
 * Nominatim-compatible service:
 *   GET {GEOCODER_URL}/search?format=jsonv2&countrycodes=us&limit=8&q=...
 * (GEOCODER_URL is the service's base, e.g. https://nominatim.openstreetmap.org; one
 * that already ends in /search is used as it is), with a User-Agent naming the site
 * and APP_URL as Nominatim's usage policy asks, and reads display_name, lat and lon.
 * Without GEOCODER_URL, and whenever the service fails (no answer within
 * GEOCODER_TIMEOUT_MS, an error status, an answer that is not a list, unreachable) or
 * finds nothing, the embedded gazetteer (services/address-search/gazetteer.server.ts) answers; a
 * failure is logged as a warning.
 */

export const GEOCODER_TIMEOUT_MS = 3_000;
const SITE_NAME = "Lone Star Home Management";

export type AddressSearchSource = "geocoder" | "gazetteer";
export type AddressSearchResult = { suggestions: AddressSuggestion[]; source: AddressSearchSource };

/** The search endpoint for a GEOCODER_URL given with or without its /search path. */
export function geocoderSearchUrl(base: string, query: string): string {
  const url = new URL(base);
  if (!/\/search\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, "")}/search`;
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("countrycodes", ADDRESS_SEARCH.countryCode);
  url.searchParams.set("limit", String(ADDRESS_SEARCH.maxResults));
  url.searchParams.set("q", query);
  return url.toString();
}

function geocoderUserAgent(): string {
  return `${SITE_NAME} address search (${config().appUrl})`;
}

function coordinate(value: unknown, bound: number): number | null {
  const number = typeof value === "string" && value.trim() ? Number(value) : typeof value === "number" ? value : NaN;
  return Number.isFinite(number) && Math.abs(number) <= bound ? number : null;
}

/** The service's places for `query` (at most ADDRESS_SEARCH.maxResults, in the US); throws when it fails. */
export async function askGeocoder(base: string, query: string): Promise<AddressSuggestion[]> {
  const response = await fetch(geocoderSearchUrl(base, query), {
    headers: { Accept: "application/json", "Accept-Language": "en", "User-Agent": geocoderUserAgent() },
    signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
  });
  const answer = await readJsonAnswer(response);
  if (!Array.isArray(answer)) throw new ServiceAnswerError("the answer is not a list");
  const suggestions: AddressSuggestion[] = [];
  const seen = new Set<string>();
  for (const place of answer as Array<Record<string, unknown> | null>) {
    const label = typeof place?.display_name === "string" ? place.display_name.trim() : "";
    const latitude = coordinate(place?.lat, 90);
    const longitude = coordinate(place?.lon, 180);
    if (!label || latitude === null || longitude === null || seen.has(label)) continue;
    seen.add(label);
    suggestions.push({ label, latitude, longitude });
    if (suggestions.length === ADDRESS_SEARCH.maxResults) break;
  }
  return suggestions;
}

/** Suggestions for a query already checked (addressQueryProblem), from the service or the gazetteer. */
export async function searchAddresses(query: string): Promise<AddressSearchResult> {
  const { geocoderUrl } = config();
  const text = query.trim();
  if (geocoderUrl) {
    try {
      const suggestions = await askGeocoder(geocoderUrl, text);
      if (suggestions.length) return { suggestions, source: "geocoder" };
    } catch (error) {
      log.warn("address search service failed; the gazetteer answers", { service: safeEndpoint(geocoderUrl), reason: failureReason(error, GEOCODER_TIMEOUT_MS) });
    }
  }
  return { suggestions: await searchGazetteer(text), source: "gazetteer" };
}

// Typing sends a search every 300 ms at most; a minute of steady typing stays well
// within this, a script does not. Per admin, for the JSON call and the form's 'Find'.
const searchLimiter = new RateLimiter("address-search", 60, 60_000);

export type AdminAddressSearch = ({ kind: "done" } & AddressSearchResult) | { kind: "rate_limited"; retryAfterSeconds: number };

export async function searchAddressesAsAdmin(adminEmail: string, query: string): Promise<AdminAddressSearch> {
  const limit = await searchLimiter.hit(adminEmail.toLowerCase());
  if (!limit.allowed) return { kind: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  return { kind: "done", ...(await searchAddresses(query)) };
}
