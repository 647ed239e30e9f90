import { useT } from "~/i18n/use-t";
import { BROWSE_PATH } from "~/paths";

export const secondaryLinkClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 bg-white px-4 text-center font-semibold text-slate-700 hover:bg-slate-100";
export const primaryLinkClass = "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 text-center font-semibold text-white hover:bg-brand-800";

/** The way back to every home, for an empty list or a refused comparison. */
export function AllHomesLink() {
  const { t } = useT();
  return (
    <a href={BROWSE_PATH} className={primaryLinkClass}>
      {t("favorites.all_homes", "See all homes")}
    </a>
  );
}
