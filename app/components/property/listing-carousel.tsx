import { Carousel } from "~/components/carousel";
import { useT } from "~/i18n/use-t";
import type { Listing } from "~/models/listing";

const LISTING_ROTATION_MS = 4000;

/** A card's photo: a third of the page on wide screens, half on tablets, all of a phone. */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
/** The details' photo, in a dialog or on the home's page: at most 768 px less padding. */
export const DETAILS_IMAGE_SIZES = "(min-width: 768px) 720px, 100vw";

/**
 * A home's photos. `label` names the carousel region: the card's is the home's name; the
 * details' (in a dialog over the cards, or on the home's page) is "Photos of …", so that
 * the two never share a name.
 */
export function ListingCarousel({
  listing,
  className,
  eager,
  sizes = CARD_IMAGE_SIZES,
  label = listing.name,
}: {
  listing: Listing;
  className: string;
  eager?: boolean;
  sizes?: string;
  label?: string;
}) {
  const { t } = useT();
  const photoAlt = (n: number) => t("properties.photo_alt", "{{name}}, photo {{n}}", { name: listing.name, n });
  return (
    <Carousel
      slides={listing.photos.map((src, i) => ({ src, alt: photoAlt(i + 1) }))}
      intervalMs={LISTING_ROTATION_MS}
      label={label}
      labels={{
        previous: t("properties.previous_image", "Previous photo"),
        next: t("properties.next_image", "Next photo"),
        goTo: photoAlt,
        slide: (n, total) => t("properties.photo_n_of", "{{name}}, photo {{n}} of {{total}}", { name: listing.name, n, total }),
      }}
      className={className}
      width={1200}
      height={800}
      sizes={sizes}
      eager={eager}
    />
  );
}
