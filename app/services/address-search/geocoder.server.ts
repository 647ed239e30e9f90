import { searchGazetteer, stateBox, type StateBox } from "~/services/address-search/gazetteer.server";
import { ADDRESS_SEARCH, US_STATES, zipCentreName, type AddressSuggestion } from "~/services/address-search/address-search";
import { config } from "~/config/env.server";
import { log } from "~/config/logger.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { failureReason, readJsonAnswer, safeEndpoint, ServiceAnswerError } from "~/services/outside-service.server";

/**
 * The address search behind the property form's Location field (docs/product.md §2 and §5
 * and 9: at most 8 suggestions, the US only). With GEOCODER_URL it asks a
 * Nominatim-compatible service:
 *   GET {GEOCODER_URL}/search?format=jsonv2&addressdetails=1&countrycodes=us&limit=8
 *       &viewbox=...&q=...
 * (GEOCODER_URL is the service's base, e.g. https://nominatim.openstreetmap.org; one
 * that already ends in /search is used as it is), with a User-Agent naming the site
 * and APP_URL as Nominatim's usage policy asks, and reads display_name, lat and lon.
 * The office's state (Settings, Texas by default) comes first: the viewbox around it
 * makes Nominatim favour its places, and the places it answers in that state (its
 * address's ISO3166-2-lvl4, "US-TX", or its state's name) are put before the others,
 * which keep their order (decision 078). Each place says whether its coordinates are a
 * home's own (a house, building or street: place_rank 26 and up) or a town's or ZIP
 * code's centre, and names that place.
 * Without GEOCODER_URL, and whenever the service fails (no answer within
 * GEOCODER_TIMEOUT_MS, an error status, an answer that is not a list, unreachable) or
 * finds nothing, the embedded gazetteer (services/address-search/gazetteer.server.ts) answers; a
 * failure is logged as a warning.
 */

export const GEOCODER_TIMEOUT_MS = 3_000;
const SITE_NAME = "Lone Star Home Management";

export type AddressSearchSource = "geocoder" | "gazetteer";
export type AddressSearchResult = { suggestions: AddressSuggestion[]; source: AddressSearchSource };

/** The search endpoint for a GEOCODER_URL given with or without its /search path; `favour`, an area whose places rank higher. */
export function geocoderSearchUrl(base: string, query: string, favour: StateBox | null = null): string {
  const url = new URL(base);
  if (!/\/search\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, "")}/search`;
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("addressdetails", "1");
  url.searchParams.set("countrycodes", ADDRESS_SEARCH.countryCode);
  url.searchParams.set("limit", String(ADDRESS_SEARCH.maxResults));
  // Without bounded=1: a favoured area, not a limit (a home over the state line is still found).
  if (favour) url.searchParams.set("viewbox", [favour.west, favour.north, favour.east, favour.south].join(","));
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

type Place = Record<string, unknown> | null;
type PlaceAddress = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** A place's state as a code ("TX"): its ISO 3166-2 code ("US-TX"), else its state's name; null when it says neither. */
export function placeState(address: PlaceAddress): string | null {
  const iso = /^US-([A-Z]{2})$/.exec(text(address["ISO3166-2-lvl4"]) ?? "");
  if (iso) return iso[1];
  const name = text(address.state)?.toLowerCase();
  return (name && US_STATES.find(([, known]) => known.toLowerCase() === name)?.[0]) || null;
}

// Nominatim's address ranks: 26 is a street, 30 a house or building; below, areas (a town is 16).
const HOME_RANK = 26;
const HOME_TYPES = new Set(["house", "building", "road"]);
const AREA_TYPES = new Set(["city", "town", "village", "hamlet", "municipality", "postcode", "county", "state", "suburb", "neighbourhood", "quarter", "administrative"]);
const TOWN_FIELDS = ["city", "town", "village", "hamlet", "municipality"] as const;

/**
 * Whether a place's coordinates are a home's own: a house, building or street (place_rank
 * 26 and up, or addresstype house, building or road); a service that says neither is
 * trusted unless its type names an area.
 */
function isHomeLevel(place: Record<string, unknown>): boolean {
  const rank = typeof place.place_rank === "number" ? place.place_rank : Number(text(place.place_rank) ?? NaN);
  const addressType = text(place.addresstype);
  if (Number.isFinite(rank) || addressType) return rank >= HOME_RANK || HOME_TYPES.has(addressType ?? "");
  return !AREA_TYPES.has(text(place.type) ?? "");
}

/** The town or ZIP code whose centre an area's coordinates are: "Arlington, TX", "ZIP code 76010 (Arlington, TX)". */
function centreName(place: Record<string, unknown>, address: PlaceAddress, state: string | null, label: string): string {
  const addressType = text(place.addresstype) ?? text(place.type) ?? "";
  const town = TOWN_FIELDS.map((field) => text(address[field])).find(Boolean) ?? null;
  const inState = (name: string) => (state ? `${name}, ${state}` : name);
  if (addressType === "postcode") return zipCentreName(text(address.postcode) ?? text(place.name) ?? label, town && inState(town));
  if (addressType === "state") return text(address.state) ?? text(place.name) ?? label;
  const name = text(address[addressType]) ?? text(place.name) ?? town ?? label.split(",")[0].trim();
  return inState(name);
}

/**
 * The service's places for `query` (at most ADDRESS_SEARCH.maxResults, in the US), those
 * in `preferState` (a code, "TX") first; throws when it fails.
 */
export async function askGeocoder(base: string, query: string, preferState: string | null = null): Promise<AddressSuggestion[]> {
  // The gazetteer's box is a help, not a need: without it the service is asked all the same.
  const favour = preferState ? await stateBox(preferState).catch(() => null) : null;
  const response = await fetch(geocoderSearchUrl(base, query, favour), {
    headers: { Accept: "application/json", "Accept-Language": "en", "User-Agent": geocoderUserAgent() },
    signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
  });
  const answer = await readJsonAnswer(response);
  if (!Array.isArray(answer)) throw new ServiceAnswerError("the answer is not a list");
  const inState: AddressSuggestion[] = [];
  const others: AddressSuggestion[] = [];
  const seen = new Set<string>();
  for (const place of answer as Place[]) {
    if (!place || typeof place !== "object") continue;
    const label = text(place.display_name) ?? "";
    const latitude = coordinate(place.lat, 90);
    const longitude = coordinate(place.lon, 180);
    if (!label || latitude === null || longitude === null || seen.has(label)) continue;
    seen.add(label);
    const address = (place.address && typeof place.address === "object" ? place.address : {}) as PlaceAddress;
    const state = placeState(address);
    const home = isHomeLevel(place);
    const suggestion: AddressSuggestion = { label, latitude, longitude, precision: home ? "home" : "centre", centreOf: home ? null : centreName(place, address, state, label) };
    (preferState && state === preferState ? inState : others).push(suggestion);
  }
  return [...inState, ...others].slice(0, ADDRESS_SEARCH.maxResults);
}

/**
 * Suggestions for a query already checked (addressQueryProblem), from the service or the
 * gazetteer, the places of `officeState` (a code, "TX") first.
 */
export async function searchAddresses(query: string, officeState: string): Promise<AddressSearchResult> {
  const { geocoderUrl } = config();
  const typed = query.trim();
  if (geocoderUrl) {
    try {
      const suggestions = await askGeocoder(geocoderUrl, typed, officeState);
      if (suggestions.length) return { suggestions, source: "geocoder" };
    } catch (error) {
      log.warn("address search service failed; the gazetteer answers", { service: safeEndpoint(geocoderUrl), reason: failureReason(error, GEOCODER_TIMEOUT_MS) });
    }
  }
  return { suggestions: await searchGazetteer(typed, officeState), source: "gazetteer" };
}

// Typing sends a search every 300 ms at most; a minute of steady typing stays well
// within this, a script does not. Per admin, for the JSON call and the form's 'Find'.
const searchLimiter = new RateLimiter("address-search", 60, 60_000);

export type AdminAddressSearch = ({ kind: "done" } & AddressSearchResult) | { kind: "rate_limited"; retryAfterSeconds: number };

export async function searchAddressesAsAdmin(adminEmail: string, query: string, officeState: string): Promise<AdminAddressSearch> {
  const limit = await searchLimiter.hit(adminEmail.toLowerCase());
  if (!limit.allowed) return { kind: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  return { kind: "done", ...(await searchAddresses(query, officeState)) };
}
