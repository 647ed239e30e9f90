/**
 * The facts of a home that renters and buyers ask first (docs/product.md, "Facts of a
 * home"): its status on the market, what it costs, what it is, its pets rule and its
 * community. Each is typed, so it can be filtered, compared and shown in either
 * language; the seed's free texts (price, beds, baths, square feet) stay beside them.
 * Not a .server module: the staff form and the public pages use the same names.
 *
 * The names are the admin JSON's `facts` object's (the RESO Data Dictionary names most
 * of them: AvailabilityDate, LandLeaseAmount, BodyType, ParkName, SeniorCommunityYN).
 */

import { HOME_STATUSES, HOME_TYPES, LISTING_TYPES, PET_POLICIES } from "~/db/home-fact-values";

export { HOME_STATUSES, HOME_TYPES, LISTING_TYPES, PET_POLICIES };

export type HomeStatus = (typeof HOME_STATUSES)[number];

/** The statuses shown on the public site: `isActive` in the JSON is true for these. */
export const PUBLIC_STATUSES = ["available", "coming_soon", "pending"] as const satisfies readonly HomeStatus[];
export type PublicStatus = (typeof PUBLIC_STATUSES)[number];

export function isPublicStatus(status: HomeStatus): status is PublicStatus {
  return (PUBLIC_STATUSES as readonly HomeStatus[]).includes(status);
}

/** What a home once public says when it leaves the market (its page answers 410). */
export type ClosedStatus = Exclude<HomeStatus, PublicStatus>;

export type ListingType = (typeof LISTING_TYPES)[number];

export const PRICE_PERIODS = ["month", "total"] as const;
export type PricePeriod = (typeof PRICE_PERIODS)[number];

export type HomeType = (typeof HOME_TYPES)[number];

export type PetPolicy = (typeof PET_POLICIES)[number];

export const UTILITIES = ["water", "sewer", "trash", "gas", "electric", "internet"] as const;
export type Utility = (typeof UTILITIES)[number];

export type HomeFacts = {
  status: HomeStatus;
  /** YYYY-MM-DD: when a coming-soon home can be moved into. */
  availableOn: string | null;
  listingType: ListingType | null;
  /** Whole US dollars, a month or in total (pricePeriod). */
  priceAmount: number | null;
  pricePeriod: PricePeriod | null;
  depositAmount: number | null;
  applicationFee: number | null;
  lotRentMonthly: number | null;
  lotRentIncludes: string | null;
  lotRentIncludesSpanish: string | null;
  otherMonthlyFees: number | null;
  otherMonthlyFeesNote: string | null;
  otherMonthlyFeesNoteSpanish: string | null;
  /** In UTILITIES' order, each once. */
  utilitiesIncluded: Utility[];
  /** 0 is a studio. */
  bedrooms: number | null;
  /** Whole or half: 1, 1.5, 2. */
  bathrooms: number | null;
  squareFeet: number | null;
  homeType: HomeType | null;
  yearBuilt: number | null;
  make: string | null;
  model: string | null;
  pets: PetPolicy | null;
  petsNote: string | null;
  petsNoteSpanish: string | null;
  community: string | null;
  seniorCommunity: boolean | null;
  /** The lot or street address visitors drive to. */
  streetAddress: string | null;
  /** Whether streetAddress is shown on the public site (staff say so). */
  streetAddressPublic: boolean;
  /** An https video or 3D tour. */
  tourUrl: string | null;
};

/** Every fact but the status unknown: what a home's facts are until staff give them. */
export const UNKNOWN_FACTS: Omit<HomeFacts, "status"> = {
  availableOn: null,
  listingType: null,
  priceAmount: null,
  pricePeriod: null,
  depositAmount: null,
  applicationFee: null,
  lotRentMonthly: null,
  lotRentIncludes: null,
  lotRentIncludesSpanish: null,
  otherMonthlyFees: null,
  otherMonthlyFeesNote: null,
  otherMonthlyFeesNoteSpanish: null,
  utilitiesIncluded: [],
  bedrooms: null,
  bathrooms: null,
  squareFeet: null,
  homeType: null,
  yearBuilt: null,
  make: null,
  model: null,
  pets: null,
  petsNote: null,
  petsNoteSpanish: null,
  community: null,
  seniorCommunity: null,
  streetAddress: null,
  streetAddressPublic: false,
  tourUrl: null,
};

export type HomeFactName = keyof HomeFacts;

/** The facts the public JSON and pages carry: the street address only where staff show it. */
export type PublicHomeFacts = Omit<HomeFacts, "streetAddressPublic">;

export function publicFacts({ streetAddressPublic, ...facts }: HomeFacts): PublicHomeFacts {
  return { ...facts, streetAddress: streetAddressPublic ? facts.streetAddress : null };
}

export const FACT_LIMITS = {
  dollars: 100_000_000,
  fee: 1_000_000,
  rooms: 50,
  squareFeet: 100_000,
  firstYear: 1900,
  note: 500,
  name: 100,
  community: 200,
  streetAddress: 300,
  url: 2048,
} as const;

/** Utilities as stored: a comma list in UTILITIES' order ("water,trash"), "" for none. */
export function utilitiesText(list: readonly Utility[]): string {
  return UTILITIES.filter((utility) => list.includes(utility)).join(",");
}

export function utilitiesList(text: string | null | undefined): Utility[] {
  const named = new Set((text ?? "").split(","));
  return UTILITIES.filter((utility) => named.has(utility));
}

/**
 * A home's monthly cost as a renter or a buyer paying by the month would add it up:
 * the rent (or the monthly payment), the lot rent and the other monthly fees. Null when
 * the price is not a monthly one or is unknown: a sale price has no monthly total.
 */
export function estimatedMonthlyTotal(facts: Pick<HomeFacts, "priceAmount" | "pricePeriod" | "lotRentMonthly" | "otherMonthlyFees">): number | null {
  if (facts.priceAmount === null || facts.pricePeriod !== "month") return null;
  return facts.priceAmount + (facts.lotRentMonthly ?? 0) + (facts.otherMonthlyFees ?? 0);
}

/**
 * What a good listing still lacks, in the staff form's words and order; an empty list
 * for a complete one. It never blocks a save: the Overview and the form show it.
 */
export type MissingFact = "price" | "listing type" | "beds and baths" | "square feet" | "home type" | "pet policy" | "available date";

/** The Properties tab's filter value for the homes that lack some (?facts=incomplete). */
export const FACTS_TO_COMPLETE = "incomplete";

export type FactsToCheck = Pick<HomeFacts, "priceAmount" | "pricePeriod" | "listingType" | "bedrooms" | "bathrooms" | "squareFeet" | "homeType" | "pets" | "status" | "availableOn">;

export function missingFacts(facts: FactsToCheck): MissingFact[] {
  const missing: MissingFact[] = [];
  if (facts.priceAmount === null || facts.pricePeriod === null) missing.push("price");
  if (facts.listingType === null) missing.push("listing type");
  if (facts.bedrooms === null || facts.bathrooms === null) missing.push("beds and baths");
  if (facts.squareFeet === null) missing.push("square feet");
  if (facts.homeType === null) missing.push("home type");
  // Pets matter to a renter; a buyer's own home keeps whatever pets the community allows.
  if (facts.pets === null && facts.listingType !== "sale") missing.push("pet policy");
  if (facts.status === "coming_soon" && facts.availableOn === null) missing.push("available date");
  return missing;
}

/**
 * A home one rents (or rents to own): its pets rule is shown on its card and its costs
 * panel links the rental criteria. Without a listing type, a monthly price says so.
 */
export function isRental(facts: Pick<HomeFacts, "listingType" | "pricePeriod">): boolean {
  return facts.listingType === "rent" || facts.listingType === "rent_to_own" || (facts.listingType === null && facts.pricePeriod === "month");
}

/** A listing type as the price reading names it: a month's rent is rent, a sale price a sale. */
export function pricePeriodOfKind(kind: "rent" | "sale" | null): PricePeriod | null {
  if (kind === null) return null;
  return kind === "rent" ? "month" : "total";
}

export function kindOfPricePeriod(period: PricePeriod | null): "rent" | "sale" | null {
  if (period === null) return null;
  return period === "month" ? "rent" : "sale";
}

/**
 * What a good listing still lacks, as the staff form lists it before a save: a photo, its
 * Spanish (unless a translation service fills it on save), then missingFacts'. Never a
 * reason to refuse the save.
 */
export function listingGaps(listing: { hasPhoto: boolean; hasSpanish: boolean; facts: FactsToCheck }): string[] {
  return [...(listing.hasPhoto ? [] : ["a photo"]), ...(listing.hasSpanish ? [] : ["Spanish texts"]), ...missingFacts(listing.facts)];
}

/** The staff form's save buttons (docs/product.md, "Publishing on purpose"): the field the pressed one posts. */
export const SAVE_AS_FIELD = "saveAs";

/**
 * The status a form save gives a home: "Publish" puts it on the public site (its chosen
 * status when that is a public one, else available); "Save as draft" keeps it off (its
 * chosen status when that is off the market, else off the market); "Update" (a public
 * home's one button, nothing posted) saves the status chosen.
 */
export function statusSavedAs(chosen: HomeStatus, saveAs: unknown): HomeStatus {
  if (saveAs === "publish") return isPublicStatus(chosen) ? chosen : "available";
  if (saveAs === "draft") return isPublicStatus(chosen) ? "off_market" : chosen;
  return chosen;
}
