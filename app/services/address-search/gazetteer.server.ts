import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { ZipCode } from "zipcodes";
import { ADDRESS_SEARCH, DEFAULT_OFFICE_STATE, zipCentreName, type AddressSuggestion } from "~/services/address-search/address-search";
import { log } from "~/config/logger.server";

/**
 * The embedded US gazetteer: every US ZIP code with its city, state and coordinates,
 * from the `zipcodes` npm package (BSD licence; Canada's codes, which it also holds,
 * are left out). It answers the address search when no GEOCODER_URL is set and
 * whenever that service fails. The index is built in memory once, on the first
 * search (about 41,000 ZIP codes and 29,000 city/state pairs; see decision 013).
 *
 * - Digits (3 to 5, or a ZIP+4) find ZIP codes by prefix: "Temple, TX 76501".
 * - A 5-digit ZIP anywhere in the text ("Temple, TX 76501" chosen before) finds that ZIP.
 * - Text finds cities by prefix, case- and accent-insensitive, one suggestion per city
 *   and state at the median of its ZIP codes' coordinates ("Temple, TX"); "City, ST",
 *   "City, State" or "City ST" narrows to one state. The exact name comes first, then
 *   the office's state (Settings, Texas by default: `preferState`), then bigger places
 *   (more ZIP codes).
 * - Every answer is a centre (a ZIP code's or a town's), never a home's own coordinates.
 */

export type ZipEntry = { zip: string; city: string; state: string; latitude: number; longitude: number };
/** A city and state: `key` its normalised name (normalizePlaceName), its centre, how many ZIP codes it has. */
export type CityEntry = { key: string; city: string; state: string; latitude: number; longitude: number; zipCount: number };
/** ZIP codes sorted by code, cities by key; state names and codes (normalised) to their codes. */
export type GazetteerIndex = { zips: ZipEntry[]; cities: CityEntry[]; stateCodes: Map<string, string> };
type Index = GazetteerIndex;

/** The state the public place search (services/places) reads a town without a state in: the office's default. */
export const HOME_STATE = DEFAULT_OFFICE_STATE;

let index: Promise<Index> | null = null;

/** Lower case, accents dropped, anything but letters and digits one space. */
export function normalizePlaceName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** A city's centre: the median of its ZIP codes' coordinates, which a stray ZIP far off does not pull. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const value = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return Math.round(value * 10_000) / 10_000;
}

const CODES_PREFIX = "exports.codes = ";

/**
 * The package's ZIP table and state names. Its codes.js is one line of JSON after
 * `exports.codes = `; read as JSON that costs a fifth of the time and memory of
 * loading it as JavaScript (V8 keeps a 5 MB object literal's code around). Should a
 * later version write it otherwise, the package is loaded the ordinary way.
 */
async function readPackage(): Promise<{ codes: Record<string, ZipCode>; stateNames: Record<string, string> }> {
  const require = createRequire(import.meta.url);
  try {
    const text = await fs.readFile(require.resolve("zipcodes/lib/codes.js"), "utf8");
    const firstLine = text.slice(0, text.indexOf("\n")).trim();
    if (firstLine.startsWith(CODES_PREFIX)) {
      const codes = JSON.parse(firstLine.slice(CODES_PREFIX.length).replace(/;$/, "")) as Record<string, ZipCode>;
      const states = require("zipcodes/lib/states.js") as { full: Record<string, string> };
      return { codes, stateNames: states.full };
    }
  } catch {
    // the ordinary way below
  }
  const zipcodes = (await import("zipcodes")).default;
  return { codes: zipcodes.codes, stateNames: zipcodes.states.full };
}

async function buildIndex(): Promise<Index> {
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const zipcodes = await readPackage();
  const zips: ZipEntry[] = [];
  const byCity = new Map<string, { key: string; city: string; state: string; latitudes: number[]; longitudes: number[] }>();
  const keys = new Map<string, string>();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== "US" || !Number.isFinite(code.latitude) || !Number.isFinite(code.longitude)) continue;
    zips.push({ zip: code.zip, city: code.city, state: code.state, latitude: code.latitude, longitude: code.longitude });
    let key = keys.get(code.city);
    if (key === undefined) keys.set(code.city, (key = normalizePlaceName(code.city)));
    const id = `${key}|${code.state}`;
    const city = byCity.get(id);
    if (city) {
      city.latitudes.push(code.latitude);
      city.longitudes.push(code.longitude);
    } else {
      byCity.set(id, { key, city: code.city, state: code.state, latitudes: [code.latitude], longitudes: [code.longitude] });
    }
  }
  zips.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const cities = [...byCity.values()]
    .map(({ latitudes, longitudes, ...city }) => ({ ...city, latitude: median(latitudes), longitude: median(longitudes), zipCount: latitudes.length }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const stateCodes = new Map<string, string>();
  for (const [name, code] of Object.entries(zipcodes.stateNames)) {
    stateCodes.set(normalizePlaceName(name), code);
    stateCodes.set(code.toLowerCase(), code);
  }
  const heapAfter = process.memoryUsage().heapUsed;
  log.info("address gazetteer loaded", {
    zipCodes: zips.length,
    cities: cities.length,
    ms: Math.round(performance.now() - started),
    heapMb: Math.round((heapAfter - heapBefore) / 1024 / 1024),
  });
  return { zips, cities, stateCodes };
}

/** The gazetteer, built on first use (also by the public place search, services/places). */
export function loadIndex(): Promise<Index> {
  if (!index) {
    index = buildIndex();
    // A failed load is tried again by the next search rather than remembered.
    index.catch(() => (index = null));
  }
  return index;
}

/** The first position whose key is not below `prefix` (the list is sorted by key). */
export function lowerBound<T>(list: T[], prefix: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(list[middle]) < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

function zipSuggestion(zip: ZipEntry): AddressSuggestion {
  return {
    label: `${zip.city}, ${zip.state} ${zip.zip}`,
    latitude: zip.latitude,
    longitude: zip.longitude,
    precision: "centre",
    centreOf: zipCentreName(zip.zip, `${zip.city}, ${zip.state}`),
  };
}

function zipsByPrefix(idx: Index, prefix: string): AddressSuggestion[] {
  const found: AddressSuggestion[] = [];
  for (let at = lowerBound(idx.zips, prefix, (zip) => zip.zip); at < idx.zips.length && found.length < ADDRESS_SEARCH.maxResults; at++) {
    if (!idx.zips[at].zip.startsWith(prefix)) break;
    found.push(zipSuggestion(idx.zips[at]));
  }
  return found;
}

function citiesByPrefix(idx: Index, prefix: string, state: string | null, preferState: string): AddressSuggestion[] {
  if (!prefix) return [];
  const matches: CityEntry[] = [];
  for (let at = lowerBound(idx.cities, prefix, (city) => city.key); at < idx.cities.length; at++) {
    const city = idx.cities[at];
    if (!city.key.startsWith(prefix)) break;
    if (!state || city.state === state) matches.push(city);
  }
  const rank = (city: CityEntry) => [city.key === prefix ? 0 : 1, city.state === preferState ? 0 : 1, -city.zipCount] as const;
  matches.sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2] || a.key.localeCompare(b.key) || a.state.localeCompare(b.state);
  });
  return matches
    .slice(0, ADDRESS_SEARCH.maxResults)
    .map((city): AddressSuggestion => {
      const label = `${city.city}, ${city.state}`;
      return { label, latitude: city.latitude, longitude: city.longitude, precision: "centre", centreOf: label };
    });
}

/**
 * Suggestions for what was typed, at most ADDRESS_SEARCH.maxResults; none for a place it
 * does not know. A town named without its state is looked for in every state, those of
 * `preferState` (a code, "TX") first.
 */
export async function searchGazetteer(query: string, preferState: string): Promise<AddressSuggestion[]> {
  const idx = await loadIndex();
  const text = query.trim();
  const digits = /^(\d{3,5})(?:-\d{0,4})?$/.exec(text);
  if (digits) return zipsByPrefix(idx, digits[1]);
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text);
  if (zip) {
    const found = zipsByPrefix(idx, zip[1]);
    if (found.length) return found;
  }
  // "City, ST", "City, State" or "123 Main St, City, ST 76501": the part before the state.
  const parts = text
    .split(",")
    .map((part) => normalizePlaceName(part.replace(/\b\d{5}(?:-\d{4})?\b/g, "")))
    .filter(Boolean);
  if (parts.length >= 2) {
    const state = idx.stateCodes.get(parts[parts.length - 1]);
    if (state) return citiesByPrefix(idx, parts[parts.length - 2], state, preferState);
    return citiesByPrefix(idx, parts[parts.length - 1], null, preferState);
  }
  const whole = parts[0] ?? "";
  const found = citiesByPrefix(idx, whole, null, preferState);
  if (found.length) return found;
  // "Waco TX": the last word a state code.
  const words = whole.split(" ");
  const state = words.length > 1 ? idx.stateCodes.get(words[words.length - 1]) : undefined;
  return state ? citiesByPrefix(idx, words.slice(0, -1).join(" "), state, preferState) : [];
}

const stateBoxes = new Map<string, StateBox | null>();
/** A state's extent, west to east and south to north, from its ZIP codes' coordinates. */
export type StateBox = { west: number; south: number; east: number; north: number };

/** The box around a state's ZIP codes (a code, "TX"), for a geocoder to favour; null for an unknown code. */
export async function stateBox(state: string): Promise<StateBox | null> {
  if (stateBoxes.has(state)) return stateBoxes.get(state)!;
  const idx = await loadIndex();
  let box: StateBox | null = null;
  for (const zip of idx.zips) {
    if (zip.state !== state) continue;
    box ??= { west: zip.longitude, south: zip.latitude, east: zip.longitude, north: zip.latitude };
    box.west = Math.min(box.west, zip.longitude);
    box.east = Math.max(box.east, zip.longitude);
    box.south = Math.min(box.south, zip.latitude);
    box.north = Math.max(box.north, zip.latitude);
  }
  stateBoxes.set(state, box);
  return box;
}
