import { useLoaderData, data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { CompareHomes } from "~/components/favorites/compare-homes";
import { AllHomesLink, secondaryLinkClass } from "~/components/favorites/list-links";
import { UnavailableHomes } from "~/components/favorites/unavailable-homes";
import { pageHead } from "~/document/seo.server";
import { noindexMeta, pageMeta, rootText } from "~/document/meta";
import { usePlainCommas } from "~/hooks/use-plain-commas";
import { useT } from "~/i18n/use-t";
import { comparedHomes } from "~/models/saved-listings.server";
import { COMPARE_PATH, FAVORITES_PATH } from "~/paths";
import { IDS_PARAM, MAX_COMPARED_HOMES, MAX_SAVED_HOMES, parseHomeIds } from "~/utils/saved-homes";
import { BACK_TO_LIST_PARAM, backToListHref } from "~/utils/back-to-list";

/**
 * Homes side by side (docs/product.md §2): `?ids=a,b,c`, at most four, or the ticks of a
 * list's "Compare" form sent without JavaScript (`?ids=a&ids=b`). More are refused with a
 * message; unknown or inactive ids are named and left out. `?from=` names the list the
 * ticks came from, to go back to. Works without JavaScript, and is nobody's page but the
 * visitor's: never cached, never indexed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const ids = parseHomeIds(url.searchParams.getAll(IDS_PARAM).join(","), MAX_SAVED_HOMES + 1);
  const from = url.searchParams.get(BACK_TO_LIST_PARAM);
  const backToList = from ? backToListHref(from) : null;
  const head = await pageHead(request, { path: COMPARE_PATH });
  if (ids.length > MAX_COMPARED_HOMES) {
    return data({ head, backToList, tooMany: ids.length, homes: [], unavailable: [] }, { status: 400 });
  }
  return data({ head, backToList, tooMany: 0, ...comparedHomes(ids) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = rootText(matches, "site.name", "Lone Star Home Management");
  const title = `${rootText(matches, "compare.meta_title", "Compare homes")} | ${site}`;
  const description = rootText(matches, "compare.meta_description", "Homes side by side: what each costs a month, place, rooms, size, pets and fees.");
  return [...pageMeta({ title, description, siteName: site, head: data?.head }), ...noindexMeta()];
};

export default function Compare() {
  const { backToList, tooMany, homes, unavailable } = useLoaderData<typeof loader>();
  const { t } = useT();
  usePlainCommas();
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <h1 className="page-title">{t("compare.title", "Compare homes")}</h1>
        {tooMany ? (
          <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 font-medium text-red-800">
            {t("compare.too_many", "At most {{max}} homes can be compared at once; this link has {{count}}.", { max: MAX_COMPARED_HOMES, count: tooMany })}
            {backToList ? ` ${t("compare.untick", "Go back and untick some.")}` : null}
          </p>
        ) : homes.length < 2 ? (
          <p className="mt-6 text-lg text-slate-700">{t("compare.too_few", "Choose at least two available homes to compare.")}</p>
        ) : null}

        {homes.length ? <CompareHomes homes={homes} /> : null}
        <UnavailableHomes homes={unavailable} />

        <div className="mt-8 flex flex-wrap gap-3">
          {backToList ? (
            <a href={backToList} className={secondaryLinkClass}>
              {t("compare.back_to_list", "Back to the homes")}
            </a>
          ) : (
            <a href={FAVORITES_PATH} className={secondaryLinkClass}>
              {t("compare.back_to_saved", "Back to saved homes")}
            </a>
          )}
          {homes.length < 2 ? <AllHomesLink /> : null}
        </div>
      </div>
    </div>
  );
}
