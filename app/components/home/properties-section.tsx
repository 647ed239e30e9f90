import { Link, useSearchParams } from "react-router";
import { useDetailsInUrl } from "~/hooks/use-details-in-url";
import { LazyMap, getJson } from "~/components/map/lazy-map";
import { HomesByLocation } from "~/components/map/homes-by-location";
import type { MapMarker } from "~/models/map-marker";
import type { Listing } from "~/models/listing";
import { ListingDialog } from "~/components/property/listing-dialog-on-demand";
import { ListingCards } from "~/components/property/property-card";
import { HOME_PAGE_LIST } from "~/utils/back-to-list";
import { useT } from "~/i18n/use-t";
import { BROWSE_PATH, MAP_MARKERS_API } from "~/paths";
import { BROWSE_PAGE_SIZE } from "~/models/browse-page-size";

export const LISTINGS_BEFORE_EXPANDING = 3;
/**
 * What View All shows: every home of a catalogue up to a page of /properties; beyond
 * that, a page of thousands of cards would stall a phone, so the first page shows and
 * the list says where the rest are (search, filters, pages).
 */
export const LISTINGS_WHEN_EXPANDED = BROWSE_PAGE_SIZE;

/**
 * The first three active homes, or with ?all=1 up to a page of them ('View All (count)'
 * / 'Show Less' are links, so they work without JavaScript), with the map beside them.
 */
export function PropertiesSection({ listings, total }: { listings: Listing[]; total: number }) {
  const { t } = useT();
  const [searchParams] = useSearchParams();
  // The open details: a card's listing, or one the map fetched (any active home).
  const details = useDetailsInUrl();
  const openById = (id: number) => {
    const listing = listings.find((item) => item.id === id);
    if (listing) details.show(listing);
  };
  const showingAll = searchParams.get("all") === "1";

  const toggleParams = new URLSearchParams(searchParams);
  if (showingAll) toggleParams.delete("all");
  else toggleParams.set("all", "1");
  const toggleSearch = toggleParams.toString();

  return (
    <section id="properties" aria-labelledby="properties-title" className="bg-slate-50">
      <div className="section-inner">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id="properties-title" className="page-title">{t("properties.title")}</h2>
            <p className="section-lead">{t("properties.subtitle")}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            {total > LISTINGS_BEFORE_EXPANDING ? (
              <Link
                to={{ search: toggleSearch ? `?${toggleSearch}` : "", hash: "properties" }}
                preventScrollReset
                replace
                className="inline-flex h-11 items-center rounded-md border border-brand-700 px-4 font-semibold text-brand-700 hover:bg-white"
              >
                {showingAll ? t("properties.show_less") : t("properties.view_all", undefined, { count: total })}
              </Link>
            ) : null}
            {/* Search, filters and sorting, in pages: what a visitor wants when there are many. */}
            <Link to={BROWSE_PATH} className="inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
              {t("properties.browse_all")}
            </Link>
          </div>
        </div>

        <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {listings.length ? (
            <div>
              <ListingCards listings={listings} list={HOME_PAGE_LIST} onViewDetails={openById} className="grid content-start gap-6 sm:grid-cols-2" />
              {showingAll && total > listings.length ? (
                <p className="mt-6 text-slate-700">
                  {t("properties.first_of_all", undefined, { shown: listings.length, count: total })}{" "}
                  <Link to={BROWSE_PATH} className="font-semibold text-brand-700 underline hover:text-brand-800">
                    {t("properties.see_all_browse")}
                  </Link>
                </p>
              ) : null}
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
              {t("properties.empty")}
            </p>
          )}
          <MapPanel listings={listings} onViewDetails={openById} onViewListing={details.show} />
        </div>
      </div>

      <ListingDialog listing={details.open} onClose={details.close} onLeave={details.dismiss} closeHref="#properties" />
    </section>
  );
}

const loadMarkers = () => getJson<MapMarker[]>(MAP_MARKERS_API);

/**
 * The map beside the cards (500 px tall), loaded as it nears the viewport. Until then,
 * and for visitors without JavaScript, the same place lists where the homes are, each a
 * link to its details.
 */
function MapPanel(props: { listings: Listing[]; onViewDetails: (id: number) => void; onViewListing: (listing: Listing) => void }) {
  const { t } = useT();
  const title = t("map.title");
  return (
    <aside aria-label={title} className="h-[500px] overflow-hidden rounded-xl border border-slate-200 bg-white lg:sticky lg:top-24">
      <LazyMap
        className="flex h-full flex-col"
        loadData={loadMarkers}
        fallback={<HomesByLocation title={title} listings={props.listings} onViewDetails={props.onViewDetails} />}
        render={(kit, markers, onReady) => (
          <kit.maps.ListingsMap tiles={kit.tiles} markers={markers} label={title} onReady={onReady} onViewDetails={props.onViewListing} />
        )}
      />
    </aside>
  );
}
