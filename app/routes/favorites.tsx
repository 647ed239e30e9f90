import { redirect, useActionData, useFetcher, useLoaderData, useNavigate, data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { useEffect } from "react";
import { useDetailsInUrl } from "~/hooks/use-details-in-url";
import { useSavedHomes } from "~/hooks/use-saved-homes";
import { AllHomesLink, primaryLinkClass, secondaryLinkClass } from "~/components/favorites/list-links";
import { UnavailableHomes } from "~/components/favorites/unavailable-homes";
import { ListingDialog } from "~/components/property/listing-dialog-on-demand";
import { ListingCards } from "~/components/property/property-card";
import { SAVE_INTENTS } from "~/components/property/save-toggle";
import { safeRedirect } from "~/auth/safe-redirect";
import { pageHead } from "~/document/seo.server";
import { noindexMeta, pageMeta, rootText } from "~/document/meta";
import { readForm } from "~/http/form-body.server";
import { SAVED_HOMES_FORM } from "~/http/form-shapes.server";
import { savedHomesCookie, savedHomesOf } from "~/http/saved-homes.server";
import { usePlainCommas } from "~/hooks/use-plain-commas";
import { useT } from "~/i18n/use-t";
import type { Listing } from "~/models/listing";
import { savedListings, type UnavailableHome } from "~/models/saved-listings.server";
import { FAVORITES_PATH, favoritesHref } from "~/paths";
import { IDS_PARAM, mergedHomes, parseHomeIds, withHome, withoutHome } from "~/utils/saved-homes";
import { ComparePicksForm, CompareTick, useComparePicks } from "~/components/compare/compare-picks";
import { LANGUAGE_PARAM } from "~/utils/locale";
import { readBrowseQuery } from "~/models/browse-query.server";
import { useDistanceNotes } from "~/components/browse/distance-notes";
import { distancesFrom } from "~/models/listing-distance";

/**
 * A visitor's saved homes (docs/product.md §2, decision 050): their own list (from the
 * cookie without JavaScript, from the browser's storage with it), or a list shared as
 * `?ids=1,2,3`, which offers 'Save all'. Nothing of it is kept on the server; the page is
 * never shared from the page cache (server/page-cache.ts) and never indexed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const shared = url.searchParams.has(IDS_PARAM);
  const ids = shared ? parseHomeIds(url.searchParams.get(IDS_PARAM)) : savedHomesOf(request);
  const { listings, unavailable } = savedListings(ids);
  // Come from a search near a place (or a list shared from one): each home says how far it is.
  const { near, within } = (await readBrowseQuery(url.searchParams)).query;
  return data({ head: await pageHead(request, { path: FAVORITES_PATH }), shared, ids, listings, unavailable, near, within });
}

/**
 * The Save toggles and 'Save all' without JavaScript: the list in the cookie changes and
 * the visitor goes back to the page they were on. A home's number that is not one
 * changes nothing and says so.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, SAVED_HOMES_FORM);
  const intent = form.get("intent");
  const current = savedHomesOf(request);
  // One home's number, and nothing else ("1.5" is not read as home 1).
  const idText = String(form.get("id") ?? "").trim();
  const id = parseHomeIds(idText, 1).find((parsed) => String(parsed) === idText);
  let next: number[] | null = null;
  if (intent === SAVE_INTENTS.save && id !== undefined) next = withHome(current, id);
  if (intent === SAVE_INTENTS.remove && id !== undefined) next = withoutHome(current, id);
  if (intent === SAVE_INTENTS.saveAll) {
    const ids = parseHomeIds(String(form.get("ids") ?? ""));
    if (ids.length) next = mergedHomes(current, ids);
  }
  if (next === null) return data({ error: "favorites.error.invalid" }, { status: 400 });
  const back = safeRedirect(form.get("returnTo"), FAVORITES_PATH);
  return redirect(back, { status: 303, headers: { "Set-Cookie": savedHomesCookie(next) } });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = rootText(matches, "site.name", "Lone Star Home Management");
  const title = `${rootText(matches, "favorites.meta_title", "Saved homes")} | ${site}`;
  const description = rootText(matches, "favorites.meta_description", "The homes you saved, to see again, share or compare.");
  return [...pageMeta({ title, description, siteName: site, head: data?.head }), ...noindexMeta()];
};

type Known = { listings: Listing[]; unavailable: UnavailableHome[] };

/** What the page knows of each id: the loader's answer, and with JavaScript the browser's list's. */
function lookup(...answers: (Known | undefined)[]) {
  const listings = new Map<number, Listing>();
  const unavailable = new Map<number, UnavailableHome>();
  for (const answer of answers) {
    for (const listing of answer?.listings ?? []) listings.set(listing.id, listing);
    for (const home of answer?.unavailable ?? []) unavailable.set(home.id, home);
  }
  return { listings, unavailable, knows: (id: number) => listings.has(id) || unavailable.has(id) };
}

export default function Favorites() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, language } = useT();
  const saved = useSavedHomes();
  const fetcher = useFetcher<typeof loader>();
  const navigate = useNavigate();
  const details = useDetailsInUrl();
  usePlainCommas();

  // The visitor's own list is the browser's once the page runs; a shared one is the URL's.
  const ids = data.shared ? data.ids : saved.ids;
  const known = lookup(data, fetcher.data);
  const missing = ids.filter((id) => !known.knows(id));
  // The homes the page does not know yet, asked for once per list (not again after an answer for it).
  const wanted = missing.length ? favoritesHref(ids) : null;
  const fetchedList = fetcher.data?.ids.join(",");
  const listKey = ids.join(",");
  useEffect(() => {
    if (wanted && fetcher.state === "idle" && fetchedList !== listKey) fetcher.load(wanted);
  }, [wanted, fetcher, fetchedList, listKey]);

  const listings = ids.map((id) => known.listings.get(id)).filter((listing): listing is Listing => listing !== undefined);
  const unavailable = ids.map((id) => known.unavailable.get(id)).filter((home): home is UnavailableHome => home !== undefined);
  const loading = missing.length > 0;
  const openById = (id: number) => {
    const listing = listings.find((item) => item.id === id);
    if (listing) details.show(listing);
  };
  const ownListHref = language === "en" ? FAVORITES_PATH : `${FAVORITES_PATH}?${LANGUAGE_PARAM}=${language}`;
  // The first four homes are ticked to compare until the visitor ticks otherwise.
  const shownIds = listings.map((listing) => listing.id);
  const picks = useComparePicks({ defaults: shownIds, among: shownIds });
  const comparable = listings.length >= 2;
  const notes = useDistanceNotes(data.near, data.near ? distancesFrom(data.near, listings) : null);
  // The shared list keeps the place and its miles, so that it says the same distances.
  const place = data.near ? `&${new URLSearchParams({ near: data.near.name, within: String(data.within) })}` : "";

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <h1 className="page-title">
          {data.shared ? t("favorites.shared_title", "Homes shared with you") : t("favorites.title", "Saved homes")}
        </h1>
        {actionData && "error" in actionData ? (
          <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-800">
            {t(actionData.error, "This home could not be saved: its number is not valid.")}
          </p>
        ) : null}

        {data.shared && data.ids.length ? (
          <form
            method="post"
            action={FAVORITES_PATH}
            className="mt-6 flex flex-wrap items-center gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              saved.saveAll(data.ids);
              navigate(ownListHref);
            }}
          >
            <p className="text-slate-700">{t("favorites.shared_intro", "Keep these homes in your own list:")}</p>
            <input type="hidden" name="ids" value={data.ids.join(",")} />
            <input type="hidden" name="returnTo" value={ownListHref} />
            <button type="submit" name="intent" value={SAVE_INTENTS.saveAll} className={primaryLinkClass}>
              {t("favorites.save_all", "Save all")}
            </button>
          </form>
        ) : null}

        <section aria-labelledby="saved-count" aria-busy={loading} className="mt-8">
          <h2 id="saved-count" aria-live="polite" className="text-lg font-semibold text-slate-800">
            {listings.length
              ? t("favorites.count", "{{count}} homes", { count: listings.length })
              : loading
                ? t("favorites.loading", "Loading your saved homes…")
                : t("favorites.empty", "No saved homes yet. Tap Save on a home to keep it here.")}
          </h2>
          {listings.length ? (
            <>
              <ListingCards
                listings={listings}
                notes={notes}
                extra={comparable ? (listing) => <CompareTick listing={listing} picks={picks} /> : undefined}
                onViewDetails={openById}
                className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
              />
              {comparable ? <ComparePicksForm picks={picks} shown={shownIds} className="mt-6" /> : null}
            </>
          ) : loading ? null : (
            <div className="mt-5 flex">
              <AllHomesLink />
            </div>
          )}
        </section>

        <UnavailableHomes homes={unavailable} />

        {!data.shared && ids.length ? (
          <section aria-labelledby="list-actions" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="list-actions" className="text-base font-semibold text-slate-900">
              {t("favorites.share_title", "Share this list")}
            </h2>
            <p className="mt-1 text-slate-600">{t("favorites.share_hint", "This link opens your list on another device or for someone else.")}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href={`${favoritesHref(ids)}${place}`} className={secondaryLinkClass}>
                {t("favorites.share_link", "Link to this list")}
              </a>
            </div>
          </section>
        ) : null}
      </div>

      <ListingDialog listing={details.open} onClose={details.close} onLeave={details.dismiss} closeHref="#saved-count" />
    </div>
  );
}
