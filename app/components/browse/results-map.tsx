import { useMemo } from "react";
import { LazyMap } from "~/components/map/lazy-map";
import { HomesByLocation } from "~/components/map/homes-by-location";
import type { MapArea } from "~/components/map/leaflet-maps.client";
import { useT } from "~/i18n/use-t";
import type { Listing } from "~/models/listing";
import type { MapMarker } from "~/models/map-marker";

/**
 * The list's homes on a map (docs/product.md, "The map beside the results"): the page's
 * homes with coordinates, clustered, fitted to them and following the filters and the
 * page; the home page's lazy Leaflet code, loaded once the map's place is shown and near
 * the viewport. Without JavaScript the place lists the homes with their OpenStreetMap links.
 */
export function ResultsMap(props: {
  listings: Listing[];
  onViewDetails: (id: number) => void;
  onViewListing: (listing: Listing) => void;
  onSearchArea: (area: MapArea) => void;
}) {
  const { t } = useT();
  const title = t("browse.map_title", "Map of these homes");
  // New markers (and a new fit) only when the list itself changes.
  const markers = useMemo<MapMarker[]>(
    () =>
      props.listings.flatMap((listing) =>
        listing.latitude == null || listing.longitude == null ? [] : [{ id: listing.id, lat: listing.latitude, lng: listing.longitude, name: listing.name, price: listing.price }],
      ),
    [props.listings],
  );
  return (
    <aside
      id="results-map"
      aria-label={title}
      className="results-map mt-5 h-[70vh] min-h-[26rem] overflow-hidden rounded-xl border border-slate-200 bg-white lg:sticky lg:top-24 lg:mt-0 lg:h-[calc(100vh-8rem)]"
    >
      <LazyMap
        className="flex h-full flex-col"
        // Without JavaScript only: with it the map loads as soon as its place is shown, and a
        // hidden list of every home would cost each visit its hydration.
        fallback={
          <noscript>
            <HomesByLocation title={title} listings={props.listings} onViewDetails={props.onViewDetails} />
          </noscript>
        }
        render={(kit, _nothing, onReady) => (
          <kit.maps.ListingsMap
            tiles={kit.tiles}
            markers={markers}
            label={title}
            onReady={onReady}
            onViewDetails={props.onViewListing}
            searchArea={{ label: t("browse.search_area", "Search this area"), onSearch: props.onSearchArea }}
          />
        )}
      />
    </aside>
  );
}

/** 'List / Map' below lg: radios, so that it works without JavaScript (app/tailwind.css shows one part). */
export function ResultsViewSwitch() {
  const { t } = useT();
  const choice = "inline-flex h-11 cursor-pointer items-center px-4 font-semibold text-slate-800 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500";
  return (
    <fieldset className="lg:hidden">
      <legend className="sr-only">{t("browse.view_as", "Show as")}</legend>
      <div className="inline-flex overflow-hidden rounded-md border border-slate-500 bg-white">
        <label className={choice}>
          <input type="radio" name="results-view" value="list" defaultChecked className="sr-only" />
          {t("browse.view_list", "List")}
        </label>
        <label className={`${choice} border-l border-slate-500`}>
          <input id="results-view-map" type="radio" name="results-view" value="map" className="sr-only" />
          {t("browse.view_map", "Map")}
        </label>
      </div>
    </fieldset>
  );
}
