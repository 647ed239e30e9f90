import { useSavedHomes } from "~/hooks/use-saved-homes";
import { useT } from "~/i18n/use-t";
import { FAVORITES_PATH } from "~/paths";

const HEART = "M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4 7.4 4c2 0 3.5 1.1 4.6 2.7C13.1 5.1 14.6 4 16.6 4c3.5 0 5.8 3.6 4.6 7.1-1.7 4.8-9.2 9.4-9.2 9.4z";

/**
 * 'Saved (n)' / 'Guardadas (n)' to /favorites, once the visitor has saved a home. In the
 * header's row a heart and the count show (the row has no room for the Spanish words
 * beside its links and buttons at any width), the words being its name (and title); in the phone's
 * menu the words show.
 */
export function SavedHomesLink({ inMenu = false, onNavigate }: { inMenu?: boolean; onNavigate?: () => void }) {
  const { t } = useT();
  const { ids } = useSavedHomes();
  if (!ids.length) return null;
  const label = t("favorites.header_link", "Saved ({{count}})", { count: ids.length });
  const heart = (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="currentColor">
      <path d={HEART} />
    </svg>
  );
  if (inMenu) {
    return (
      <a href={FAVORITES_PATH} onClick={onNavigate} className="flex items-center gap-2 rounded-md px-3 py-3 text-base font-medium text-rose-800 hover:bg-rose-50">
        {heart}
        {label}
      </a>
    );
  }
  return (
    <a
      href={FAVORITES_PATH}
      title={label}
      className="inline-flex h-10 shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-2 text-sm font-semibold text-rose-800 hover:bg-rose-50 lg:px-1 xl:px-2"
    >
      {heart}
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{ids.length}</span>
    </a>
  );
}
