import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { blank, optionalText, requiredText, trimmed } from "~/models/text-fields";
import { isImageUrl, isWebUrl } from "~/utils/link-rules";
import { PRICE_KINDS } from "~/models/price";
import { factsOfForm, homeFactFormFields, homeFactsSchema } from "~/models/home-facts-form";
import type { AddressFindResult } from "~/services/address-search/address-search";

/**
 * The property form's one schema (docs/product.md §3 and §5), used by conform in the
 * browser, by the Properties tab's Add and Edit actions and by POST and PUT
 * /api/admin/properties. It reads both what a form sends (every value a string, blank
 * for an empty field) and what a JSON body holds (numbers, booleans, null), so it does
 * its own coercion and conform's is switched off (parsePropertyForm). Not a .server
 * module: the browser uses it.
 */

// The address rules are shared with the dictionary's links (link-rules.ts).
export { isImageUrl } from "~/utils/link-rules";

export const PROPERTY_LIMITS = {
  name: 200,
  location: 300,
  price: 100,
  url: 2048,
  count: 50,
  description: 5000,
} as const;

const NUMBER_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A coordinate: a number (or a number written as text) within the bounds; blank means absent. */
function coordinate(label: string, bound: number) {
  const rangeMessage = `${label} must be between -${bound} and ${bound}`;
  return z.preprocess(
    (value) => {
      if (blank(value)) return null;
      if (typeof value === "string") return NUMBER_TEXT.test(value.trim()) ? Number(value.trim()) : value;
      return value;
    },
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .finite(`${label} must be a number`)
      .min(-bound, rangeMessage)
      .max(bound, rangeMessage)
      .nullable(),
  );
}

export const MAX_PRICE_AMOUNT = 100_000_000;
const AMOUNT_MESSAGE = `Price amount must be a number from 0 to ${MAX_PRICE_AMOUNT.toLocaleString("en-US")}`;

/**
 * The amount read from the price text, when the admin corrects it: a plain number of
 * dollars ('1150', '1,150.50' and '$89,900' are accepted); blank means "read it from
 * the price text" (models/price.ts).
 */
const priceAmount = z.preprocess(
  (value) => {
    if (blank(value)) return null;
    if (typeof value === "string") {
      const text = value.trim().replace(/^\$\s*/, "").replace(/,(?=\d{3}(\D|$))/g, "");
      return NUMBER_TEXT.test(text) ? Number(text) : value;
    }
    return value;
  },
  z.number({ invalid_type_error: AMOUNT_MESSAGE }).finite(AMOUNT_MESSAGE).min(0, AMOUNT_MESSAGE).max(MAX_PRICE_AMOUNT, AMOUNT_MESSAGE).nullable(),
);

const KIND_MESSAGE = "Price kind must be rent or sale";
const priceKind = z.preprocess((value) => (blank(value) ? null : trimmed(value)), z.enum(PRICE_KINDS, { errorMap: () => ({ message: KIND_MESSAGE }) }).nullable());

const IMAGE_URL_MESSAGE = "Image URL must be a path on this site (starting with /) or an http(s) URL";
const APPLICATION_URL_MESSAGE = "Application URL must be an http(s) URL";
const ACTIVE_MESSAGE = "Active Listing must be true or false";

/** The seed's fields of a home, as the JSON and the form have them alike. */
const propertyFields = z.object({
  name: requiredText("Name", PROPERTY_LIMITS.name),
  location: requiredText("Location", PROPERTY_LIMITS.location),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  price: requiredText("Price", PROPERTY_LIMITS.price),
  priceSpanish: optionalText("Price (Spanish)", PROPERTY_LIMITS.price),
  priceAmount,
  priceKind,
  imageUrl: requiredText("Image URL", PROPERTY_LIMITS.url, { lines: "address" }).refine((url) => url === "" || isImageUrl(url), IMAGE_URL_MESSAGE),
  applicationUrl: optionalText("Application URL", PROPERTY_LIMITS.url, "address").refine((url) => url === null || isWebUrl(url), APPLICATION_URL_MESSAGE),
  beds: requiredText("Beds", PROPERTY_LIMITS.count, { numbersAsText: true }),
  baths: requiredText("Baths", PROPERTY_LIMITS.count, { numbersAsText: true }),
  sqft: requiredText("Square feet", PROPERTY_LIMITS.count, { numbersAsText: true }),
  description: requiredText("Description", PROPERTY_LIMITS.description, { lines: "many" }),
  descriptionSpanish: optionalText("Description (Spanish)", PROPERTY_LIMITS.description, "many"),
  // Listed publicly unless said otherwise (docs/product.md §3: default true). Left out, it
  // is left to the status (home-facts.server.ts, statusAfterSave), which is true's default.
  isActive: z.preprocess((value) => {
    if (value === undefined || value === null) return undefined;
    if (value === "on" || value === "true") return true;
    if (value === "off" || value === "false") return false;
    return value;
  }, z.boolean({ invalid_type_error: ACTIVE_MESSAGE }).optional()),
});

/** A home as the admin JSON sends it: the seed's fields and, beside them, its `facts`. */
export const propertySchema = propertyFields.extend({
  // Left out of a JSON body (the seed's shape), the stored facts stay.
  facts: homeFactsSchema.optional(),
});

export type PropertyInput = z.output<typeof propertySchema>;
export type PropertyField = keyof PropertyInput;

/**
 * A home as the staff form posts it: the seed's texts and each fact a field of its own
 * (home-facts-form.ts). Its status says whether the home is shown, and its price amount
 * and period are the facts' (blank: read from the price text), so the seed's isActive,
 * priceAmount and priceKind are not among its fields.
 */
export const propertyFormSchema = propertyFields
  .omit({ isActive: true, priceAmount: true, priceKind: true })
  .extend(homeFactFormFields)
  .transform((values): PropertyInput => {
    const seed = Object.fromEntries(Object.entries(values).filter(([name]) => name in propertyFields.shape));
    return { ...(seed as Omit<PropertyInput, "priceAmount" | "priceKind" | "isActive" | "facts">), priceAmount: null, priceKind: null, isActive: undefined, facts: factsOfForm(values) };
  });

/**
 * What the Add and Edit actions answer when the server refuses the form (400, with
 * `error`), or to 'Find' without JavaScript (200, with the addresses found).
 */
export type PropertyActionData = {
  result: SubmissionResult<string[]>;
  error?: string;
  addressSearch?: AddressFindResult;
  /** The visits the save would call off (confirmed ones, requests not yet answered): said first, and their total posted back (VISITS_TO_CALL_OFF_FIELD) to go ahead. */
  visitsToCallOff?: { confirmed: number; requested: number };
};

/** The Edit form's answer to the warning: the count of visits it was told of, so a new visit since is told too. */
export const VISITS_TO_CALL_OFF_FIELD = "visitsToCallOff";

/** Parses the Add and Edit form with its schema: its status says whether the home is shown. */
export function parsePropertyForm(formData: FormData) {
  return parseWithZod(formData, { schema: propertyFormSchema, disableAutoCoercion: true });
}
