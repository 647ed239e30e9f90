import { redirect, useLoaderData, useNavigate, useNavigation, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { useDetailsInUrl } from "~/hooks/use-details-in-url";
import { FilterForm } from "~/components/browse/filter-form";
import { EmptyResults } from "~/components/browse/empty-results";
import { waysOut } from "~/models/browse-ways-out.server";
import { PageLinks } from "~/components/browse/page-links";
import { SearchAlertForm } from "~/components/browse/search-alert-form";
import { searchAlertAction } from "~/http/search-alert-action.server";
import { keepRetryAfter } from "~/http/route-exports";
import { ListingDialog } from "~/components/property/listing-dialog-on-demand";
import { ListingCards } from "~/components/property/property-card";
import { CARD_IMAGE_SIZES } from "~/components/property/listing-carousel";
import { ComparePicksForm, CompareTick, useComparePicks } from "~/components/compare/compare-picks";
import { browseListings } from "~/models/listings.server";
import { listingIn } from "~/models/listing";
import { BROWSE_PAGE_SIZE, browseHref, isFiltered } from "~/models/browse-query";
import { readBrowseQuery, unreadablePrices } from "~/models/browse-query.server";
import { PlaceNotice } from "~/components/browse/place-notice";
import { ResultsMap, ResultsViewSwitch } from "~/components/browse/results-map";
import type { MapArea } from "~/components/map/leaflet-maps.client";
import { WITHIN_CHOICES, chosenSort } from "~/models/browse-choices";
import { useDistanceNotes } from "~/components/browse/distance-notes";
import { distancesFrom } from "~/models/listing-distance";
import { pageHead } from "~/document/seo.server";
import { useT } from "~/i18n/use-t";
import { LANGUAGE_PARAM } from "~/utils/locale";
import { imagePreload, pageMeta, rootText } from "~/document/meta";
import { BROWSE_PATH } from "~/paths";

/**
 * Every active home, searched, filtered, sorted and paged through the URL (issue 11):
 * a query has one URL, and any other spelling of it (blank fields of the form sent
 * without JavaScript, values out of range, a page past the last) is sent there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { query, unknownPlace } = await readBrowseQuery(url.searchParams);
  const unreadable = { ...unreadablePrices(url.searchParams), ...(unknownPlace ? { near: unknownPlace.typed } : {}) };
  const { listings, total, page, pageCount } = browseListings(query);
  const shown = { ...query, page };

  const asked = new URLSearchParams(url.searchParams);
  const language = asked.get(LANGUAGE_PARAM);
  asked.delete(LANGUAGE_PARAM);
  // Remix's mark of the page's own action ("Get alerts for this search"), not part of the search.
  asked.delete("index");
  // A price that names no amount, or a place not known, stays in the URL as typed, for the page to say so.
  const href = browseHref({
    ...shown,
    near: shown.near ?? unknownPlace?.typed ?? null,
    within: shown.within ?? unknownPlace?.within ?? null,
    // The order the list has: without a place read, newest first is its default.
    sort: chosenSort(shown),
    minPrice: shown.minPrice ?? unreadable.minPrice ?? null,
    maxPrice: shown.maxPrice ?? unreadable.maxPrice ?? null,
  });
  if (`${BROWSE_PATH}${asked.toString() ? `?${asked}` : ""}` !== href) {
    const target = new URL(href, url);
    if (language !== null) target.searchParams.set(LANGUAGE_PARAM, language);
    throw redirect(`${target.pathname}${target.search}`);
  }

  // A filtered or re-sorted list points search engines at the list itself; the pages of
  // the whole list, newest first, are each their own.
  const canonicalPath = isFiltered(shown) || shown.sort !== "newest" ? BROWSE_PATH : browseHref({ page: shown.page });
  const head = await pageHead(request, { path: canonicalPath, image: { src: listings[0]?.photos[0], alt: listings[0]?.name ?? "" } });
  // In the page's language only: the page never shows the other one.
  return data({
    head,
    query: shown,
    unreadable,
    unknownPlace,
    listings: listings.map((listing) => listingIn(listing, head.language)),
    distances: shown.near ? distancesFrom(shown.near, listings) : null,
    // Only for a search that leaves no home.
    ways: total === 0 && isFiltered(shown) ? waysOut(shown) : null,
    total,
    pageCount,
  });
}

/** "Get alerts for this search" (search-alert-action.server.ts). */
export const action = (args: ActionFunctionArgs) => searchAlertAction(args);

// A refused request (too many) keeps its Retry-After on the page.
export const headers = keepRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = rootText(matches, "site.name", "Lone Star Home Management");
  const title = `${rootText(matches, "browse.meta_title", "All available homes")} | ${site}`;
  const description = rootText(matches, "browse.meta_description", "");
  // The first card's first photo is the largest thing on the first screen, phone or desk.
  return [...pageMeta({ title, description, siteName: site, head: data?.head }), ...imagePreload(data?.listings[0]?.photos[0], CARD_IMAGE_SIZES)];
};

export default function BrowseHomes() {
  const { query, unreadable, unknownPlace, listings, distances, ways, total, pageCount } = useLoaderData<typeof loader>();
  const { t } = useT();
  const notes = useDistanceNotes(query.near, distances);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === BROWSE_PATH;
  const details = useDetailsInUrl();
  const openById = (id: number) => {
    const listing = listings.find((item) => item.id === id);
    if (listing) details.show(listing);
  };

  // "Search this area": the map's centre (read as the closest ZIP's place) and the first distance that covers the map.
  const navigate = useNavigate();
  const searchArea = (area: MapArea) => {
    const within = WITHIN_CHOICES.find((miles) => miles === "any" || miles >= area.radiusMiles) ?? "any";
    navigate(browseHref({ ...query, near: `${area.latitude.toFixed(4)},${area.longitude.toFixed(4)}`, within, sort: null, page: 1 }), { preventScrollReset: true });
  };

  const picks = useComparePicks();
  const list = browseHref(query);

  const filtered = isFiltered(query);
  const from = (query.page - 1) * BROWSE_PAGE_SIZE + 1;
  const count = t("browse.count", "{{from}}–{{to}} of {{count}} homes", { count: total, from, to: from + listings.length - 1 });

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <h1 className="page-title">{t("browse.title", "All available homes")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("browse.subtitle")}</p>

        <div className="mt-8">
          <FilterForm query={query} unreadable={unreadable} resultsId="results-count" />
        </div>

        <section
          id="results"
          aria-labelledby="results-count"
          aria-busy={loading}
          className={`results-view mt-8 transition-opacity ${loading ? "opacity-60" : ""}`}
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-count" aria-live="polite" className="text-lg font-semibold text-slate-800">
              {total > 0 ? count : filtered ? t("browse.empty", "No homes match these filters.") : t("properties.empty")}
            </h2>
            {total > 0 ? <ResultsViewSwitch /> : null}
          </div>
          {unknownPlace ? <PlaceNotice place={unknownPlace} query={query} /> : null}
          {total > 0 ? (
            <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
              <div className="results-list">
                <ListingCards
                  listings={listings}
                  notes={notes}
                  list={list}
                  extra={(listing) => <CompareTick listing={listing} picks={picks} />}
                  onViewDetails={openById}
                  className="mt-5 grid gap-6 sm:grid-cols-2"
                  eagerFirst
                />
                <ComparePicksForm picks={picks} shown={listings.map((listing) => listing.id)} list={list} className="mt-6" />
                <PageLinks page={query.page} pageCount={pageCount} hrefFor={(page) => browseHref({ ...query, page })} />
              </div>
              <ResultsMap listings={listings} onViewDetails={openById} onViewListing={details.show} onSearchArea={searchArea} />
            </div>
          ) : ways ? (
            <EmptyResults query={query} ways={ways} />
          ) : null}
        </section>
        <SearchAlertForm query={query} />
      </div>

      <ListingDialog listing={details.open} onClose={details.close} onLeave={details.dismiss} closeHref="#results" />
    </div>
  );
}
