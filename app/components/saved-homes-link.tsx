import { useSavedHomes } from "~/hooks/use-saved-homes";
import { useT } from "~/i18n/use-t";
import { useLocation } from "react-router";
import { BROWSE_PATH, FAVORITES_PATH } from "~/paths";
import { Icon } from "~/components/ui/icon";


/**
 * 'Saved (n)' / 'Guardadas (n)' to /favorites, once the visitor has saved a home. In the
 * header's row a heart and the count show (the row has no room for the Spanish words
 * beside its links and buttons at any width), the words being its name (and title); in the phone's
 * menu the words show.
 */
export function SavedHomesLink({ inMenu = false, onNavigate }: { inMenu?: boolean; onNavigate?: () => void }) {
  const { t } = useT();
  const { ids } = useSavedHomes();
  const { pathname, search } = useLocation();
  if (!ids.length) return null;
  // From a search near a place, the saved homes say how far each is from it.
  const params = new URLSearchParams(search);
  const near = pathname === BROWSE_PATH && params.get("near");
  const href = near ? `${FAVORITES_PATH}?${new URLSearchParams({ near, within: params.get("within") ?? "" })}` : FAVORITES_PATH;
  const label = t("favorites.header_link", "Saved ({{count}})", { count: ids.length });
  const heart = (
    <Icon name="heart" look="solid" className="h-5 w-5 shrink-0" />
  );
  if (inMenu) {
    return (
      <a href={href} onClick={onNavigate} className="flex items-center gap-2 rounded-md px-3 py-3 text-base font-medium text-rose-800 hover:bg-rose-50">
        {heart}
        {label}
      </a>
    );
  }
  return (
    <a
      href={href}
      title={label}
      className="inline-flex h-10 shrink-0 items-center gap-1 whitespace-nowrap rounded-md px-2 text-sm font-semibold text-rose-800 hover:bg-rose-50 lg:px-1 xl:px-2"
    >
      {heart}
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{ids.length}</span>
    </a>
  );
}
