import { useT } from "~/i18n/use-t";
import type { Listing } from "~/models/listing";

/**
 * A public home's life when it is not simply available: "Available from January 15, 2027"
 * ("Disponible desde el 15 de enero de 2027"), "Coming soon" without a day, "Application
 * pending". The long date reads the same in every browser's and the server's Intl (the
 * short forms differ). Kept small: every card of the home page carries it.
 */
export function ListingStatus({ listing, className = "" }: { listing: Listing; className?: string }) {
  const { t, language } = useT();
  const day = listing.availableOn;
  const date = day && new Date(`${day}T12:00Z`).toLocaleDateString(language === "es" ? "es-MX" : "en-US", { dateStyle: "long", timeZone: "UTC" });
  return listing.status ? (
    <p className={`w-fit rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold text-amber-900 ${className}`}>
      {t(`home.status.${date ? "available_from" : listing.status}`, undefined, { date: date || "" })}
    </p>
  ) : null;
}
