import type { Inquiry, Listing } from "~/models/listing";
import type { Media, Property } from "~/db/schema";
import { publicFacts, type PublicHomeFacts } from "~/models/home-facts";
import { factsOf } from "~/models/home-facts.server";
import { listPropertyMedia, mediaByProperty } from "./media.server";
import type { BrowseQuery } from "~/models/browse-query";
import { browseActiveProperties, countActiveProperties, getActiveProperty, listActiveProperties } from "./properties.server";

/** The public view of a listing: its fields, the main image first, then its linked media in their order. */
export function toListing(property: Property, linked: Media[]): Listing {
  return {
    id: property.id,
    name: property.name,
    location: property.location,
    latitude: property.latitude,
    longitude: property.longitude,
    price: property.price,
    priceSpanish: property.priceSpanish,
    priceKind: property.priceKind,
    applicationUrl: property.applicationUrl,
    beds: property.beds,
    baths: property.baths,
    sqft: property.sqft,
    description: property.description,
    descriptionSpanish: property.descriptionSpanish,
    // A file once: a linked photo that is also the main image is shown as the main image only.
    photos: [...new Set([property.imageUrl, ...linked.map((item) => item.filePath)].filter(Boolean))],
  };
}

/** Listings of these properties, with their media read in one query. */
export function listingsOf(properties: Property[]): Listing[] {
  const media = mediaByProperty(properties.map((property) => property.id));
  return properties.map((property) => toListing(property, media.get(property.id) ?? []));
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
 * has a budget).
 */
export function publicListing(id: number): (Listing & { facts: PublicHomeFacts }) | undefined {
  const property = getActiveProperty(id);
  return property ? { ...toListing(property, listPropertyMedia(id)), facts: publicFacts(factsOf(property)) } : undefined;
}

/** A home's own page: its listing and what search engines are told of it besides. */
export function publicListingPage(id: number) {
  const property = getActiveProperty(id);
  if (!property) return undefined;
  return {
    listing: toListing(property, listPropertyMedia(id)),
    priceAmount: property.priceAmount,
    priceKind: property.priceKind,
    createdAt: property.createdAt,
  };
}

/** The home an 'Ask about this home' form names, if it is listed. */
export function inquiryHome(id: number): Inquiry | null {
  const property = getActiveProperty(id);
  return property ? { propertyId: property.id, name: property.name, location: property.location } : null;
}
