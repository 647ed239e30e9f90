import { estimatedMonthlyTotal, isRental, type PublicHomeFacts } from "./home-facts";
import type { Language } from "~/utils/locale";

/**
 * What a home's "Costs and requirements" panel shows (docs/product.md, "What it costs"):
 * the facts of its costs and its pets rule, their notes in the page's language (the
 * English where the Spanish is blank). Not a .server module: the details dialog reads
 * them from GET /api/properties/{id} in the browser.
 */
export type ListingCosts = Pick<
  PublicHomeFacts,
  "listingType" | "priceAmount" | "pricePeriod" | "lotRentMonthly" | "otherMonthlyFees" | "utilitiesIncluded" | "applicationFee" | "depositAmount" | "pets"
> & {
  lotRentIncludes: string | null;
  otherMonthlyFeesNote: string | null;
  petsNote: string | null;
  /** Rent (or the monthly payment) plus lot rent and other monthly fees; null without a monthly price. */
  monthlyTotal: number | null;
  /** A home to rent (or rent to own): its panel links the rental criteria. */
  rental: boolean;
};

/** A staff note in the page's language: the Spanish where given, else the English; null for none. */
export function noteIn(english: string | null, spanish: string | null, language: Language): string | null {
  return (language === "es" && spanish?.trim()) || english?.trim() || null;
}

export function listingCostsOf(facts: PublicHomeFacts, language: Language): ListingCosts {
  const { listingType, priceAmount, pricePeriod, lotRentMonthly, otherMonthlyFees, utilitiesIncluded, applicationFee, depositAmount, pets } = facts;
  return {
    listingType,
    priceAmount,
    pricePeriod,
    lotRentMonthly,
    otherMonthlyFees,
    utilitiesIncluded,
    applicationFee,
    depositAmount,
    pets,
    lotRentIncludes: noteIn(facts.lotRentIncludes, facts.lotRentIncludesSpanish, language),
    otherMonthlyFeesNote: noteIn(facts.otherMonthlyFeesNote, facts.otherMonthlyFeesNoteSpanish, language),
    petsNote: noteIn(facts.petsNote, facts.petsNoteSpanish, language),
    monthlyTotal: estimatedMonthlyTotal(facts),
    rental: isRental(facts),
  };
}

/** Whole US dollars as the panel writes them, in either language: "$1,065". */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}
