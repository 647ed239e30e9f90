import { and, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, type Property } from "~/db/schema";
import type { PropertyInput } from "~/models/property-form";
import { kindOfBareAmount, readListingPrice, readRoomCount, readSquareFeet } from "~/models/price";
import {
  isPublicStatus,
  missingFacts,
  type MissingFact,
  kindOfPricePeriod,
  pricePeriodOfKind,
  utilitiesList,
  utilitiesText,
  type HomeFacts,
  type HomeStatus,
} from "~/models/home-facts";

/**
 * A home's facts as its row stores them, and the columns a save writes. The price, its
 * period and the rooms are the row's readings (price_amount, price_kind, beds_count,
 * baths_count): one value each, whether staff gave it or it was read from the seed's
 * texts, so the filters, the sorts and the facts never disagree.
 */

/** The facts of a stored home, as the admin JSON's `facts` shows them. */
export function factsOf(row: Property): HomeFacts {
  return {
    status: row.status,
    availableOn: row.availableOn,
    listingType: row.listingType,
    priceAmount: row.priceAmount === null ? null : Math.round(row.priceAmount),
    pricePeriod: pricePeriodOfKind(row.priceKind),
    depositAmount: row.depositAmount,
    applicationFee: row.applicationFee,
    lotRentMonthly: row.lotRentMonthly,
    lotRentIncludes: row.lotRentIncludes,
    lotRentIncludesSpanish: row.lotRentIncludesSpanish,
    otherMonthlyFees: row.otherMonthlyFees,
    otherMonthlyFeesNote: row.otherMonthlyFeesNote,
    otherMonthlyFeesNoteSpanish: row.otherMonthlyFeesNoteSpanish,
    utilitiesIncluded: utilitiesList(row.utilitiesIncluded),
    // A text reading may be '2.5' beds or '1.75' baths: the facts are whole and half.
    bedrooms: row.bedsCount === null ? null : Math.floor(row.bedsCount),
    bathrooms: row.bathsCount === null ? null : Math.round(row.bathsCount * 2) / 2,
    squareFeet: row.squareFeet,
    homeType: row.homeType,
    yearBuilt: row.yearBuilt,
    make: row.make,
    model: row.model,
    pets: row.pets,
    petsNote: row.petsNote,
    petsNoteSpanish: row.petsNoteSpanish,
    community: row.community,
    seniorCommunity: row.seniorCommunity,
    streetAddress: row.streetAddress,
    streetAddressPublic: row.streetAddressPublic,
    tourUrl: row.tourUrl,
  };
}

/**
 * The status a save gives a home. A status given is the status; without one (a JSON
 * body of the seed's shape) `isActive` decides as it always has, true when left out: a
 * home already on the side it names keeps its status (a pending home stays pending), one
 * switched on becomes available and one switched off leaves the market. A body that
 * echoes the stored status and changes only `isActive` (a GET sent back with the switch
 * turned) is read as the switch.
 */
export function statusAfterSave(given: HomeStatus | undefined, isActive: boolean | undefined, before: HomeStatus | null): HomeStatus {
  if (given !== undefined && (isActive === undefined || isActive === isPublicStatus(given) || given !== before)) return given;
  const shown = isActive ?? true;
  if (before !== null && isPublicStatus(before) === shown) return before;
  return shown ? "available" : "off_market";
}

/**
 * Why a body's status and `isActive` cannot both hold, or null: they disagree, and the
 * status is not merely the stored one echoed back (statusAfterSave reads that as the switch).
 */
export function statusConflict(input: Pick<PropertyInput, "isActive" | "facts">, before: Property | null): string | null {
  const given = input.facts?.status;
  if (given === undefined || input.isActive === undefined || input.isActive === isPublicStatus(given) || given === before?.status) return null;
  const shown = isPublicStatus(given) ? "is shown on the public site" : "is not shown on the public site";
  return `Active Listing must agree with the status: a home that is ${given.replace("_", " ")} ${shown}`;
}

type SavedTexts = Pick<PropertyInput, "price" | "priceSpanish" | "beds" | "baths" | "sqft" | "priceAmount" | "priceKind">;

/**
 * The numbers the texts name, unless given: the price's amount and kind (rent: a month,
 * sale: in total), the rooms and the square feet. A number staff gave wins; a blank one
 * follows the text, so a text edited later is read again.
 */
export function textReadings(input: SavedTexts, given: { priceAmount?: number | null; pricePeriod?: HomeFacts["pricePeriod"]; bedrooms?: number | null; bathrooms?: number | null; squareFeet?: number | null } = {}) {
  const reading = readListingPrice(input.price, input.priceSpanish);
  const priceAmount = given.priceAmount ?? input.priceAmount ?? reading?.amount ?? null;
  const priceKind = kindOfPricePeriod(given.pricePeriod ?? null) ?? input.priceKind ?? reading?.kind ?? (priceAmount === null ? null : kindOfBareAmount(priceAmount));
  return {
    priceAmount,
    priceKind,
    bedsCount: given.bedrooms ?? readRoomCount(input.beds),
    bathsCount: given.bathrooms ?? readRoomCount(input.baths),
    squareFeet: given.squareFeet ?? readSquareFeet(input.sqft),
  };
}

/**
 * Every fact column a save of `input` writes over `before` (null: a new home). A body
 * with `facts` replaces them all (a fact left out is none); a body without them, of the
 * seed's shape, keeps the stored ones, the numbers its texts name read again.
 */
export function factColumns(input: SavedTexts & Pick<PropertyInput, "isActive" | "facts">, before: Property | null) {
  const facts = input.facts;
  const status = statusAfterSave(facts?.status, input.isActive, before?.status ?? null);
  const readings = textReadings(input, facts ?? {});
  const common = { ...readings, status, isActive: isPublicStatus(status) };
  if (!facts) {
    // A listing type of its own (rent to own, owner finance) outlives a new price text.
    const ownType = before?.listingType === "rent_to_own" || before?.listingType === "owner_finance";
    return { ...common, listingType: ownType ? before!.listingType : readings.priceKind };
  }
  const { status: _status, priceAmount: _amount, pricePeriod: _period, bedrooms: _beds, bathrooms: _baths, squareFeet: _sqft, utilitiesIncluded, ...rest } = facts;
  return {
    ...common,
    ...rest,
    // Nobody chose one: rent or sale, as the price reads.
    listingType: facts.listingType ?? readings.priceKind,
    utilitiesIncluded: utilitiesText(utilitiesIncluded),
  };
}

/**
 * The facts as the Edit form holds them: a number that is only the texts' reading is
 * left blank, so that it keeps following the text (as the form's hints say).
 */
export function factFormValues(row: Property): HomeFacts {
  const facts = factsOf(row);
  const read = textReadings({ ...row, priceAmount: null, priceKind: null });
  return {
    ...facts,
    priceAmount: row.priceAmount === read.priceAmount ? null : facts.priceAmount,
    pricePeriod: row.priceKind === read.priceKind ? null : facts.pricePeriod,
    bedrooms: row.bedsCount === read.bedsCount ? null : facts.bedrooms,
    bathrooms: row.bathsCount === read.bathsCount ? null : facts.bathrooms,
    squareFeet: row.squareFeet === read.squareFeet ? null : facts.squareFeet,
  };
}

/**
 * missingFacts() as SQL: the homes whose facts a good listing still lacks, so the
 * Overview and the Properties tab count and page them without reading every home.
 */
export const incompleteFactsSql: SQL = or(
  isNull(properties.priceAmount),
  isNull(properties.priceKind),
  isNull(properties.listingType),
  isNull(properties.bedsCount),
  isNull(properties.bathsCount),
  isNull(properties.squareFeet),
  isNull(properties.homeType),
  and(isNull(properties.pets), sql`coalesce(${properties.listingType}, '') <> 'sale'`),
  and(eq(properties.status, "coming_soon"), isNull(properties.availableOn)),
)!;

export type IncompleteFacts = { total: number; homes: { id: number; name: string; missing: MissingFact[] }[] };

/** The Overview's "Facts to complete": how many homes lack facts, and the newest few with what each lacks. */
export function incompleteFacts(limit: number): IncompleteFacts {
  const total = db().select({ n: count() }).from(properties).where(incompleteFactsSql).get()?.n ?? 0;
  const rows = db().select().from(properties).where(incompleteFactsSql).orderBy(desc(properties.id)).limit(limit).all();
  return { total, homes: rows.map((row) => ({ id: row.id, name: row.name, missing: missingFacts(factsOf(row)) })) };
}
