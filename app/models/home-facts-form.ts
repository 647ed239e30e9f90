import { z } from "zod";
import { readDollars } from "~/utils/dollars";
import { isWebUrl } from "~/utils/link-rules";
import { blank, optionalText, trimmed } from "~/models/text-fields";
import {
  FACT_LIMITS,
  HOME_STATUSES,
  HOME_TYPES,
  LISTING_TYPES,
  PET_POLICIES,
  PRICE_PERIODS,
  UTILITIES,
  type HomeStatus,
  type Utility,
} from "~/models/home-facts";

/**
 * The `facts` of the property form and of the admin JSON, as one zod schema (home-facts.ts
 * names them). Like the rest of the property schema it reads a form's strings and a JSON
 * body's numbers, booleans and lists alike. Every fact is optional: blank, null or left
 * out is stored as none; `status` left out follows `isActive` (properties.server.ts).
 * Not a .server module: conform checks with it in the browser.
 */

const oneOf = (values: readonly string[]) => values.join(", ");

function choice<const Values extends readonly [string, ...string[]]>(label: string, values: Values) {
  const message = `${label} must be one of: ${oneOf(values)}`;
  return z.preprocess((value) => (blank(value) ? null : trimmed(value)), z.enum(values, { errorMap: () => ({ message }) }).nullable());
}

/** Whole dollars, as "1050", "1,050", "$1,050", "$90k" or a JSON number. */
function wholeDollars(label: string, max: number) {
  const message = `${label} must be whole dollars from 0 to ${max.toLocaleString("en-US")}`;
  return z.preprocess(
    (value) => {
      if (blank(value)) return null;
      if (typeof value === "string") return readDollars(value) ?? value;
      return value;
    },
    z.number({ invalid_type_error: message }).int(message).min(0, message).max(max, message).nullable(),
  );
}

const NUMBER_TEXT = /^\d+(?:\.\d+)?$/;

function count(label: string, min: number, max: number, step: 1 | 0.5 = 1) {
  // 100,000 square feet, but year 2027.
  const upTo = max >= 10_000 ? max.toLocaleString("en-US") : String(max);
  const message = step === 1 ? `${label} must be a whole number from ${min} to ${upTo}` : `${label} must be a whole or half number from ${min} to ${upTo}`;
  return z.preprocess(
    (value) => {
      if (blank(value)) return null;
      if (typeof value === "string") {
        const text = value.trim().replaceAll(",", "");
        return NUMBER_TEXT.test(text) ? Number(text) : value;
      }
      return value;
    },
    z
      .number({ invalid_type_error: message })
      .finite(message)
      .min(min, message)
      .max(max, message)
      .refine((n) => Number.isInteger(n / step), message)
      .nullable(),
  );
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, between 2000 and 2100. */
export function isCalendarDay(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const AVAILABLE_ON_MESSAGE = "Available on must be a date written YYYY-MM-DD";
const availableOn = z.preprocess(
  (value) => (blank(value) ? null : trimmed(value)),
  z.string({ invalid_type_error: AVAILABLE_ON_MESSAGE }).refine(isCalendarDay, AVAILABLE_ON_MESSAGE).nullable(),
);

function yesOrNo(label: string) {
  const message = `${label} must be true or false`;
  return z.preprocess((value) => {
    if (blank(value)) return null;
    if (value === "true" || value === "on" || value === "yes") return true;
    if (value === "false" || value === "off" || value === "no") return false;
    return value;
  }, z.boolean({ invalid_type_error: message }).nullable());
}

const SHOW_ADDRESS_MESSAGE = "Show the street address must be true or false";
// A checkbox that is off sends nothing: left out is "no".
const streetAddressPublic = z.preprocess((value) => {
  if (blank(value)) return false;
  if (value === "true" || value === "on") return true;
  if (value === "false" || value === "off") return false;
  return value;
}, z.boolean({ invalid_type_error: SHOW_ADDRESS_MESSAGE }));

const UTILITIES_MESSAGE = `Utilities included must be a list of: ${oneOf(UTILITIES)}`;
/** A list from UTILITIES, as a JSON array (the form has a box for each: homeFactFormFields). */
const utilitiesIncluded = z.preprocess(
  (value) => (value === undefined || value === null ? [] : value),
  z
    .array(z.enum(UTILITIES, { errorMap: () => ({ message: UTILITIES_MESSAGE }) }), { invalid_type_error: UTILITIES_MESSAGE })
    .max(UTILITIES.length * 2, UTILITIES_MESSAGE)
    .transform((list): Utility[] => UTILITIES.filter((utility) => list.includes(utility))),
);

const TOUR_URL_MESSAGE = "Tour URL must be an https address";
const tourUrl = optionalText("Tour URL", FACT_LIMITS.url, "address").refine((url) => url === null || (isWebUrl(url) && url.toLowerCase().startsWith("https://")), TOUR_URL_MESSAGE);

const STATUS_MESSAGE = `Status must be one of: ${oneOf(HOME_STATUSES)}`;
/** Left out, the status follows isActive; given, it must be one of the six. */
const status = z.preprocess(
  (value) => (blank(value) ? undefined : trimmed(value)),
  z.enum(HOME_STATUSES, { errorMap: () => ({ message: STATUS_MESSAGE }) }).optional(),
) as z.ZodType<HomeStatus | undefined>;

/** Each fact's field, by name. */
export const homeFactFields = {
  status,
  availableOn,
  listingType: choice("Listing type", LISTING_TYPES),
  priceAmount: wholeDollars("Price amount", FACT_LIMITS.dollars),
  pricePeriod: choice("Price period", PRICE_PERIODS),
  depositAmount: wholeDollars("Deposit", FACT_LIMITS.fee),
  applicationFee: wholeDollars("Application fee", FACT_LIMITS.fee),
  lotRentMonthly: wholeDollars("Lot rent", FACT_LIMITS.fee),
  lotRentIncludes: optionalText("What lot rent includes", FACT_LIMITS.note),
  lotRentIncludesSpanish: optionalText("What lot rent includes (Spanish)", FACT_LIMITS.note),
  otherMonthlyFees: wholeDollars("Other monthly fees", FACT_LIMITS.fee),
  otherMonthlyFeesNote: optionalText("What the other fees are", FACT_LIMITS.note),
  otherMonthlyFeesNoteSpanish: optionalText("What the other fees are (Spanish)", FACT_LIMITS.note),
  utilitiesIncluded,
  bedrooms: count("Bedrooms", 0, FACT_LIMITS.rooms),
  bathrooms: count("Bathrooms", 0, FACT_LIMITS.rooms, 0.5),
  squareFeet: count("Square feet", 1, FACT_LIMITS.squareFeet),
  homeType: choice("Home type", HOME_TYPES),
  // Next year's models are sold this year.
  yearBuilt: count("Year built", FACT_LIMITS.firstYear, new Date().getUTCFullYear() + 1),
  make: optionalText("Make", FACT_LIMITS.name),
  model: optionalText("Model", FACT_LIMITS.name),
  pets: choice("Pets", PET_POLICIES),
  petsNote: optionalText("Pet limits and fees", FACT_LIMITS.note),
  petsNoteSpanish: optionalText("Pet limits and fees (Spanish)", FACT_LIMITS.note),
  community: optionalText("Community", FACT_LIMITS.community),
  seniorCommunity: yesOrNo("55+ community"),
  streetAddress: optionalText("Street address", FACT_LIMITS.streetAddress),
  streetAddressPublic,
  tourUrl,
};

/** The admin JSON's `facts` object. A misspelt fact ("pet") is refused, not dropped: the caller would think it saved. */
export const homeFactsSchema = z.object(homeFactFields, { invalid_type_error: "Facts must be an object" }).strict();

export type HomeFactsInput = z.output<typeof homeFactsSchema>;

/** The form's name of the box that says a utility is included ("utilityWater"). */
export function utilityField(utility: Utility): `utility${string}` {
  return `utility${utility[0].toUpperCase()}${utility.slice(1)}`;
}

const box = z.preprocess((value) => value === "on" || value === "true", z.boolean());

/**
 * The facts as the staff form posts them: each a field of its own beside the home's
 * texts (a form's names are plain: the server refuses a name that reads as structure,
 * or one sent twice), the utilities one box each.
 */
export const homeFactFormFields = {
  ...(({ utilitiesIncluded: _list, ...fields }) => fields)(homeFactFields),
  ...(Object.fromEntries(UTILITIES.map((utility) => [utilityField(utility), box])) as Record<`utility${string}`, typeof box>),
};

/** The facts of a posted form (parsed by homeFactFormFields) as the JSON's `facts` object holds them. */
export function factsOfForm(values: Record<string, unknown>): HomeFactsInput {
  const facts: Record<string, unknown> = {};
  for (const name of Object.keys(homeFactFields)) if (name !== "utilitiesIncluded") facts[name] = values[name];
  facts.utilitiesIncluded = UTILITIES.filter((utility) => values[utilityField(utility)] === true);
  return facts as HomeFactsInput;
}
