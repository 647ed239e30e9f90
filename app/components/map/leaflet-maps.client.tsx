import L from "leaflet";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from "react-leaflet";
import Supercluster from "supercluster";
import { localizedListing, openDetailsInPlace, type Listing } from "~/models/listing";
import { SafeImage } from "~/components/ui/safe-image";
import { escapeHtml } from "~/utils/html";
import { useT } from "~/i18n/use-t";
import { getJson } from "./lazy-map";
import mapStylesHref from "./map.css?url";
import { DALLAS_AREA, DEFAULT_ZOOM, DETAIL_ZOOM, FIT_PADDING, type MapMarker, type TileConfig } from "~/models/map-marker";
import { propertyApi, propertyPath } from "~/paths";

/**
 * The maps themselves: Leaflet through react-leaflet. This module and Leaflet's CSS
 * are one lazily loaded chunk (see lazy-map.tsx); nothing here runs on the server.
 */

/** Leaflet's CSS, self-hosted from the build, as a <link> (the CSP allows no <style>). */
export function loadStyles(): Promise<void> {
  const href = new URL(mapStylesHref, document.baseURI).href;
  const existing = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((link) => link.href === href);
  if (existing?.sheet) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = existing ?? document.head.appendChild(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => {
      link.remove();
      reject(new Error(`Could not load ${href}`));
    }, { once: true });
  });
}

// A house, drawn in the markers of both maps.
const HOUSE_PATH = "M12 3 2 12h3v8h5v-6h4v6h5v-8h3z";

// The icons are buttons inside Leaflet's marker element (keyboard: false there), so Enter
// and Space work as on any button, and the click reaches Leaflet as a marker click.
function homeIcon(marker: MapMarker, label: string) {
  return L.divIcon({
    className: "",
    iconSize: [34, 34],
    iconAnchor: [17, 34],
    popupAnchor: [0, -30],
    html:
      `<button type="button" data-marker-id="${marker.id}" data-count="1" aria-label="${escapeHtml(label)}" ` +
      `class="flex h-[34px] w-[34px] cursor-pointer items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white shadow-md hover:bg-brand-900">` +
      `<svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor"><path d="${HOUSE_PATH}"/></svg></button>`,
  });
}

function clusterIcon(count: number, label: string) {
  const size = count < 10 ? 38 : count < 100 ? 44 : count < 1000 ? 50 : 56;
  return L.divIcon({
    className: "",
    iconSize: [size, size],
    html:
      `<button type="button" data-count="${count}" aria-label="${escapeHtml(label)}" ` +
      `class="flex h-full w-full cursor-pointer items-center justify-center rounded-full border-4 border-white/80 bg-accent-500 text-sm font-bold text-slate-900 shadow-md hover:bg-accent-400">` +
      `${count}</button>`,
  });
}

type View = { bbox: [number, number, number, number]; zoom: number };
const viewOf = (map: L.Map): View => {
  const b = map.getBounds();
  return { bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: Math.round(map.getZoom()) };
};

/** The markers in view, grouped by supercluster where they crowd; regrouped after each move. */
function ClusteredMarkers({ markers, onOpen }: { markers: MapMarker[]; onOpen: (marker: MapMarker) => void }) {
  const { t, language } = useT();
  const map = useMap();
  const index = useMemo(() => {
    const cluster = new Supercluster<{ marker: MapMarker }>({ radius: 56, maxZoom: 17 });
    cluster.load(markers.map((marker) => ({ type: "Feature", properties: { marker }, geometry: { type: "Point", coordinates: [marker.lng, marker.lat] } })));
    return cluster;
  }, [markers]);
  const [view, setView] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)) });
  // The same icon object for the same marker in the same language, so a re-render does
  // not redraw it (and take the keyboard focus away from it); its label is translated.
  const icons = useMemo(() => new Map<string, L.DivIcon>(), []);
  const icon = (key: string, make: () => L.DivIcon) => {
    const cacheKey = `${language}:${key}`;
    return icons.get(cacheKey) ?? (icons.set(cacheKey, make()).get(cacheKey) as L.DivIcon);
  };

  return (
    <>
      {index.getClusters(view.bbox, view.zoom).map((feature) => {
        const [lng, lat] = feature.geometry.coordinates;
        if ("cluster" in feature.properties && feature.properties.cluster) {
          const { cluster_id: clusterId, point_count: count } = feature.properties;
          return (
            <Marker
              key={`c${clusterId}`}
              position={[lat, lng]}
              keyboard={false}
              icon={icon(`c${count}`, () => clusterIcon(count, t("map.cluster_label", "{{count}} homes here, zoom in", { count })))}
              eventHandlers={{
                click: (event) => {
                  // From the keyboard the cluster goes away under the focus: the map takes it,
                  // and Tab goes on to the homes it spread into.
                  if ((event.target as L.Marker).getElement()?.contains(document.activeElement)) {
                    map.once("moveend", () => map.getContainer().focus({ preventScroll: true }));
                  }
                  map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), 18));
                },
              }}
            />
          );
        }
        const { marker } = feature.properties as { marker: MapMarker };
        const price = (language === "es" && marker.priceEs) || marker.price;
        return (
          <Marker
            key={`m${marker.id}`}
            position={[lat, lng]}
            keyboard={false}
            icon={icon(`m${marker.id}`, () => homeIcon(marker, `${marker.name}, ${price}`))}
            eventHandlers={{ click: () => onOpen(marker) }}
          />
        );
      })}
    </>
  );
}

const listingCache = new Map<number, Promise<Listing>>();
function fetchListing(id: number): Promise<Listing> {
  let pending = listingCache.get(id);
  if (!pending) {
    pending = getJson<Listing>(propertyApi(id));
    pending.catch(() => listingCache.delete(id));
    listingCache.set(id, pending);
  }
  return pending;
}

/** The info window's body: what the marker knows at once, the rest once its listing arrives. */
function InfoWindow(props: { marker: MapMarker; onViewDetails: (listing: Listing) => void; onClose: () => void; onLayout: () => void }) {
  const { marker } = props;
  const { t, language } = useT();
  const [listing, setListing] = useState<Listing | null>(null);
  const [failed, setFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let current = true;
    setListing(null);
    setFailed(false);
    fetchListing(marker.id).then(
      (found) => current && setListing(found),
      () => current && setFailed(true),
    );
    box.current?.focus();
    return () => void (current = false);
  }, [marker.id]);
  // It grows as its listing arrives: Leaflet places and pans it again.
  const { onLayout } = props;
  useEffect(onLayout, [listing, failed, onLayout]);

  const shown = listing && localizedListing(listing, language);
  const price = shown ? shown.price : (language === "es" && marker.priceEs) || marker.price;
  const titleId = `map-info-${marker.id}`;
  const facts = shown
    ? [
        [t("properties.beds", "Beds"), shown.beds],
        [t("properties.baths", "Baths"), shown.baths],
        [t("properties.sqft", "Sq Ft"), shown.sqft],
      ]
    : [];
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="dialog"
      aria-labelledby={titleId}
      data-map-info
      className="w-[min(15rem,calc(100vw-6rem))] font-sans text-sm text-slate-700 focus:outline-none"
      onKeyDown={(event) => {
        if (event.key === "Escape") props.onClose();
      }}
    >
      <SafeImage
        src={listing?.photos[0] ?? ""}
        alt=""
        width={480}
        height={320}
        sizes="240px"
        onLoad={onLayout}
        className="aspect-[3/2] w-full rounded-md bg-slate-100 object-cover"
      />
      <p id={titleId} className="mt-2 text-base font-semibold leading-snug text-brand-900">{marker.name}</p>
      <p className="mt-0.5 min-h-5 text-slate-600">{listing?.location ?? (failed ? "" : t("map.info_loading", "Loading details..."))}</p>
      <p className="mt-1 font-bold text-slate-900">
        <span className="sr-only">{t("properties.price", "Price")}: </span>
        {price}
      </p>
      {facts.length ? (
        <dl className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={propertyPath(marker.id)}
          // Opened in place even when pressed before the listing has arrived: the same
          // request's answer opens it; if that fails, the home's own page does.
          onClick={openDetailsInPlace(marker.id, (id) =>
            fetchListing(id).then(props.onViewDetails, () => window.location.assign(propertyPath(id))),
          )}
          className="inline-flex h-10 flex-1 items-center justify-center whitespace-nowrap rounded-md bg-brand-700 px-3 font-semibold text-white no-underline hover:bg-brand-800"
        >
          {t("properties.view_details", "View Details")}
          <span className="sr-only">{`: ${marker.name}`}</span>
        </a>
        <button
          type="button"
          onClick={props.onClose}
          className="inline-flex h-10 items-center rounded-md border border-slate-300 px-3 font-semibold text-slate-700 hover:bg-slate-100"
        >
          {t("properties.close", "Close")}
        </button>
      </div>
    </div>
  );
}

/** Fits the map to the markers once they are known (padding 50), or the Dallas area at zoom 7. */
function initialView(markers: { lat: number; lng: number }[]) {
  if (!markers.length) return { center: DALLAS_AREA, zoom: DEFAULT_ZOOM };
  return { bounds: L.latLngBounds(markers.map((m) => [m.lat, m.lng] as [number, number])), boundsOptions: { padding: [FIT_PADDING, FIT_PADDING] as [number, number], maxZoom: DETAIL_ZOOM } };
}

function Tiles({ tiles }: { tiles: TileConfig }) {
  // On a dense screen (phones), tiles of the next zoom level at half size: sharp.
  return <TileLayer url={tiles.tileUrl} attribution={tiles.tileAttribution} detectRetina />;
}

/** The map's centre and the distance from it to its nearest edge, in miles: the circle the map shows. */
export type MapArea = { latitude: number; longitude: number; radiusMiles: number };

function areaOf(map: L.Map): MapArea {
  const centre = map.getCenter();
  const bounds = map.getBounds();
  const toEdge = Math.min(map.distance(centre, [bounds.getNorth(), centre.lng]), map.distance(centre, [centre.lat, bounds.getEast()]));
  return { latitude: centre.lat, longitude: centre.lng, radiusMiles: toEdge / 1609.344 };
}

/**
 * Fits the map again when its markers change (a list's filters or page), and notes a move
 * the person made (a drag, a wheel, a key, the zoom buttons), never one of its own fits.
 */
function FollowMarkers({ markers, onMovedByHand }: { markers: MapMarker[]; onMovedByHand?: (area: MapArea) => void }) {
  const map = useMap();
  const first = useRef(true);
  const touched = useRef(false);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    const view = initialView(markers);
    if (view.bounds) map.fitBounds(view.bounds, view.boundsOptions);
    else map.setView(DALLAS_AREA, DEFAULT_ZOOM);
  }, [map, markers]);
  useEffect(() => {
    const container = map.getContainer();
    const touch = () => (touched.current = true);
    const events = ["pointerdown", "wheel", "keydown"] as const;
    for (const name of events) container.addEventListener(name, touch, { passive: true });
    return () => events.forEach((name) => container.removeEventListener(name, touch));
  }, [map]);
  useMapEvents({
    moveend: () => {
      if (!touched.current) return;
      touched.current = false;
      onMovedByHand?.(areaOf(map));
    },
  });
  return null;
}

/**
 * The listings map beside the cards, clustered: every active home with coordinates (the
 * home page), or a list's homes, followed as they change. `searchArea`: after the person
 * moves the map, a button over it ('Search this area') that hands back the area shown.
 */
export function ListingsMap(props: {
  tiles: TileConfig;
  markers: MapMarker[];
  label: string;
  onReady: () => void;
  onViewDetails: (listing: Listing) => void;
  searchArea?: { label: string; onSearch: (area: MapArea) => void };
}) {
  const [moved, setMoved] = useState<MapArea | null>(null);
  useEffect(() => setMoved(null), [props.markers]);
  const [open, setOpen] = useState<MapMarker | null>(null);
  const view = useMemo(() => initialView(props.markers), [props.markers]);
  const popup = useRef<L.Popup>(null);
  const relayout = useCallback(() => popup.current?.update(), []);
  const container = useRef<HTMLDivElement | null>(null);
  const close = () => {
    const id = open?.id;
    setOpen(null);
    // Focus goes back to the marker the info window came from, if it is still drawn.
    if (id !== undefined) container.current?.querySelector<HTMLElement>(`[data-marker-id="${id}"]`)?.focus();
  };
  return (
    <div ref={container} role="region" aria-label={props.label} className="relative h-full w-full">
      <MapContainer {...view} whenReady={props.onReady} className="focus-ring-inset isolate h-full w-full rounded-xl">
        <Tiles tiles={props.tiles} />
        <FollowMarkers markers={props.markers} onMovedByHand={props.searchArea ? setMoved : undefined} />
        <ClusteredMarkers markers={props.markers} onOpen={setOpen} />
        {open ? (
          <Popup
            ref={popup}
            key={open.id}
            position={[open.lat, open.lng]}
            closeButton={false}
            // Escape is the info window's own (it gives focus back to the marker).
            closeOnEscapeKey={false}
            minWidth={200}
            maxWidth={260}
            autoPanPadding={[16, 16]}
            eventHandlers={{ remove: () => setOpen(null) }}
            offset={[0, -30]}
          >
            <InfoWindow marker={open} onViewDetails={props.onViewDetails} onClose={close} onLayout={relayout} />
          </Popup>
        ) : null}
      </MapContainer>
      {props.searchArea && moved ? (
        <button
          type="button"
          onClick={() => props.searchArea?.onSearch(moved)}
          className="absolute left-1/2 top-3 z-[1000] inline-flex h-11 -translate-x-1/2 items-center whitespace-nowrap rounded-full border border-slate-300 bg-white px-4 font-semibold text-brand-900 shadow-md hover:bg-slate-50"
        >
          {props.searchArea.label}
        </button>
      ) : null}
    </div>
  );
}

/** The small map of one home (details dialog and page): zoom 15, one marker. */
export function PlaceMap(props: { tiles: TileConfig; lat: number; lng: number; label: string; onReady: () => void }) {
  const icon = useMemo(
    () =>
      L.divIcon({
        className: "",
        iconSize: [30, 30],
        iconAnchor: [15, 30],
        html: `<span data-count="1" class="flex h-[30px] w-[30px] items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white shadow-md"><svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor"><path d="${HOUSE_PATH}"/></svg></span>`,
      }),
    [],
  );
  return (
    <div role="region" aria-label={props.label} className="h-full w-full">
      <MapContainer center={[props.lat, props.lng]} zoom={DETAIL_ZOOM} scrollWheelZoom={false} whenReady={props.onReady} className="focus-ring-inset isolate h-full w-full rounded-lg">
        <Tiles tiles={props.tiles} />
        <Marker position={[props.lat, props.lng]} icon={icon} keyboard={false} interactive={false} />
      </MapContainer>
    </div>
  );
}
