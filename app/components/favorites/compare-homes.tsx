import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { localizedListing, type Listing } from "~/models/listing";
import { ApplyLink } from "~/components/property/apply-link";
import { ForSaleLabel } from "~/components/property/property-card";
import { SafeImage } from "~/components/ui/safe-image";
import { propertyPath } from "~/paths";
import { distanceInMiles } from "~/utils/distance";

type Row = { key: string; label: string; value: (listing: Listing) => ReactNode };

/** Each attribute compared, in the order both layouts show them. */
function useRows(): Row[] {
  const { t, language } = useT();
  const localized = (listing: Listing) => localizedListing(listing, language);
  return [
    {
      key: "price",
      label: t("compare.price", "Price"),
      value: (listing) => {
        const { price, forSale } = localized(listing);
        return (
          <>
            {forSale ? <ForSaleLabel /> : null}
            <span className="font-semibold text-brand-900">{price}</span>
          </>
        );
      },
    },
    { key: "location", label: t("compare.location", "Location"), value: (listing) => listing.location },
    { key: "beds", label: t("properties.beds", "Beds"), value: (listing) => localized(listing).beds },
    { key: "baths", label: t("properties.baths", "Baths"), value: (listing) => localized(listing).baths },
    { key: "sqft", label: t("compare.sqft", "Square feet"), value: (listing) => localized(listing).sqft },
  ];
}

function Photo({ listing }: { listing: Listing }) {
  return (
    <SafeImage
      src={listing.photos[0] ?? ""}
      alt={listing.name}
      sizes="(min-width: 640px) 25vw, 100vw"
      loading="lazy"
      className="aspect-[3/2] w-full rounded-md bg-slate-100 object-cover"
    />
  );
}

/** View Details and, when the home has one, Apply Here: each named with its home. */
function HomeLinks({ listing }: { listing: Listing }) {
  const { t } = useT();
  return (
    <div className="flex flex-col gap-2">
      <a
        href={propertyPath(listing.id)}
        className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-2 py-1 text-center font-semibold leading-tight text-white hover:bg-brand-800"
      >
        {t("properties.view_details", "View Details")}
        <span className="sr-only">{`: ${listing.name}`}</span>
      </a>
      {listing.applicationUrl ? <ApplyLink href={listing.applicationUrl} wrap className="px-2" /> : null}
    </div>
  );
}

/**
 * Homes side by side: a table from 640 px up (a column per home, a row per attribute),
 * below it one card per home with every attribute labelled, so none is cut or squeezed.
 */
export function CompareHomes({ listings }: { listings: Listing[] }) {
  const { t } = useT();
  const rows = useRows();
  return (
    <>
      <div className="mt-8 hidden sm:block">
        <table className="w-full table-fixed border-collapse rounded-xl bg-white text-left shadow-sm">
          <caption className="sr-only">{t("compare.caption", "Homes compared side by side")}</caption>
          <thead>
            <tr>
              <td className="w-28 p-3 lg:w-40" />
              {listings.map((listing) => (
                <th key={listing.id} scope="col" className="break-words p-3 align-bottom text-lg font-semibold text-brand-900">
                  {listing.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[
              { key: "photo", label: t("compare.photo", "Photo"), value: (listing: Listing) => <Photo listing={listing} /> },
              ...rows,
              { key: "links", label: t("compare.links", "Links"), value: (listing: Listing) => <HomeLinks listing={listing} /> },
            ].map((row) => (
              <tr key={row.key} className="border-t border-slate-200">
                <th scope="row" className="p-3 text-sm font-semibold text-slate-600">
                  {row.label}
                </th>
                {listings.map((listing) => (
                  <td key={listing.id} className="break-words p-3 text-slate-900">
                    {row.value(listing)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={t("compare.caption", "Homes compared side by side")} className="mt-8 grid gap-6 sm:hidden">
        {listings.map((listing) => (
          <li key={listing.id}>
            <article aria-labelledby={`compare-${listing.id}-name`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id={`compare-${listing.id}-name`} className="mb-3 break-words text-lg font-semibold text-brand-900">
                {listing.name}
              </h2>
              <Photo listing={listing} />
              <dl className="mt-4 divide-y divide-slate-100">
                {rows.map((row) => (
                  <div key={row.key} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                    <dt className="text-sm font-semibold text-slate-600">{row.label}</dt>
                    <dd className="min-w-0 break-words text-right text-slate-900">{row.value(listing)}</dd>
                  </div>
                ))}
              </dl>
              <div className="mt-4">
                <HomeLinks listing={listing} />
              </div>
            </article>
          </li>
        ))}
      </ul>

      <Distances listings={listings} />
    </>
  );
}

/** How far apart each two homes are, in miles, for the homes whose place is known. */
function Distances({ listings }: { listings: Listing[] }) {
  const { t, language } = useT();
  const placed = listings.filter((listing) => listing.latitude !== null && listing.longitude !== null);
  const pairs: { from: Listing; to: Listing }[] = [];
  placed.forEach((from, index) => placed.slice(index + 1).forEach((to) => pairs.push({ from, to })));
  if (!pairs.length) return null;
  const miles = new Intl.NumberFormat(language === "es" ? "es-US" : "en-US", { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="compare-distances" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="compare-distances" className="text-base font-semibold text-slate-900">
        {t("compare.distances", "Distance between them")}
      </h2>
      <ul className="mt-2 space-y-1 text-slate-800">
        {pairs.map(({ from, to }) => (
          <li key={`${from.id}-${to.id}`} className="break-words">
            {t("compare.distance_pair", "{{from}} to {{to}}: {{miles}} miles", {
              from: from.name,
              to: to.name,
              miles: miles.format(distanceInMiles({ latitude: from.latitude!, longitude: from.longitude! }, { latitude: to.latitude!, longitude: to.longitude! })),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
