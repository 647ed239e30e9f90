import { lifeOf, type ClosedHome, type Inquiry, type Listing } from "~/models/listing";
import type { Media, Property } from "~/db/schema";
import { isPublicStatus, isRental, pricePeriodOfKind, publicFacts, type PublicHomeFacts } from "~/models/home-facts";
import { formatIsoDate } from "~/utils/dates";
import { similarPublicHomes } from "./similar-homes.server";
import { factsOf } from "~/models/home-facts.server";
import { listPropertyMedia, mediaByProperty } from "./media.server";
import type { BrowseQuery } from "~/models/browse-query";
import { browseActiveProperties, countActiveProperties, getActiveProperty, getProperty, listActiveProperties } from "./properties.server";

/** The public view of a listing: its fields, the main image first, then its linked media in their order. */
export function toListing(property: Property, linked: Media[], today = formatIsoDate()): Listing {
  const { applicationsOpen, ...life } = lifeOf(property, today);
  return {
    id: property.id,
    name: property.name,
    location: property.location,
    latitude: property.latitude,
    longitude: property.longitude,
    price: property.price,
    priceSpanish: property.priceSpanish,
    priceKind: property.priceKind,
    applicationUrl: applicationsOpen ? property.applicationUrl : null,
    beds: property.beds,
    baths: property.baths,
    sqft: property.sqft,
    description: property.description,
    descriptionSpanish: property.descriptionSpanish,
    // A file once: a linked photo that is also the main image is shown as the main image only.
    photos: [...new Set([property.imageUrl, ...linked.map((item) => item.filePath)].filter(Boolean))],
    ...life,
    ...(property.pets && isRental({ listingType: property.listingType, pricePeriod: pricePeriodOfKind(property.priceKind) }) ? { pets: property.pets } : {}),
  };
}

/** Listings of these properties, with their media read in one query. */
export function listingsOf(properties: Property[]): Listing[] {
  const media = mediaByProperty(properties.map((property) => property.id));
  const today = formatIsoDate();
  return properties.map((property) => toListing(property, media.get(property.id) ?? [], today));
}

/**
 * The home page's homes: the first `firstCount`, or with View All the first `allCount`
 * (a page's worth: /properties pages through the rest), and how many are active.
 */
export function homeListings(options: { all: boolean; firstCount: number; allCount: number }): { listings: Listing[]; total: number } {
  const properties = listActiveProperties(options.all ? options.allCount : options.firstCount);
  return { listings: listingsOf(properties), total: countActiveProperties() };
}

/** One page of /properties: the listings, how many homes match, and the page shown. */
export function browseListings(query: BrowseQuery) {
  const { properties, total, page, pageCount } = browseActiveProperties(query);
  return { listings: listingsOf(properties), total, page, pageCount };
}

/**
 * GET /api/properties/{id}: one active home as the pages show it, with its public facts
 * (the pages' own data leaves the facts out until they show them: the home page's HTML
 * has a budget). Its pets rule is the facts' own: the card's copy is left out, so the
 * seed's fields keep their shape.
 */
export function publicListing(id: number): (Omit<Listing, "pets"> & { facts: PublicHomeFacts }) | undefined {
  const property = getActiveProperty(id);
  if (!property) return undefined;
  const { pets: _cardCopy, ...listing } = toListing(property, listPropertyMedia(id));
  return { ...listing, facts: publicFacts(factsOf(property)) };
}

/** A home's own page: its listing and what search engines are told of it besides. */
function listingPageOf(property: Property) {
  return {
    listing: toListing(property, listPropertyMedia(property.id)),
    facts: publicFacts(factsOf(property)),
    createdAt: property.createdAt,
  };
}

export type ListingPage = ReturnType<typeof listingPageOf>;

/**
 * What /properties/{id} shows (docs/product.md, "A home's life"): a public home's page;
 * for a home off the market, its page as a preview to signed-in staff (`preview` says
 * whether the asker is staff, asked only then), else, when it was once public, the
 * closed home (410); nothing for a home never public or unknown (404).
 */
export async function homePage(
  id: number,
  preview: () => Promise<boolean>,
): Promise<{ kind: "listed"; page: ListingPage } | { kind: "preview"; page: ListingPage } | { kind: "closed"; home: ClosedHome } | undefined> {
  const property = getProperty(id);
  if (!property) return undefined;
  if (property.isActive) return { kind: "listed", page: listingPageOf(property) };
  if (await preview()) return { kind: "preview", page: listingPageOf(property) };
  const closed = closedHome(property);
  return closed ? { kind: "closed", home: closed } : undefined;
}

/** A home off the market that was once public, as its old links show it; undefined for any other. */
export function closedHome(property: Property): ClosedHome | undefined {
  if (isPublicStatus(property.status) || !property.firstPublishedAt) return undefined;
  return { id: property.id, name: property.name, status: property.status, similar: listingsOf(similarPublicHomes(property)) };
}

/** The closed home with this id (a visit link's page), if it is one. */
export function closedHomeOf(id: number): ClosedHome | undefined {
  const property = getProperty(id);
  return property ? closedHome(property) : undefined;
}

/** The home an 'Ask about this home' form names, if it is listed. */
export function inquiryHome(id: number): Inquiry | null {
  const property = getActiveProperty(id);
  return property ? { propertyId: property.id, name: property.name, location: property.location } : null;
}
