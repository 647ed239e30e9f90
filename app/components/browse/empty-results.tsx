import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { browseHref, NO_FILTERS, type BrowseQuery } from "~/models/browse-query";
import { chosenSort } from "~/models/browse-choices";
import type { WaysOut } from "~/models/browse-ways-out.server";
import { FILTER_GROUPS, searchParts, type FilterGroup } from "~/models/search-description";
import { ClearFiltersLink } from "./filter-form";

const wayClass = "inline-flex min-h-11 items-center font-semibold text-brand-800 underline hover:text-brand-900";

/** The search without one group of filters, from its first page, in the order chosen (nearest first goes with the place). */
function hrefWithout(query: BrowseQuery, group: FilterGroup): string {
  const names = FILTER_GROUPS.find(([first]) => first === group) ?? [];
  return browseHref({ ...query, ...Object.fromEntries(names.map((name) => [name, NO_FILTERS[name]])), sort: chosenSort(query), page: 1 });
}

/**
 * A search that leaves no home (docs/product.md, "Nothing found, a way on"): which filter
 * empties the list, then one tap to the nearest homes beyond the miles and to the search
 * without each filter (with how many homes that shows), Clear filters, and the alert form
 * right below ("Get alerts for this search").
 */
export function EmptyResults({ query, ways }: { query: BrowseQuery; ways: WaysOut }) {
  const { t, language } = useT();
  const words = new Map(searchParts(query, t, language));
  // "Without “…”" quotes the filter itself: the search text goes in bare.
  const named = (group: FilterGroup) => (group === "q" ? query.q : (words.get(group) ?? ""));
  const helping = ways.without.filter((way) => way.count > 0);
  const lead =
    ways.without.length === 1 || helping.length === 1
      ? t("browse.empty_because", undefined, { filter: words.get((helping[0] ?? ways.without[0]).group) ?? "" })
      : helping.length
        ? t("browse.empty_each")
        : t("browse.empty_none");
  return (
    <div className="mt-5 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-8">
      <p className="break-words text-slate-700">{lead}</p>
      <ul className="mt-3 flex flex-col items-center gap-1">
        {ways.wider ? (
          <li>
            <Link to={browseHref({ ...query, within: ways.wider.within, page: 1 })} className={wayClass}>
              {ways.wider.within === "any"
                ? t("browse.wider_any", undefined, { count: ways.wider.count })
                : t("browse.wider", undefined, { count: ways.wider.count, n: ways.wider.within })}
            </Link>
          </li>
        ) : null}
        {ways.without.map(({ group, count }) => (
          <li key={group} className="max-w-full break-words">
            <Link to={hrefWithout(query, group)} className={wayClass}>
              {t("browse.without", undefined, { filter: named(group), count })}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-3">
        <ClearFiltersLink />
        <a href="#alerts" className={wayClass}>
          {t("alerts.form.title", "Get alerts for this search")}
        </a>
      </div>
    </div>
  );
}
