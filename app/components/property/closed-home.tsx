import { useNavigate } from "react-router";
import { useT } from "~/i18n/use-t";
import type { ClosedHome } from "~/models/listing";
import { BROWSE_PATH, propertyPath } from "~/paths";
import { ListingCards } from "./property-card";

/**
 * What the old address of a home off the market shows (its page and its visit page
 * answer 410): the home's name, that it has been rented or sold or is no longer
 * available, and the public homes most like it.
 */
export function ClosedHomeArticle({ home }: { home: ClosedHome }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <article aria-labelledby="closed-home-title" className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 id="closed-home-title" className="page-title">{home.name}</h1>
      <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-lg font-semibold text-amber-950">
        {t(`home.closed.${home.status}`)}
      </p>
      <section aria-labelledby="similar-homes-title" className="mt-10">
        <h2 id="similar-homes-title" className="text-2xl font-bold text-slate-900">{t("home.closed.similar_title", "Similar homes")}</h2>
        {home.similar.length ? (
          <>
            <p className="mt-2 text-slate-700">{t("home.closed.similar_intro", "These homes like it are still available.")}</p>
            <ListingCards listings={home.similar} onViewDetails={(id) => navigate(propertyPath(id))} className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" />
          </>
        ) : (
          <p className="mt-2 text-slate-700">{t("home.closed.no_similar", "No similar home is listed right now.")}</p>
        )}
        <a href={BROWSE_PATH} className="button-primary mt-8 inline-flex h-11 px-5">
          {t("home.closed.all_homes", "See all homes")}
        </a>
      </section>
    </article>
  );
}
