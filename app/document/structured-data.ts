import type {
  DayOfWeek,
  FAQPage,
  Offer,
  OpeningHoursSpecification,
  PostalAddress,
  QuantitativeValue,
  RealEstateAgent,
  RealEstateListing,
  SingleFamilyResidence,
  WithContext,
} from "schema-dts";
import type { Listing } from "~/models/listing";
import type { PublicHomeFacts } from "~/models/home-facts";
import type { Language } from "~/utils/locale";
import { readRoomCount } from "~/models/price-words";
import type { Company } from "~/models/company";

/**
 * schema.org data for search engines (issue 12), typed with schema-dts so a wrong
 * property or type does not compile. Remix's <Meta> writes each object into a
 * <script type="application/ld+json"> with <, > and & escaped, so no text can end the
 * script early.
 */

export type StructuredData = WithContext<RealEstateAgent> | WithContext<FAQPage> | WithContext<RealEstateListing>;

const CONTEXT = "https://schema.org" as const;

// "1560 E Southlake Blvd, Suite 100, Southlake, TX 76092" or "Denton, TX 76207".
const US_ADDRESS = /^(?:(.*),\s*)?([^,]+),\s*([A-Z]{2})(?:\s+(\d{5}(?:-\d{4})?))?$/;

/** A postal address from one line of text: its street, city, state and ZIP when they read as a US address. */
export function postalAddress(text: string): PostalAddress {
  const line = text.trim().replace(/\s+/g, " ");
  const match = US_ADDRESS.exec(line);
  if (!match) return { "@type": "PostalAddress", streetAddress: line, addressCountry: "US" };
  const [, street, locality, region, postalCode] = match;
  return {
    "@type": "PostalAddress",
    ...(street ? { streetAddress: street } : {}),
    addressLocality: locality.trim(),
    addressRegion: region,
    ...(postalCode ? { postalCode } : {}),
    addressCountry: "US",
  };
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

function dayIndex(word: string): number {
  const start = word.trim().slice(0, 3).toLowerCase();
  return DAYS.findIndex((day) => day.slice(0, 3).toLowerCase() === start);
}

/** "8:00 AM" is "08:00"; "5 PM" is "17:00". */
function clockTime(hours: string, minutes: string | undefined, meridiem: string): string {
  let hour = Number(hours) % 12;
  if (/p/i.test(meridiem)) hour += 12;
  return `${String(hour).padStart(2, "0")}:${minutes ?? "00"}`;
}

const HOURS_PART =
  /^([A-Za-z]+)\.?(?:\s*(?:-|–|to)\s*([A-Za-z]+)\.?)?\s*:?\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?\s*(?:-|–|to)\s*(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?\s*[Mm]\.?$/;

/**
 * Opening hours from the office's English hours text, e.g. "Monday - Friday: 8:00 AM -
 * 5:00 PM; Saturday: 9 AM - 1 PM". Parts it cannot read are left out.
 */
export function openingHours(text: string): OpeningHoursSpecification[] {
  const specifications: OpeningHoursSpecification[] = [];
  for (const part of text.split(/[;\n]|,(?=\s*[A-Za-z])/)) {
    const match = HOURS_PART.exec(part.trim());
    if (!match) continue;
    const [, firstDay, lastDay, openHour, openMinute, openMeridiem, closeHour, closeMinute, closeMeridiem] = match;
    const first = dayIndex(firstDay);
    const last = lastDay ? dayIndex(lastDay) : first;
    if (first < 0 || last < first) continue;
    specifications.push({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: DAYS.slice(first, last + 1).map((day) => `https://schema.org/${day}` as DayOfWeek),
      opens: clockTime(openHour, openMinute, openMeridiem),
      closes: clockTime(closeHour, closeMinute, closeMeridiem),
    });
  }
  return specifications;
}

/** A floor area in square feet from text such as "1,216" or "1200-1400". */
export function floorSize(text: string): QuantitativeValue | undefined {
  const numbers = (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((value) => Number(value.replace(/,/g, ""))).filter((value) => value > 0);
  if (numbers.length === 0) return undefined;
  const unit = { "@type": "QuantitativeValue" as const, unitCode: "FTK", unitText: "sq ft" };
  if (numbers.length >= 2 && numbers[1] > numbers[0]) return { ...unit, minValue: numbers[0], maxValue: numbers[1] };
  return { ...unit, value: numbers[0] };
}

/** The company, on the home page. */
export function companyData(company: Company): WithContext<RealEstateAgent> {
  const hours = openingHours(company.hours);
  return {
    "@context": CONTEXT,
    "@type": "RealEstateAgent",
    "@id": `${company.url}#organization`,
    name: company.name,
    description: company.description,
    url: company.url,
    logo: company.logoUrl,
    ...(company.imageUrl ? { image: company.imageUrl } : {}),
    telephone: company.telephone,
    email: company.email,
    address: postalAddress(company.address),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    areaServed: { "@type": "State", name: "Texas" },
    knowsLanguage: ["en", "es"],
    ...(company.sameAs.length > 0 ? { sameAs: company.sameAs } : {}),
  };
}

/** The active FAQs, in the page's language. */
export function faqPageData(faqs: { question: string; answer: string }[], language: Language): WithContext<FAQPage> {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    inLanguage: language,
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export type ListingFacts = {
  listing: Listing;
  /** Its typed facts (home-facts.ts): the numbers, the way of paying, pets, the year. */
  facts: PublicHomeFacts;
  url: string;
  language: Language;
  price: string;
  description: string;
  imageUrls: string[];
  datePosted: string;
};

/**
 * Where the home is in its life, as an offer's availability: available now, coming soon
 * (from its day: a pre-order), or with an application pending (reserved).
 */
function availabilityOf(listing: Listing) {
  if (listing.status === "pending") return { availability: "https://schema.org/Reserved" } as const;
  if (listing.status === "coming_soon") return { availability: "https://schema.org/PreOrder", ...(listing.availableOn ? { availabilityStarts: listing.availableOn } : {}) } as const;
  return { availability: "https://schema.org/InStock" } as const;
}

/**
 * The price as an Offer: to lease (a month's rent, rent to own), to purchase (a sale
 * price, or an owner-financed home's monthly payment), or an Offer with only its text.
 */
function offerOf({ facts, listing, price: text }: ListingFacts): Offer {
  const base = { description: text, ...availabilityOf(listing) };
  if (facts.priceAmount === null) return { "@type": "Offer", ...base };
  const price = { price: facts.priceAmount, priceCurrency: "USD" };
  const monthly = facts.pricePeriod === "month" ? { priceSpecification: { "@type": "UnitPriceSpecification" as const, ...price, unitCode: "MON", unitText: "month" } } : {};
  const purchase = facts.listingType === "sale" || facts.listingType === "owner_finance" || (facts.listingType === null && facts.pricePeriod === "total");
  return { "@type": purchase ? "OfferForPurchase" : facts.pricePeriod === "month" ? "OfferForLease" : "Offer", ...base, ...price, ...monthly };
}

/** The floor area: a range the text names ("1200-1400") says most; else the square feet of the facts, else of the text. */
function areaOf({ facts, listing }: ListingFacts): QuantitativeValue | undefined {
  const fromText = floorSize(listing.sqft);
  if (fromText && "minValue" in fromText) return fromText;
  return facts.squareFeet !== null ? { "@type": "QuantitativeValue", unitCode: "FTK", unitText: "sq ft", value: facts.squareFeet } : fromText;
}

/**
 * Bathrooms as schema.org counts them (RESO's BathroomsTotalInteger): 1.5 is one full and
 * one partial bathroom, two in all.
 */
function bathroomCounts(bathrooms: number) {
  const full = Math.floor(bathrooms);
  const partial = bathrooms > full ? 1 : 0;
  return { numberOfBathroomsTotal: full + partial, numberOfFullBathrooms: full, ...(partial ? { numberOfPartialBathrooms: partial } : {}) };
}

/** A home's page: the listing, its Offer with the price, and the home it is about. */
export function listingData(facts: ListingFacts): WithContext<RealEstateListing> {
  const { listing } = facts;
  const bedrooms = facts.facts.bedrooms ?? readRoomCount(listing.beds);
  const bathrooms = facts.facts.bathrooms ?? readRoomCount(listing.baths);
  const area = areaOf(facts);
  const { pets, yearBuilt } = facts.facts;
  const home: SingleFamilyResidence = {
    "@type": "SingleFamilyResidence",
    name: listing.name,
    address: postalAddress(listing.location),
    ...(area ? { floorSize: area } : {}),
    ...(bedrooms !== null ? { numberOfBedrooms: bedrooms, numberOfRooms: bedrooms } : {}),
    ...(bathrooms !== null ? bathroomCounts(bathrooms) : {}),
    ...(pets !== null ? { petsAllowed: pets !== "none" } : {}),
    ...(yearBuilt !== null ? { yearBuilt } : {}),
    ...(listing.latitude !== null && listing.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude } }
      : {}),
  };
  return {
    "@context": CONTEXT,
    "@type": "RealEstateListing",
    name: listing.name,
    url: facts.url,
    inLanguage: facts.language,
    description: facts.description,
    datePosted: facts.datePosted,
    ...(facts.imageUrls.length > 0 ? { image: facts.imageUrls } : {}),
    offers: offerOf(facts),
    // schema.org offers no Place as an Offer's item, so the listing names the home as its subject.
    mainEntity: home,
  };
}
