import { describe, expect, it } from "vitest";
import { localizedListing, readingIn, type Listing } from "~/models/listing";
import { priceNeedsSpanish, readSpanishFilter, spanishStatus, translatedFromAfterSave } from "~/models/spanish-status";

/** docs/product.md §4: when a record's Spanish is missing, out of date or up to date. */

const pair = (english: string, spanish: string | null, translatedFrom: string | null, needed = true) => ({ english, spanish, translatedFrom, needed });

describe("spanishStatus", () => {
  it("is up to date when every Spanish text was written against today's English", () => {
    expect(spanishStatus([pair("Yes.", "Sí.", "Yes."), pair("Q?", "¿P?", "Q?")])).toBe("current");
  });

  it("is out of date when an English text differs from the one its Spanish was written against", () => {
    expect(spanishStatus([pair("Yes, two pets.", "Sí, dos mascotas.", "Yes, one pet."), pair("Q?", "¿P?", "Q?")])).toBe("outdated");
    // Spanish that nothing records as written against an English text counts as out of date.
    expect(spanishStatus([pair("Yes.", "Sí.", null)])).toBe("outdated");
  });

  it("is missing when a needed Spanish text is blank, whatever else is out of date", () => {
    expect(spanishStatus([pair("Yes.", "  ", null), pair("Q?", "¿P?", "Old Q?")])).toBe("missing");
    expect(spanishStatus([pair("Yes.", null, null)])).toBe("missing");
  });

  it("a blank Spanish text that is not needed is no gap", () => {
    expect(spanishStatus([pair("$64,500", null, null, false), pair("A home.", "Una casa.", "A home.")])).toBe("current");
  });
});

describe("translatedFromAfterSave", () => {
  it("records today's English when the Spanish is written now: new, or changed", () => {
    expect(translatedFromAfterSave({ english: "Yes.", spanish: "Sí.", before: null })).toBe("Yes.");
    expect(translatedFromAfterSave({ english: "Yes!", spanish: "¡Sí!", before: { spanish: "Sí.", translatedFrom: "Yes." } })).toBe("Yes!");
  });

  it("keeps what the Spanish was written against when only the English changed", () => {
    expect(translatedFromAfterSave({ english: "Yes, two.", spanish: "Sí, uno.", before: { spanish: " Sí, uno. ", translatedFrom: "Yes, one." } })).toBe("Yes, one.");
  });

  it("records nothing when there is no Spanish", () => {
    expect(translatedFromAfterSave({ english: "Yes.", spanish: " ", before: { spanish: "Sí.", translatedFrom: "Yes." } })).toBeNull();
  });
});

describe("the rest", () => {
  it("a price needs Spanish only when it has words", () => {
    expect(["$795/month", "Call for price", "$1,150 per month"].map(priceNeedsSpanish)).toEqual([true, true, true]);
    expect(["$64,500", "$1,150", "1200-1400"].map(priceNeedsSpanish)).toEqual([false, false, false]);
  });

  it("reads only the two to-do filters", () => {
    expect(["missing", "outdated", "current", "", null, "MISSING"].map(readSpanishFilter)).toEqual(["missing", "outdated", null, null, null, null]);
  });

  it("beds, baths and square feet readings that are words are shown in Spanish on Spanish pages", () => {
    expect(readingIn("Studio", "es")).toBe("Estudio");
    expect(readingIn("studio", "es")).toBe("Estudio");
    expect(readingIn("N/A", "es")).toBe("N/D");
    expect(readingIn("2+", "es")).toBe("2+");
    expect(readingIn("Studio", "en")).toBe("Studio");
    const listing = { beds: "Studio", baths: "1", sqft: "480", price: "$795/month", priceSpanish: "$795 al mes", priceKind: "rent", description: "A", descriptionSpanish: null } as Listing;
    expect(localizedListing(listing, "es")).toEqual({ price: "$795 al mes", forSale: false, description: "A", beds: "Estudio", baths: "1", sqft: "480" });
  });
});
