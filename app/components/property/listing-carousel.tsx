import { lazy, Suspense, useState, type ReactNode } from "react";
import { Carousel } from "~/components/carousel";
import { useHydrated } from "~/hooks/use-hydrated";
import { useT } from "~/i18n/use-t";
import type { Listing } from "~/models/listing";

const LISTING_ROTATION_MS = 4000;

// Fetched at the first tap on a photo: no visitor needs it before, so it is not part of
// the pages' first load (decision 058).
const PhotoViewer = lazy(() => import("~/components/ui/photo-viewer").then((module) => ({ default: module.PhotoViewer })));

/** A card's photo: a third of the page on wide screens, half on tablets, all of a phone. */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
/** The details' photo, in a dialog or on the home's page: at most 768 px less padding. */
export const DETAILS_IMAGE_SIZES = "(min-width: 768px) 720px, 100vw";

/**
 * A home's photos. `label` names the carousel region: the card's is the home's name; the
 * details' (in a dialog over the cards, or on the home's page) is "Photos of …", so that
 * the two never share a name. With JavaScript a tap on a photo opens it full screen.
 */
export function ListingCarousel({
  listing,
  className,
  eager,
  sizes = CARD_IMAGE_SIZES,
  label = listing.name,
  firstSlideUntilHydrated,
  wrapWithoutScript,
}: {
  listing: Listing;
  className: string;
  eager?: boolean;
  sizes?: string;
  label?: string;
  /** A card's: its other photos are drawn once JavaScript runs (components/carousel.tsx). */
  firstSlideUntilHydrated?: boolean;
  /** What each photo is wrapped in until JavaScript runs (a home's page: a link to it full size). */
  wrapWithoutScript?: (image: ReactNode, index: number) => ReactNode;
}) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [viewing, setViewing] = useState<number | null>(null);
  const photoAlt = (n: number) => t("properties.photo_alt", "{{name}}, photo {{n}}", { name: listing.name, n });
  const slides = listing.photos.map((src, i) => ({ src, alt: photoAlt(i + 1) }));
  return (
    <>
      <Carousel
        slides={slides}
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
        firstSlideUntilHydrated={firstSlideUntilHydrated}
        wrapSlide={
          hydrated
            ? (image, i) => (
                <button
                  type="button"
                  onClick={() => setViewing(i)}
                  aria-label={t("properties.open_photo", "View photo {{n}} full screen", { n: i + 1 })}
                  className="focus-ring-inset block h-full w-full cursor-zoom-in"
                >
                  {image}
                </button>
              )
            : wrapWithoutScript
        }
      />
      {viewing !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer
            title={t("properties.details_photos", "Photos of {{name}}", { name: listing.name })}
            photos={slides}
            start={viewing}
            onClose={() => setViewing(null)}
            labels={{
              close: t("properties.viewer_close", "Close photos"),
              previous: t("properties.previous_image", "Previous photo"),
              next: t("properties.next_image", "Next photo"),
              position: (n, total) => t("properties.viewer_position", "Photo {{n}} of {{total}}", { n, total }),
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
