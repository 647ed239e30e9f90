import type { FactsToCheck, HomeStatus, HomeType, ListingType, PetPolicy, PricePeriod } from "~/models/home-facts";
import { pricePeriodOfKind } from "~/models/home-facts";
import type { PriceReading } from "~/models/price";
import { readDollars } from "~/utils/dollars";
import type { FactFields } from "./home-fact-fields";

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const numberIn = (value: unknown) => (text(value) && Number.isFinite(Number(text(value))) ? Number(text(value)) : null);
const choiceIn = <Value extends string>(value: unknown) => (text(value) ? (text(value) as Value) : null);

/** The facts the form holds now, a blank number read from its text as the save will read it. */
export function factsToCheck(facts: FactFields, reading: PriceReading | null, readings: { beds: number | null; baths: number | null; squareFeet: number | null }): FactsToCheck {
  return {
    priceAmount: readDollars(text(facts.priceAmount.value)) ?? reading?.amount ?? null,
    pricePeriod: choiceIn<PricePeriod>(facts.pricePeriod.value) ?? pricePeriodOfKind(reading?.kind ?? null),
    listingType: choiceIn<ListingType>(facts.listingType.value) ?? reading?.kind ?? null,
    bedrooms: numberIn(facts.bedrooms.value) ?? readings.beds,
    bathrooms: numberIn(facts.bathrooms.value) ?? readings.baths,
    squareFeet: numberIn(facts.squareFeet.value) ?? readings.squareFeet,
    homeType: choiceIn<HomeType>(facts.homeType.value),
    pets: choiceIn<PetPolicy>(facts.pets.value),
    status: choiceIn<HomeStatus>(facts.status.value) ?? "available",
    availableOn: choiceIn<string>(facts.availableOn.value),
  };
}

/**
 * What a good listing still lacks (home-facts.ts listingGaps), said before the save
 * buttons without stopping them: a draft may be saved half done, and published so too.
 */
export function ListingGaps({ gaps }: { gaps: string[] }) {
  return (
    <section aria-labelledby="listing-gaps-title" className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800 sm:col-span-2">
      <h3 id="listing-gaps-title" className="font-semibold text-slate-900">
        {gaps.length ? "A good listing still lacks" : "This listing has what renters and buyers ask first"}
      </h3>
      {gaps.length ? (
        <ul className="mt-1 list-disc pl-5">
          {gaps.map((gap) => (
            <li key={gap}>{gap}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1 text-slate-600">Nothing here stops a save: a draft stays off the public site until you publish it.</p>
    </section>
  );
}
