import { distanceInMiles, type Coordinates } from "~/utils/distance";
import type { Language } from "~/utils/locale";

/**
 * How far each home is from a searched place, in miles (null for a home without
 * coordinates): the cards' "{n} mi from {place}" (docs/product.md, "Search by place").
 */
export function distancesFrom(place: Coordinates, homes: { id: number; latitude: number | null; longitude: number | null }[]): Record<number, number | null> {
  return Object.fromEntries(
    homes.map((home) => [home.id, home.latitude === null || home.longitude === null ? null : distanceInMiles(place, { latitude: home.latitude, longitude: home.longitude })]),
  );
}

/** Miles as a card says them: a tenth under ten miles ("2.3"), whole miles beyond ("17"). */
export function milesText(miles: number, language: Language): string {
  return miles.toLocaleString(language === "es" ? "es-US" : "en-US", { maximumFractionDigits: miles < 10 ? 1 : 0 });
}
