import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { ApplyLink } from "./apply-link";
import { localizedListing, openDetailsInPlace, type Listing } from "~/models/listing";
import { ListingCarousel } from "./listing-carousel";
import { ListingFacts } from "./listing-facts";
import { ListingStatus, PetsChip } from "./listing-status";
import { SaveToggle } from "./save-toggle";
import { propertyPath } from "~/paths";
import { homePageFromList } from "~/utils/back-to-list";
import { Icon } from "~/components/ui/icon";

/**
 * A listing card; View Details is a link to the home's page, which JavaScript turns into a
 * dialog. `note`: a line under the place (how far it is from the one searched); `list`: the
 * list the card is on, which the home's page goes back to (utils/back-to-list.ts); `extra`:
 * what the list adds under the buttons (its "Compare" tick, components/compare).
 */
export function PropertyCard({
  listing,
  note,
  list,
  extra,
  eager,
  onViewDetails,
}: {
  listing: Listing;
  note?: string;
  list?: string;
  extra?: ReactNode;
  /** The card whose first photo is the page's largest first paint (the first of /properties). */
  eager?: boolean;
  onViewDetails: (id: number) => void;
}) {
  const { t, language } = useT();
  const { price, forSale } = localizedListing(listing, language);
  return (
    <article aria-labelledby={`listing-${listing.id}-name`} className="card overflow-hidden bg-white shadow-sm">
      <div className="relative">
        <ListingCarousel listing={listing} className="aspect-[3/2] bg-slate-100" eager={eager} firstSlideUntilHydrated />
        <p className="price-badge">
          {forSale ? <ForSaleLabel /> : null}
          {price}
        </p>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={`listing-${listing.id}-name`} className="card-title">{listing.name}</h3>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <Icon name="pin" className="h-4 w-4 shrink-0" />
          {listing.location}
        </p>
        {note ? <p className="mt-1 text-sm font-medium text-slate-700">{note}</p> : null}
        {listing.status || listing.pets ? (
          <div className="chips">
            <ListingStatus listing={listing} />
            <PetsChip listing={listing} />
          </div>
        ) : null}
        <ListingFacts listing={listing} variant="row" />
        {/* Labels stay on one line; when both do not fit side by side, the buttons stack. */}
        <div className="mt-5 flex flex-wrap gap-2">
          <a
            href={list ? homePageFromList(propertyPath(listing.id), list) : propertyPath(listing.id)}
            onClick={openDetailsInPlace(listing.id, onViewDetails)}
            className="button-primary h-11 flex-1 whitespace-nowrap"
          >
            {t("properties.view_details", "View Details")}
            <span className="sr-only">{`: ${listing.name}`}</span>
          </a>
          <SaveToggle id={listing.id} name={listing.name} named />
          {listing.applicationUrl ? <ApplyLink href={listing.applicationUrl} className="flex-1 px-4" /> : null}
        </div>
        {extra}
      </div>
    </article>
  );
}

/** "For sale" / "En venta" above a sale price that does not say so itself. */
export function ForSaleLabel() {
  const { t } = useT();
  return <span className="block text-xs font-semibold uppercase tracking-wide">{`${t("properties.for_sale", "For sale")} `}</span>;
}

/** The cards of a list of homes (the home page's section, /properties). */
export function ListingCards(props: {
  listings: Listing[];
  notes?: Record<number, string>;
  list?: string;
  extra?: (listing: Listing) => ReactNode;
  onViewDetails: (id: number) => void;
  className: string;
  /** The first card's first photo is the page's largest first paint: fetched at once, first. */
  eagerFirst?: boolean;
}) {
  const { t } = useT();
  return (
    <ul aria-label={t("properties.list_label", "Home listings")} className={props.className}>
      {props.listings.map((listing, index) => (
        <li key={listing.id} className="flex">
          <PropertyCard
            listing={listing}
            note={props.notes?.[listing.id]}
            list={props.list}
            extra={props.extra?.(listing)}
            eager={props.eagerFirst && index === 0}
            onViewDetails={props.onViewDetails}
          />
        </li>
      ))}
    </ul>
  );
}
