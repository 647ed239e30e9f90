import { Carousel } from "~/components/carousel";
import { useT } from "~/utils/i18n";
import type { Listing } from "./listing";

const LISTING_ROTATION_MS = 4000;

export function ListingCarousel({ listing, className, eager }: { listing: Listing; className: string; eager?: boolean }) {
  const { t } = useT();
  const photoAlt = (n: number) => t("properties.photo_alt", "{{name}}, photo {{n}}", { name: listing.name, n });
  return (
    <Carousel
      slides={listing.photos.map((src, i) => ({ src, alt: photoAlt(i + 1) }))}
      intervalMs={LISTING_ROTATION_MS}
      label={listing.name}
      labels={{
        previous: t("properties.previous_image", "Previous photo"),
        next: t("properties.next_image", "Next photo"),
        goTo: photoAlt,
        slide: (n, total) => t("properties.photo_n_of", "{{name}}, photo {{n}} of {{total}}", { name: listing.name, n, total }),
      }}
      className={className}
      width={1200}
      height={800}
      sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
      eager={eager}
    />
  );
}
