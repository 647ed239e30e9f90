/** What the listings map gets for each active home with coordinates (GET /api/map-markers). */
export type MapMarker = { id: number; lat: number; lng: number; name: string; price: string; priceEs?: string };

/** The tile source (GET /api/config/maps-api-key). */
export type TileConfig = { apiKey: string; tileUrl: string; tileAttribution: string };

/** docs/product.md §9. */
export const DALLAS_AREA: [number, number] = [32.7767, -96.797];
export const DEFAULT_ZOOM = 7;
export const DETAIL_ZOOM = 15;

/** A place on openstreetmap.org, marked, at the zoom of a home's own map (a link that needs no JavaScript, and a mail's map link). */
export function openStreetMapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${DETAIL_ZOOM}/${lat}/${lng}`;
}
export const FIT_PADDING = 50;
