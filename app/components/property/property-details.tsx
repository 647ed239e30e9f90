import { LazyMap } from "~/components/map/lazy-map";
import { useT } from "~/i18n/use-t";
import { localizedListing, type Listing } from "~/models/listing";
import { DETAILS_IMAGE_SIZES, ListingCarousel } from "./listing-carousel";
import { ListingFacts } from "./listing-facts";
import { ForSaleLabel } from "./property-card";

/** The body of a home's details, shared by the dialog over the home page and its own page. */
/** headingLevel: 3 inside the dialog (whose title is an h2), 2 on the page (under its h1). */
export function PropertyDetails({ listing, eager, headingLevel = 3 }: { listing: Listing; eager?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { t, language } = useT();
  const { price, forSale, description } = localizedListing(listing, language);
  return (
    <div className="space-y-6">
      <div className="relative overflow-hidden rounded-lg">
        <ListingCarousel
          listing={listing}
          className="aspect-[3/2] bg-slate-100"
          eager={eager}
          sizes={DETAILS_IMAGE_SIZES}
          label={t("properties.details_photos", "Photos of {{name}}", { name: listing.name })}
        />
        <p className="absolute left-3 top-3 rounded-md bg-accent-500 px-3 py-1.5 text-base font-bold text-slate-900 shadow">
          <span className="sr-only">{t("properties.price", "Price")}: </span>
          {forSale ? <ForSaleLabel /> : null}
          {price}
        </p>
      </div>
      {listing.latitude != null && listing.longitude != null ? (
        <PlaceMapPanel lat={listing.latitude} lng={listing.longitude} location={listing.location} />
      ) : null}
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("properties.location", "Location")}</Heading>
        <p className="mt-1 text-lg text-slate-900">{listing.location}</p>
      </div>
      <ListingFacts listing={listing} variant="tiles" />
      <div>
        <Heading className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("properties.about", "About this home")}</Heading>
        <p className="mt-2 whitespace-pre-line leading-7 text-slate-700">{description}</p>
      </div>
    </div>
  );
}

/** The home's place on a small map (zoom 15), loaded as it nears the viewport. */
function PlaceMapPanel({ lat, lng, location }: { lat: number; lng: number; location: string }) {
  const { t } = useT();
  const label = t("map.place_label", "Map of {{location}}", { location });
  return (
    <LazyMap
      className="flex h-56 flex-col overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
      fallback={<p className="flex flex-1 items-center justify-center p-4 text-center text-slate-600">{t("map.place_no_script", "Turn on JavaScript to see this home on a map.")}</p>}
      render={(kit, _data, onReady) => <kit.maps.PlaceMap tiles={kit.tiles} lat={lat} lng={lng} label={label} onReady={onReady} />}
    />
  );
}
