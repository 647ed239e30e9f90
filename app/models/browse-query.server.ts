import { z } from "zod";
import {
  BATH_CHOICES,
  BED_CHOICES,
  BROWSE_SORTS,
  DEFAULT_BROWSE_SORT,
  MAX_BROWSE_PRICE,
  MAX_BROWSE_TEXT,
  type BrowseQuery,
} from "./browse-query";
import { cleanOneLine } from "~/utils/control-characters";
import { isCalendarDay } from "./home-facts-form";
import { BROWSE_KINDS, HOME_TYPES, PET_FILTERS } from "./browse-choices";
import { readDollars } from "~/utils/dollars";

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

export const browseQuerySchema = z.object({
  q: text,
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
  sort: z.enum(BROWSE_SORTS).catch(DEFAULT_BROWSE_SORT),
  page,
});

/** The query a URL asks for; absent and repeated names read as their first value. */
export function parseBrowseQuery(params: URLSearchParams): BrowseQuery {
  const first = (name: string) => params.get(name) ?? "";
  return browseQuerySchema.parse({
    q: first("q"),
    kind: first("kind"),
    minPrice: first("minPrice"),
    maxPrice: first("maxPrice"),
    beds: first("beds"),
    baths: first("baths"),
    pets: first("pets"),
    homeType: first("homeType"),
    senior: first("senior"),
    availableBy: first("availableBy"),
    sort: first("sort"),
    page: first("page"),
  });
}
