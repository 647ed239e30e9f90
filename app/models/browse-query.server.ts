import { z } from "zod";
import {
  BATH_CHOICES,
  BED_CHOICES,
  BROWSE_SORTS,
  DEFAULT_WITHIN,
  MAX_BROWSE_PRICE,
  MAX_BROWSE_TEXT,
  defaultSortOf,
  type BrowseQuery,
  type WithinMiles,
} from "./browse-query";
import { cleanOneLine } from "~/utils/control-characters";
import { isCalendarDay } from "./home-facts-form";
import { BROWSE_KINDS, HOME_TYPES, PET_FILTERS, WITHIN_CHOICES } from "./browse-choices";
import { readDollars } from "~/utils/dollars";
import { findPlace } from "~/services/places/find-place.server";

/**
 * The /properties URL, checked: a value that makes no sense is left out (never an error
 * page), one out of range is brought within it. A minimum above the maximum is kept as
 * written; the list shows the homes between the two (see browseActiveProperties).
 */

/**
 * A search's text as one clean line, as names are (cleanOneLine): line breaks and runs of
 * spaces become one space, and control characters and text direction overrides go, so
 * a search can neither start a line of its own in a mail nor reorder what a page shows.
 */
export function browseText(value: string): string {
  return cleanOneLine(value).slice(0, MAX_BROWSE_TEXT).trim();
}

const text = z.string().transform(browseText).catch("");

// Dollars as people type them ("90000", "90,000", "$90k": readDollars), to the whole
// dollar; "" means no limit, and so does a text that is no amount (unreadablePrices says so).
const price = z
  .string()
  .transform((text) => {
    const amount = readDollars(text);
    return amount === null ? null : Math.min(Math.round(amount), MAX_BROWSE_PRICE);
  })
  .catch(null);

export type PriceLimit = "minPrice" | "maxPrice";

/** How much of an unreadable price the page repeats back. */
const UNREADABLE_SHOWN = 30;

/**
 * The price limits the URL gives that name no amount of dollars ("abc", "90 grand", "-5"),
 * as typed: the list leaves them out, keeps them in its URL and its fields, and says so
 * (never silently searching for something else).
 */
export function unreadablePrices(params: URLSearchParams): Partial<Record<PriceLimit, string>> {
  const unreadable: Partial<Record<PriceLimit, string>> = {};
  for (const name of ["minPrice", "maxPrice"] as const) {
    const typed = browseText(params.get(name) ?? "").slice(0, UNREADABLE_SHOWN);
    if (typed && readDollars(typed) === null) unreadable[name] = typed;
  }
  return unreadable;
}

// "At least" a number of rooms: below the first choice means any, above the last is the last.
const atLeast = (choices: readonly number[]) =>
  z
    .string()
    .trim()
    .min(1)
    .pipe(z.coerce.number().finite())
    .transform((count) => Math.floor(count))
    .transform((count) => (count < choices[0] ? null : Math.min(count, choices[choices.length - 1])))
    .nullable()
    .catch(null);

const page = z
  .string()
  .trim()
  .pipe(z.coerce.number().int().min(1))
  .transform((n) => Math.min(n, 1_000_000))
  .catch(1);

// Miles as the URL writes them ("25", "any"); another number or word means the default.
const within = z
  .string()
  .transform((value) => WITHIN_CHOICES.find((choice) => String(choice) === value.trim().toLowerCase()) ?? null)
  .catch(null);

/** The URL's values checked one by one; the place is only a text here (readBrowseQuery reads it). */
const browseValuesSchema = z.object({
  q: text,
  near: text,
  within,
  kind: z.enum(BROWSE_KINDS).nullable().catch(null),
  minPrice: price,
  maxPrice: price,
  beds: atLeast(BED_CHOICES),
  baths: atLeast(BATH_CHOICES),
  pets: z.enum(PET_FILTERS).nullable().catch(null),
  homeType: z.enum(HOME_TYPES).nullable().catch(null),
  senior: z.string().transform((value) => value === "1").catch(false),
  availableBy: z
    .string()
    .trim()
    .refine(isCalendarDay)
    .nullable()
    .catch(null),
  sort: z.enum(BROWSE_SORTS).nullable().catch(null),
  page,
});

/** A place the list could not read: as typed (kept in the URL and the field) with its miles, and the closest known towns. */
export type UnknownPlace = { typed: string; within: WithinMiles; suggestions: string[] };

export type BrowseReading = { query: BrowseQuery; unknownPlace: UnknownPlace | null };

/** The URL's names the list reads; any other is not part of a search. */
export const BROWSE_VALUE_NAMES = Object.keys(browseValuesSchema.shape) as (keyof typeof browseValuesSchema.shape)[];

/**
 * A search from its values as the URL or a form gives them (absent ones blank): each
 * checked, the place read (findPlace). A place that names nothing known leaves the list
 * unnarrowed by place and is said so, with the closest towns. Without a place there are
 * no miles and no "nearest first"; with one, 25 miles and nearest first unless asked.
 */
export async function readBrowseValues(values: Partial<Record<(typeof BROWSE_VALUE_NAMES)[number], string>>): Promise<BrowseReading> {
  const checked = browseValuesSchema.parse(Object.fromEntries(BROWSE_VALUE_NAMES.map((name) => [name, values[name] ?? ""])));
  const { near: typed, within: miles, sort: asked, ...rest } = checked;
  const reading = typed ? await findPlace(typed) : null;
  const near = reading?.kind === "found" ? reading.place : null;
  const sort = asked === null || (asked === "distance" && !near) ? defaultSortOf({ near }) : asked;
  return {
    query: { ...rest, near, within: near ? (miles ?? DEFAULT_WITHIN) : null, sort },
    unknownPlace: reading?.kind === "unknown" ? { typed, within: miles ?? DEFAULT_WITHIN, suggestions: reading.suggestions } : null,
  };
}

/** The search a URL asks for; absent and repeated names read as their first value. */
export function readBrowseQuery(params: URLSearchParams): Promise<BrowseReading> {
  return readBrowseValues(Object.fromEntries(BROWSE_VALUE_NAMES.map((name) => [name, params.get(name) ?? ""])));
}
