import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { localizedListing, statusText, type Listing } from "~/models/listing";
import { bestHomes, type ComparedHome, type RankedFact } from "~/models/compare-rows";
import { estimatedMonthlyTotal } from "~/models/home-facts";
import { dollars, noteIn } from "~/models/listing-costs";
import { ApplyLink } from "~/components/property/apply-link";
import { ForSaleLabel } from "~/components/property/property-card";
import { SafeImage } from "~/components/ui/safe-image";
import { propertyPath } from "~/paths";
import { distanceInMiles } from "~/utils/distance";

const NONE = new Set<number>();

type Row = { key: string; label: string; value: (home: ComparedHome) => ReactNode; best?: RankedFact };

/**
 * Each fact compared, in the order both layouts show them: what a month costs first, then
 * the price, when one can move in, the place, the home, its pets rule, what is due and
 * what is included, the community. What staff have not said reads "Ask us".
 */
function useRows(): Row[] {
  const { t, language } = useT();
  const localized = (listing: Listing) => localizedListing(listing, language);
  const askUs = t("costs.ask_us", "Ask us");
  const orAsk = (value: ReactNode) => (value === null || value === "" ? askUs : value);
  const money = (amount: number | null, note?: string | null) => (amount === null ? askUs : <WithNote text={dollars(amount)} note={note} />);
  const inLanguage = (english: string | null, spanish: string | null) => noteIn(english, spanish, language);
  return [
    {
      key: "monthlyTotal",
      label: t("costs.monthly_total", "Estimated monthly total"),
      best: "monthlyTotal",
      value: ({ facts }) => {
        const total = estimatedMonthlyTotal(facts);
        if (total !== null) return <span className="font-semibold text-brand-900">{dollars(total)}</span>;
        return facts.pricePeriod === "total" ? t("compare.not_monthly", "Sale price: no monthly rent") : askUs;
      },
    },
    {
      key: "price",
      label: t("compare.price", "Price"),
      best: "price",
      value: (home) => {
        const { price, forSale } = localized(home);
        return (
          <>
            {forSale ? <ForSaleLabel /> : null}
            <span className="font-semibold text-brand-900">{price}</span>
          </>
        );
      },
    },
    { key: "availability", label: t("compare.availability", "Availability"), best: "availability", value: (home) => <Availability listing={home} /> },
    { key: "location", label: t("compare.location", "Location"), value: (home) => home.location },
    { key: "beds", label: t("properties.beds", "Beds"), best: "bedrooms", value: (home) => localized(home).beds },
    { key: "baths", label: t("properties.baths", "Baths"), best: "bathrooms", value: (home) => localized(home).baths },
    { key: "sqft", label: t("compare.sqft", "Square feet"), best: "squareFeet", value: (home) => localized(home).sqft },
    { key: "homeType", label: t("browse.home_type", "Home type"), value: ({ facts }) => (facts.homeType ? t(`home_type.${facts.homeType}`) : askUs) },
    { key: "yearBuilt", label: t("compare.year_built", "Year built"), best: "yearBuilt", value: ({ facts }) => orAsk(facts.yearBuilt) },
    {
      key: "makeModel",
      label: t("compare.make_model", "Make and model"),
      value: ({ facts }) => orAsk([facts.make, facts.model].filter(Boolean).join(" ")),
    },
    {
      key: "pets",
      label: t("costs.pets", "Pets"),
      best: "pets",
      value: ({ facts }) => (facts.pets ? <WithNote text={t(`costs.pets.${facts.pets}`)} note={inLanguage(facts.petsNote, facts.petsNoteSpanish)} /> : askUs),
    },
    { key: "deposit", label: t("costs.deposit", "Deposit"), best: "depositAmount", value: ({ facts }) => money(facts.depositAmount) },
    { key: "applicationFee", label: t("costs.application_fee", "Application fee"), best: "applicationFee", value: ({ facts }) => money(facts.applicationFee) },
    {
      key: "lotRent",
      label: t("compare.lot_rent", "Lot rent a month"),
      best: "lotRentMonthly",
      value: ({ facts }) => money(facts.lotRentMonthly, inLanguage(facts.lotRentIncludes, facts.lotRentIncludesSpanish)),
    },
    {
      key: "otherFees",
      label: t("costs.other_fees", "Other monthly fees"),
      best: "otherMonthlyFees",
      value: ({ facts }) => money(facts.otherMonthlyFees, inLanguage(facts.otherMonthlyFeesNote, facts.otherMonthlyFeesNoteSpanish)),
    },
    {
      key: "utilities",
      label: t("compare.utilities", "Utilities included"),
      best: "utilitiesIncluded",
      value: ({ facts }) => (facts.utilitiesIncluded.length ? facts.utilitiesIncluded.map((utility) => t(`costs.utility.${utility}`)).join(", ") : t("compare.no_utilities", "None")),
    },
    { key: "community", label: t("compare.community", "Community"), value: ({ facts }) => orAsk(facts.community) },
    {
      key: "senior",
      label: t("alerts.search.senior", "55+ community"),
      value: ({ facts }) => (facts.seniorCommunity === null ? askUs : facts.seniorCommunity ? t("compare.yes", "Yes") : t("compare.no", "No")),
    },
    {
      key: "tour",
      label: t("compare.tour", "Video or 3D tour"),
      value: (home) =>
        home.facts.tourUrl ? (
          <a href={home.facts.tourUrl} rel="noopener noreferrer" target="_blank" className="font-semibold text-brand-700 underline hover:text-brand-800">
            {t("compare.watch_tour", "Watch the tour")}
            <span className="sr-only">{`: ${home.name}`}</span>
          </a>
        ) : (
          t("compare.no_tour", "None")
        ),
    },
  ];
}

/** A value and, below it, staff's note on it ("water and trash", "2 pets up to 40 lb"). */
function WithNote({ text, note }: { text: string; note?: string | null }) {
  return (
    <>
      {text}
      {note ? <span className="block text-sm text-slate-600">{note}</span> : null}
    </>
  );
}

/** "Available now", "Available from {date}", "Coming soon" or "Application pending". */
function Availability({ listing }: { listing: Listing }) {
  const { t, language } = useT();
  return <>{listing.status ? statusText(listing, t, language) : t("compare.available_now", "Available now")}</>;
}

/** The mark of a row's best value: words, not only a color. */
function BestMark() {
  const { t } = useT();
  return (
    <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-emerald-900">
      <span aria-hidden="true">✓</span>
      {t("compare.best", "Best")}
    </span>
  );
}

/** A row's value for one home, with the mark when it is the row's best. */
function Value({ row, home, best }: { row: Row; home: ComparedHome; best: Set<number> }) {
  return (
    <>
      {row.value(home)}
      {best.has(home.id) ? (
        <>
          {" "}
          <BestMark />
        </>
      ) : null}
    </>
  );
}

function Photo({ listing }: { listing: Listing }) {
  return (
    <SafeImage
      src={listing.photos[0] ?? ""}
      alt={listing.name}
      sizes="(min-width: 640px) 25vw, (min-width: 480px) 9rem, 100vw"
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
 * The table's least width for its number of homes: a 7rem column of labels and 9rem a
 * home, so that a value is never squeezed; a narrower screen scrolls the table sideways,
 * every column together, the labels staying at the left. (Classes, not a style attribute:
 * the CSP allows no inline style.)
 */
const TABLE_MIN_WIDTH: Record<number, string> = { 1: "min-w-[16rem]", 2: "min-w-[25rem]", 3: "min-w-[34rem]", 4: "min-w-[43rem]" };

/**
 * Homes side by side: a table from 480 px up (a column per home, a row per attribute,
 * scrolled sideways together where the screen is narrower than the table), below it one
 * card per home with every attribute labelled, so none is cut or squeezed.
 */
export function CompareHomes({ homes: listings }: { homes: ComparedHome[] }) {
  const { t } = useT();
  const rows = useRows();
  const best = new Map(rows.map((row) => [row.key, row.best ? bestHomes(row.best, listings) : new Set<number>()]));
  return (
    <>
      {/* A region with a name and a tab stop: a keyboard scrolls it too. Positioned, so that
          the screen-reader texts of the columns out of sight stay inside it. */}
      <div role="region" aria-label={t("compare.caption", "Homes compared side by side")} tabIndex={0} className="relative mt-8 hidden overflow-x-auto rounded-xl min-[480px]:block">
        <table className={`w-full table-fixed border-collapse bg-white text-left shadow-sm ${TABLE_MIN_WIDTH[listings.length] ?? TABLE_MIN_WIDTH[4]}`}>
          <caption className="sr-only">{t("compare.caption", "Homes compared side by side")}</caption>
          <thead>
            <tr>
              <td className="sticky left-0 z-10 w-28 bg-white p-3 lg:w-40" />
              {listings.map((listing) => (
                <th key={listing.id} scope="col" className="break-words p-3 align-bottom text-base font-semibold text-brand-900 sm:text-lg">
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
            ].map((row: Row) => (
              <tr key={row.key} className="border-t border-slate-200">
                <th scope="row" className="sticky left-0 z-10 break-words bg-white p-3 text-sm font-semibold text-slate-600">
                  {row.label}
                </th>
                {listings.map((listing) => (
                  <td key={listing.id} className={`break-words p-3 text-slate-900 ${best.get(row.key)?.has(listing.id) ? "bg-emerald-50" : ""}`}>
                    <Value row={row} home={listing} best={best.get(row.key) ?? NONE} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={t("compare.caption", "Homes compared side by side")} className="mt-8 grid gap-6 min-[480px]:hidden">
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
                    <dd className="min-w-0 break-words text-right text-slate-900">
                      <Value row={row} home={listing} best={best.get(row.key) ?? NONE} />
                    </dd>
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
