import { useT } from "~/i18n/use-t";
import { localizedListing, type Listing } from "~/models/listing";

/** Beds, baths and square feet, as tiles or as a compact row. */
export function ListingFacts({ listing, variant }: { listing: Listing; variant: "row" | "tiles" }) {
  const { t, language } = useT();
  const { beds, baths, sqft } = localizedListing(listing, language);
  const facts = [
    { label: t("properties.beds", "Beds"), value: beds },
    { label: t("properties.baths", "Baths"), value: baths },
    { label: t("properties.sqft", "Sq Ft"), value: sqft },
  ];
  if (variant === "row") {
    return (
      <dl className="facts-row">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="fact-label">{fact.label}</dt>
            <dd className="fact-value">{fact.value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="grid grid-cols-3 gap-3">
      {facts.map((fact) => (
        <div key={fact.label} className="rounded-lg bg-brand-50 px-3 py-4 text-center">
          <dt className="text-sm text-slate-600">{fact.label}</dt>
          <dd className="mt-1 text-xl font-bold text-brand-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
