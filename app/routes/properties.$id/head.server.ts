import type { ListingPage } from "~/models/listings.server";
import { absoluteUrl } from "~/utils/language-urls";
import { config } from "~/config/env.server";
import { pageHead, shareImageUrl } from "~/document/seo.server";
import { listingData } from "~/document/structured-data";
import { localizedListing } from "~/models/listing";
import { propertyPath } from "~/paths";

/** A home's page head: its main picture as the preview, the listing and its offer as structured data. */
export function propertyHead(request: Request, page: ListingPage) {
  const { listing } = page;
  const path = propertyPath(listing.id);
  const { appUrl } = config();
  return pageHead(request, {
    path,
    image: { src: listing.photos[0], alt: listing.name },
    structuredData: (language) => {
      const { price, description } = localizedListing(listing, language);
      return [
        listingData({
          listing,
          url: absoluteUrl(appUrl, path),
          language,
          price,
          description,
          imageUrls: listing.photos.map(shareImageUrl).filter((url): url is string => url !== null),
          facts: page.facts,
          datePosted: page.createdAt.toISOString(),
        }),
      ];
    },
  });
}
