import { useSavedHomes } from "~/hooks/use-saved-homes";
import { useT } from "~/i18n/use-t";
import { FAVORITES_PATH } from "~/paths";

/**
 * 'Saved (n)' / 'Guardadas (n)' in the header, once the visitor has saved a home. Below xl
 * (a phone, the row beside the nav) a heart and the count show; the full words stay its name.
 */
export function SavedHomesLink() {
  const { t } = useT();
  const { ids } = useSavedHomes();
  if (!ids.length) return null;
  const label = t("favorites.header_link", "Saved ({{count}})", { count: ids.length });
  return (
    <a
      href={FAVORITES_PATH}
      aria-label={label}
      className="inline-flex h-10 shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-2 text-sm font-semibold text-rose-800 hover:bg-rose-50"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
        <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4 7.4 4c2 0 3.5 1.1 4.6 2.7C13.1 5.1 14.6 4 16.6 4c3.5 0 5.8 3.6 4.6 7.1-1.7 4.8-9.2 9.4-9.2 9.4z" />
      </svg>
      <span aria-hidden="true" className="xl:hidden">
        {ids.length}
      </span>
      <span aria-hidden="true" className="hidden xl:inline">
        {label}
      </span>
    </a>
  );
}
