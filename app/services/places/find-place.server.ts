import { config } from "~/config/env.server";
import { log } from "~/config/logger.server";
import { askGeocoder, GEOCODER_TIMEOUT_MS } from "~/services/address-search/geocoder.server";
import { failureReason, safeEndpoint } from "~/services/outside-service.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { readPlace, type PlaceReading } from "./read-place.server";

/**
 * The place of /properties' "near" (docs/product.md, "Search by place"): the embedded
 * gazetteer reads it offline (read-place.server.ts); only a text it cannot read goes to
 * GEOCODER_URL when one is set (a street, a landmark), named as the visitor wrote it.
 * Visitors' texts reach the outside service at most once a second from the whole site
 * (Nominatim's usage policy) and each at most once per process: answers are remembered.
 * When the service is busy, fails or finds nothing, the gazetteer's suggestions stand.
 */

// Nominatim's public service allows one request a second from an application.
const geocoderLimit = new RateLimiter("place-geocoder", 1, 1_000);

// Answers remembered, the oldest forgotten first: a bound on memory whatever visitors type.
const REMEMBERED_ANSWERS = 500;
const remembered = new Map<string, PlaceReading | null>();

function remember(key: string, answer: PlaceReading | null) {
  remembered.set(key, answer);
  if (remembered.size > REMEMBERED_ANSWERS) remembered.delete(remembered.keys().next().value!);
}

/** The service's place for a text the gazetteer cannot read, or null (none, busy or failing). */
async function geocodedPlace(base: string, text: string): Promise<PlaceReading | null> {
  const key = text.toLowerCase();
  if (remembered.has(key)) return remembered.get(key)!;
  if (!(await geocoderLimit.hit("site")).allowed) return null;
  try {
    const [first] = await askGeocoder(base, text);
    const answer: PlaceReading | null = first ? { kind: "found", place: { name: text, latitude: first.latitude, longitude: first.longitude } } : null;
    remember(key, answer);
    return answer;
  } catch (error) {
    log.warn("place search service failed; the gazetteer's suggestions stand", { service: safeEndpoint(base), reason: failureReason(error, GEOCODER_TIMEOUT_MS) });
    return null;
  }
}

/** What `text` (one clean line, already bounded) names: a place, or the closest known towns. */
export async function findPlace(text: string): Promise<PlaceReading> {
  const reading = await readPlace(text);
  if (reading.kind === "found") return reading;
  const { geocoderUrl } = config();
  return (geocoderUrl && (await geocodedPlace(geocoderUrl, text))) || reading;
}
