import type { Language } from "~/utils/locale";

/** What the public pages know of a listing: its fields and its photos in order. */
export type Listing = {
  id: number;
  name: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  price: string;
  priceSpanish: string | null;
  applicationUrl: string | null;
  beds: string;
  baths: string;
  sqft: string;
  description: string;
  descriptionSpanish: string | null;
  /** The main image, then the linked media. */
  photos: string[];
};

/** Spanish price and description in Spanish mode when they exist, else the English ones. */
export function localizedListing(listing: Listing, language: Language) {
  const spanish = language === "es";
  return {
    price: (spanish && listing.priceSpanish?.trim()) || listing.price,
    description: (spanish && listing.descriptionSpanish?.trim()) || listing.description,
  };
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

/** The home a contact message asks about ('Ask about this home'). */
export type Inquiry = { propertyId: number; name: string; location: string };
