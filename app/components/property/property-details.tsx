import type { ReactNode } from "react";
import { LazyMap } from "~/components/map/lazy-map";
import { OpenStreetMapLink } from "~/components/map/open-street-map-link";
import { useT } from "~/i18n/use-t";
import { localizedListing, type Listing } from "~/models/listing";
import { DETAILS_IMAGE_SIZES, ListingCarousel } from "./listing-carousel";
import { SafeImage } from "~/components/ui/safe-image";
import { ListingFacts } from "./listing-facts";
import { ListingStatus } from "./listing-status";
import { CostsPanel } from "./costs-panel";
import type { ListingCosts } from "~/models/listing-costs";
import { ForSaleLabel } from "./property-card";

/** The body of a home's details, shared by the dialog over the home page and its own page. */
/** headingLevel: 3 inside the dialog (whose title is an h2), 2 on the page (under its h1). */
/** costs: its "Costs and requirements" once known (the dialog fetches them; null until then). */
export function PropertyDetails({ listing, costs, eager, headingLevel = 3 }: { listing: Listing; costs: ListingCosts | null; eager?: boolean; headingLevel?: 2 | 3 }) {
  // The home's own page (not the dialog, which needs JavaScript anyway).
  const ownPage = headingLevel === 2;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t, language } = useT();
  const { price, forSale, description } = localizedListing(listing, language);
  return (
    <div className="space-y-6">
      <ListingStatus listing={listing} className="text-base" />
      <div className="relative overflow-hidden rounded-lg">
        <ListingCarousel
          listing={listing}
          className="aspect-[3/2] bg-slate-100"
          eager={eager}
          sizes={DETAILS_IMAGE_SIZES}
          label={t("properties.details_photos", "Photos of {{name}}", { name: listing.name })}
          wrapWithoutScript={(image, i) => (
            <FullSizeLink src={listing.photos[i]} n={i + 1} className="h-full w-full">
              {image}
            </FullSizeLink>
          )}
        />
        <p className="absolute left-3 top-3 rounded-md bg-accent-500 px-3 py-1.5 text-base font-bold text-slate-900 shadow">
          <span className="sr-only">{t("properties.price", "Price")}: </span>
          {forSale ? <ForSaleLabel /> : null}
          {price}
        </p>
      </div>
      {ownPage && listing.photos.length > 1 ? <AllPhotosWithoutScript listing={listing} /> : null}
      {listing.latitude != null && listing.longitude != null ? (
        <PlaceMapPanel lat={listing.latitude} lng={listing.longitude} location={listing.location} />
      ) : null}
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("properties.location", "Location")}</Heading>
        <p className="mt-1 text-lg text-slate-900">{listing.location}</p>
      </div>
      <ListingFacts listing={listing} variant="tiles" />
      {costs ? <CostsPanel costs={costs} price={price} headingLevel={headingLevel} /> : null}
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("properties.about", "About this home")}</Heading>
        <p className="mt-2 whitespace-pre-line leading-7 text-slate-700">{description}</p>
      </div>
    </div>
  );
}

/** Without JavaScript a photo opens full size, as the browser shows an image (with it, the photo viewer does). */
function FullSizeLink(props: { src: string; n: number; className?: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <a href={props.src} aria-label={t("properties.open_photo_full", "Open photo {{n}} full size", { n: props.n })} className={`focus-ring-inset block cursor-zoom-in ${props.className ?? ""}`}>
      {props.children}
    </a>
  );
}

/**
 * Without JavaScript the carousel shows its first photo only: the others follow it as a
 * simple list. A browser that runs scripts ignores a noscript element (and loads none of it).
 */
function AllPhotosWithoutScript({ listing }: { listing: Listing }) {
  const { t } = useT();
  return (
    <noscript>
      <ul aria-label={t("properties.all_photos", "All photos of {{name}}", { name: listing.name })} className="grid gap-3 sm:grid-cols-2">
        {listing.photos.slice(1).map((src, i) => (
          <li key={`${src}-${i}`} className="overflow-hidden rounded-lg bg-slate-100">
            <FullSizeLink src={src} n={i + 2}>
              <SafeImage
                src={src}
                alt={t("properties.photo_alt", "{{name}}, photo {{n}}", { name: listing.name, n: i + 2 })}
                width={1200}
                height={800}
                sizes={DETAILS_IMAGE_SIZES}
                loading="lazy"
                className="aspect-[3/2] h-auto w-full object-cover"
              />
            </FullSizeLink>
          </li>
        ))}
      </ul>
    </noscript>
  );
}

/** The home's place on a small map (zoom 15), loaded as it nears the viewport. */
function PlaceMapPanel({ lat, lng, location }: { lat: number; lng: number; location: string }) {
  const { t } = useT();
  const label = t("map.place_label", "Map of {{location}}", { location });
  return (
    <LazyMap
      className="flex h-56 flex-col overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
      // Before the map loads, and without JavaScript: the place and a map that needs no script.
      fallback={
        <div data-map-fallback className="flex flex-1 flex-col items-center justify-center gap-2 p-4 text-center">
          <p className="text-slate-700">{location}</p>
          <OpenStreetMapLink lat={lat} lng={lng} />
        </div>
      }
      render={(kit, _data, onReady) => <kit.maps.PlaceMap tiles={kit.tiles} lat={lat} lng={lng} label={label} onReady={onReady} />}
    />
  );
}
