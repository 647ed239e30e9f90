import { Link } from "react-router";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { describeSearch } from "~/models/search-description";
import type { BrowseFilters } from "~/models/browse-query";
import { BROWSE_PATH } from "~/paths";

/**
 * The pages a search alert's mail links to (confirm, unsubscribe, manage): a title, what
 * happened or what the button will do, and the way back to the homes.
 */
export function AlertLinkPage(props: { title: string; children: ReactNode; searchHref?: string | null }) {
  const { t } = useT();
  return (
    <article aria-labelledby="alert-page-title" className="mx-auto max-w-2xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 id="alert-page-title" className="page-title break-words">
        {props.title}
      </h1>
      <div className="mt-4 space-y-4 break-words text-lg text-slate-700">{props.children}</div>
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        {props.searchHref ? (
          <Link to={props.searchHref} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {t("alerts.link.see_search", "See the homes for this search")}
          </Link>
        ) : null}
        <Link to={BROWSE_PATH} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t("alerts.link.browse", "Browse all homes")}
        </Link>
      </p>
    </article>
  );
}

/** The search in words, set apart. */
export function SearchInWords({ filters }: { filters: BrowseFilters }) {
  const { t, language } = useT();
  return <p className="break-words rounded-md bg-slate-100 px-4 py-3 font-semibold text-slate-900">{describeSearch(filters, t, language)}</p>;
}

export const ALERT_BUTTON_CLASS =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-2 text-center font-semibold text-white hover:bg-brand-800";

/** Not for search engines, and never stored by a cache: the address holds a personal link. */
export function alertPageMeta(title: string, siteName: string) {
  return [{ title: `${title} | ${siteName}` }, { name: "robots", content: "noindex" }];
}
