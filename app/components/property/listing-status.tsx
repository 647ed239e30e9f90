import { useT } from "~/i18n/use-t";
import type { Listing } from "~/models/listing";
import type { Language } from "~/utils/locale";

/**
 * "Available from January 15, 2027" / "Disponible desde el 15 de enero de 2027": the long
 * date reads the same in every browser's and the server's Intl (the short forms differ).
 */
function dayLabel(day: string, language: Language): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(language === "es" ? "es-MX" : "en-US", { dateStyle: "long", timeZone: "UTC" }).format(Date.UTC(year, month - 1, date));
}

/** A public home's life when it is not simply available: "Available from {date}", "Coming soon", "Application pending". */
export function ListingStatus({ listing, className = "" }: { listing: Listing; className?: string }) {
  const { t, language } = useT();
  if (!listing.status) return null;
  const text =
    listing.status === "pending"
      ? t("home.status.pending", "Application pending")
      : listing.availableOn
        ? t("home.status.available_from", "Available from {{date}}", { date: dayLabel(listing.availableOn, language) })
        : t("home.status.coming_soon", "Coming soon");
  return <p className={`w-fit rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold text-amber-900 ${className}`}>{text}</p>;
}
