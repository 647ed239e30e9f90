import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import { browseHref, type BrowseQuery } from "~/models/browse-query";
import { chosenSort } from "~/models/browse-choices";
import type { UnknownPlace } from "~/models/browse-query.server";

/**
 * A place the list could not read, said in the visitor's language above the results (the
 * folded filters of a phone would hide it): the list is not narrowed by it, and each
 * closest known town is one tap away ("Did you mean Grand Prairie, TX?"), with the rest
 * of the search kept.
 */
export function PlaceNotice({ place, query }: { place: UnknownPlace; query: BrowseQuery }) {
  const { t } = useT();
  return (
    <div id="place-unknown" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="break-words">{t("browse.place_unknown", undefined, { value: place.typed })}</p>
      {place.suggestions.length ? (
        <ul className="mt-2 space-y-1">
          {place.suggestions.map((name) => (
            <li key={name}>
              <Link to={browseHref({ ...query, near: name, within: place.within, sort: chosenSort(query), page: 1 })} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
                {t("browse.place_did_you_mean", undefined, { place: name })}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">{t("browse.place_hint")}</p>
      )}
    </div>
  );
}
