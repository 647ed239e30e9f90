import type { Language } from "~/utils/locale";
import type { PriceKind } from "./price";
import type { ClosedStatus, HomeStatus, PetPolicy } from "./home-facts";
import { saysSale } from "./price-words";
import type { Translate } from "~/utils/translate";
import { longDay } from "~/utils/long-day";

/** What the public pages know of a listing: its fields and its photos in order. */
export type Listing = {
  id: number;
  name: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  price: string;
  priceSpanish: string | null;
  /** What the price was read as: a month's rent, a sale price, or neither ('Call for price'). */
  priceKind: PriceKind | null;
  applicationUrl: string | null;
  beds: string;
  baths: string;
  sqft: string;
  description: string;
  descriptionSpanish: string | null;
  /** The main image, then the linked media. */
  photos: string[];
  /**
   * Where a public home is in its life, when it is not simply available (the key is left
   * out then: the home page's data stays small): coming soon (from `availableOn`,
   * YYYY-MM-DD, when staff gave one) or with an application pending.
   */
  status?: "coming_soon" | "pending";
  availableOn?: string;
  /** A rental's pets rule when staff gave one (left out otherwise, as `status`): its card says "Pets: cats". */
  pets?: PetPolicy;
};

/**
 * What the public is told of where a home is in its life (docs/product.md, "A home's
 * life"): a coming-soon home says from when until that day (in the office's calendar)
 * comes, and takes no applications until then; a pending home says so. Nothing is said
 * of an available home.
 */
export function lifeOf(home: { status: HomeStatus; availableOn: string | null }, today: string): Pick<Listing, "status" | "availableOn"> & { applicationsOpen: boolean } {
  if (home.status === "pending") return { status: "pending", applicationsOpen: true };
  if (home.status !== "coming_soon" || (home.availableOn !== null && home.availableOn <= today)) return { applicationsOpen: true };
  return { status: "coming_soon", ...(home.availableOn ? { availableOn: home.availableOn } : {}), applicationsOpen: false };
}

/**
 * The words staff write in the beds, baths and square feet fields ('Studio', 'N/A'),
 * in Spanish. The fields are mostly numbers; these few words are all they hold
 * otherwise, so a fixed glossary beats a translation service here.
 */
const READING_GLOSSARY: [RegExp, string][] = [
  [/\bstudio\b/gi, "Estudio"],
  [/\bn\/a\b/gi, "N/D"],
  [/\bvaries\b/gi, "Varía"],
  [/\bcall\b/gi, "Llame"],
];

/** A beds, baths or square feet reading as shown in `language`. */
export function readingIn(reading: string, language: Language): string {
  if (language !== "es") return reading;
  return READING_GLOSSARY.reduce((text, [word, spanish]) => text.replace(word, spanish), reading);
}

/**
 * Spanish price and description in Spanish mode when they exist, else the English ones;
 * the beds, baths and square feet with their words (if any) in the language. `forSale`:
 * the price is a sale price that does not say so itself ('$64,500'), so the page labels it.
 */
export function localizedListing(listing: Pick<Listing, "price" | "priceSpanish" | "priceKind" | "description" | "descriptionSpanish" | "beds" | "baths" | "sqft">, language: Language) {
  const spanish = language === "es";
  const price = (spanish && listing.priceSpanish?.trim()) || listing.price;
  return {
    price,
    forSale: listing.priceKind === "sale" && !saysSale(price),
    description: (spanish && listing.descriptionSpanish?.trim()) || listing.description,
    beds: readingIn(listing.beds, language),
    baths: readingIn(listing.baths, language),
    sqft: readingIn(listing.sqft, language),
  };
}

/**
 * A listing as a page in `language` shows it: the price and description in that language
 * (the English ones where the Spanish are blank), the other language's left out. Pages
 * carry only this, so their data is not every text twice; localizedListing() reads the
 * same from either.
 */
export function listingIn(listing: Listing, language: Language): Listing {
  const spanish = language === "es";
  return {
    ...listing,
    price: (spanish && listing.priceSpanish?.trim()) || listing.price,
    priceSpanish: null,
    description: (spanish && listing.descriptionSpanish?.trim()) || listing.description,
    descriptionSpanish: null,
  };
}

/**
 * What a page says of a home that is not simply available: "Available from January 15,
 * 2027" ("Disponible desde el 15 de enero de 2027"), "Coming soon" without a day,
 * "Application pending". The long date is written out (utils/long-day.ts), the same in
 * every browser and on the server.
 */
export function statusText(listing: Pick<Listing, "status" | "availableOn">, t: Translate, language: Language): string {
  const day = listing.availableOn;
  const date = day && longDay(day, language);
  return t(`home.status.${date ? "available_from" : listing.status}`, undefined, { date: date || "" });
}

/**
 * The click handler of a link to a home's page: a plain click opens the details in
 * place (the dialog); a modified click (new tab, new window) keeps the link's behaviour.
 */
export function openDetailsInPlace(id: number, open: (id: number) => void) {
  return (event: { metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; button: number; preventDefault: () => void }) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open(id);
  };
}

/** A home that was public and is off the market now: its name, why, and the public homes most like it. */
export type ClosedHome = { id: number; name: string; status: ClosedStatus; similar: Listing[] };

/** A closed home as a page in `language` shows it (listingIn for each similar home). */
export function closedHomeIn(home: ClosedHome, language: Language): ClosedHome {
  return { ...home, similar: home.similar.map((listing) => listingIn(listing, language)) };
}

/** The home a contact message asks about ('Ask about this home'). */
export type Inquiry = { propertyId: number; name: string; location: string };
