import { distance as editDistance } from "fastest-levenshtein";
import {
  HOME_STATE,
  loadIndex,
  lowerBound,
  normalizePlaceName,
  type CityEntry,
  type GazetteerIndex,
  type ZipEntry,
} from "~/services/address-search/gazetteer.server";

/**
 * The place a visitor typed in /properties' "near" field (docs/product.md, "Search by
 * place"), read from the embedded gazetteer as people write it: "Fort Worth", "fort worth
 * tx", "Ft Worth", "Fort Worth, Texas", "fort worth 76116", "76116". Case, accents, commas
 * and extra spaces do not count; Ft/St/Mt read as Fort/Saint/Mount; a state after the town
 * narrows it, Texas first otherwise. A town with a ZIP is the town; a ZIP alone is that
 * ZIP's town; a point ("32.7357,-97.1081", the map's centre) is the closest town.
 * What the gazetteer does not know is never made up: the visitor gets the closest town
 * names it does know.
 */

export type Place = { name: string; latitude: number; longitude: number };
export type PlaceReading = { kind: "found"; place: Place } | { kind: "unknown"; suggestions: string[] };

/** At most this many "Did you mean" names. */
export const MAX_PLACE_SUGGESTIONS = 3;

/** The short forms people write and the gazetteer's long ones. */
const SHORT_FORMS: Record<string, string> = { ft: "fort", st: "saint", mt: "mount" };

const ZIP = /^\d{5}$/;

function cityPlace(city: CityEntry): Place {
  return { name: `${city.city}, ${city.state}`, latitude: city.latitude, longitude: city.longitude };
}

function zipPlace(zip: ZipEntry): Place {
  return { name: `${zip.city}, ${zip.state} ${zip.zip}`, latitude: zip.latitude, longitude: zip.longitude };
}

function findZip(index: GazetteerIndex, code: string): ZipEntry | undefined {
  const at = lowerBound(index.zips, code, (zip) => zip.zip);
  return index.zips[at]?.zip === code ? index.zips[at] : undefined;
}

/** The cities named exactly `key`, in `state` when given; Texas first, then the bigger. */
function citiesNamed(index: GazetteerIndex, key: string, state: string | null): CityEntry[] {
  const found: CityEntry[] = [];
  for (let at = lowerBound(index.cities, key, (city) => city.key); index.cities[at]?.key === key; at++) {
    if (!state || index.cities[at].state === state) found.push(index.cities[at]);
  }
  return found.sort((a, b) => Number(b.state === HOME_STATE) - Number(a.state === HOME_STATE) || b.zipCount - a.zipCount);
}

/**
 * The words of a town and the state after them, if any: "fort worth tx" -> "fort worth"
 * and TX; "new mexico" alone stays a town's words (a state needs a town before it).
 */
function splitState(index: GazetteerIndex, words: string[]): { town: string[]; state: string | null } {
  for (const size of [2, 1]) {
    if (words.length <= size) continue;
    const state = index.stateCodes.get(words.slice(-size).join(" "));
    if (state) return { town: words.slice(0, -size), state };
  }
  return { town: words, state: null };
}

/** The town's words with each short form written out: "ft worth" -> "fort worth". */
function longForm(town: string[]): string {
  return town.map((word) => SHORT_FORMS[word] ?? word).join(" ");
}

/**
 * The closest town names to what was typed: within a few letters' edit (a quarter of the
 * name, at least one), or starting with it; in the state when one was named, else
 * Texas's. Fewer letters changed first, then the bigger town.
 */
function closestTowns(index: GazetteerIndex, key: string, state: string | null): string[] {
  if (key.length < 3) return [];
  const within = Math.max(1, Math.floor(key.length / 4));
  const scored: { city: CityEntry; score: number }[] = [];
  for (const city of index.cities) {
    if (city.state !== (state ?? HOME_STATE)) continue;
    const score = city.key.startsWith(key) ? 0 : Math.abs(city.key.length - key.length) > within ? Infinity : editDistance(city.key, key);
    if (score <= within) scored.push({ city, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || b.city.zipCount - a.city.zipCount || a.city.key.localeCompare(b.city.key))
    .slice(0, MAX_PLACE_SUGGESTIONS)
    .map(({ city }) => cityPlace(city).name);
}

// "32.7357,-97.1081": a point, as the list's "Search this area" sends the map's centre.
const POINT = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** The town whose centre is closest to the point (a plain scan: a few milliseconds for the 30,000). */
function nearestCity(index: GazetteerIndex, latitude: number, longitude: number): CityEntry | undefined {
  let best: CityEntry | undefined;
  let bestScore = Infinity;
  const shrink = Math.cos((latitude * Math.PI) / 180);
  for (const city of index.cities) {
    const score = (city.latitude - latitude) ** 2 + ((city.longitude - longitude) * shrink) ** 2;
    if (score < bestScore) [best, bestScore] = [city, score];
  }
  return best;
}

/** A point read as the place people would name it: the closest town, within a degree. */
function pointPlace(index: GazetteerIndex, latitude: number, longitude: number): PlaceReading {
  const city = Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? nearestCity(index, latitude, longitude) : undefined;
  const close = city && Math.abs(city.latitude - latitude) < 1 && Math.abs(city.longitude - longitude) < 1;
  return close ? { kind: "found", place: cityPlace(city) } : { kind: "unknown", suggestions: [] };
}

/**
 * A ZIP read as its town, so that "76116", "Fort Worth 76116" and "Fort Worth" are one
 * place with one name (which reads back as itself); a ZIP whose town the gazetteer does not
 * list is its own place.
 */
function zipTown(index: GazetteerIndex, zip: ZipEntry): Place {
  const [city] = citiesNamed(index, normalizePlaceName(zip.city), zip.state);
  return city ? cityPlace(city) : zipPlace(zip);
}

/** What the gazetteer makes of `text` (already trimmed and bounded by the caller). */
export async function readPlace(text: string): Promise<PlaceReading> {
  const index = await loadIndex();
  const point = POINT.exec(text);
  if (point) return pointPlace(index, Number(point[1]), Number(point[2]));
  // A ZIP+4's last four digits name no place of their own.
  const words = normalizePlaceName(text.replace(/\b(\d{5})-\d{4}\b/g, "$1")).split(" ").filter(Boolean);
  const zips = words.filter((word) => ZIP.test(word));
  const { town, state } = splitState(
    index,
    words.filter((word) => !ZIP.test(word)),
  );
  const key = longForm(town);
  if (key) {
    const [city] = citiesNamed(index, key, state);
    if (city) return { kind: "found", place: cityPlace(city) };
  }
  const zip = zips.length === 1 ? findZip(index, zips[0]) : undefined;
  if (zip && (!key || !state || zip.state === state)) return { kind: "found", place: zipTown(index, zip) };
  return { kind: "unknown", suggestions: key ? closestTowns(index, key, state) : [] };
}
