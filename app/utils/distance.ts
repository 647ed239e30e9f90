/** Mean radius of the Earth in miles (the haversine formula's sphere). */
const EARTH_RADIUS_MILES = 3958.8;

export type Coordinates = { latitude: number; longitude: number };

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in miles (haversine formula). */
export function distanceInMiles(from: Coordinates, to: Coordinates): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export type BoundingBox = { south: number; north: number; west: number; east: number };

/**
 * The smallest latitude and longitude ranges holding every point within `miles` of
 * `center` on the haversine's sphere: what an index can serve before the exact distance.
 * The longitude's half-width is the circle's widest (asin(sin r / cos lat)); near a pole it
 * takes every longitude.
 */
export function boundingBox(center: Coordinates, miles: number): BoundingBox {
  const angle = miles / EARTH_RADIUS_MILES;
  const latitudeSpan = (angle * 180) / Math.PI;
  const ratio = Math.sin(angle) / Math.cos(radians(center.latitude));
  const longitudeSpan = ratio >= 1 ? 180 : (Math.asin(ratio) * 180) / Math.PI;
  return {
    south: center.latitude - latitudeSpan,
    north: center.latitude + latitudeSpan,
    west: center.longitude - longitudeSpan,
    east: center.longitude + longitudeSpan,
  };
}
