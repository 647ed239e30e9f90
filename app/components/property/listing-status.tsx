import { useT } from "~/i18n/use-t";
import { statusText, type Listing } from "~/models/listing";

/**
 * A public home's life when it is not simply available: "Available from January 15, 2027"
 * ("Disponible desde el 15 de enero de 2027"), "Coming soon" without a day, "Application
 * pending". The long date is written out (utils/long-day.ts), the same in every browser and
 * on the server. Kept small: every card of the home page carries it.
 */
export function ListingStatus({ listing, className = "" }: { listing: Listing; className?: string }) {
  const { t, language } = useT();
  return listing.status ? (
    <p className={`chip chip-life ${className}`}>{statusText(listing, t, language)}</p>
  ) : null;
}

/** A rental card's pets rule as a chip: "Pets: cats" ("Mascotas: gatos"), "No pets". */
export function PetsChip({ listing }: { listing: Listing }) {
  const { t } = useT();
  return listing.pets ? <p className="chip chip-pets">{t(`card.pets.${listing.pets}`)}</p> : null;
}
