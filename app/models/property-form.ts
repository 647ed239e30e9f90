import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { fitsInText, fitsOnOneLine, ONE_LINE_RULE, TEXT_RULE } from "~/utils/control-characters";
import { isImageUrl, isWebUrl } from "~/utils/link-rules";
import { PRICE_KINDS } from "~/models/price";
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

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/**
 * One line (a name, a price) refuses every control character and direction override;
 * a multi-line text (a description) keeps its line breaks and tabs; an address is
 * refused by its own rule (link-rules.ts), which refuses them too, with one message.
 */
type Lines = "one" | "many" | "address";

function withoutControls(text: z.ZodString, label: string, lines: Lines) {
  if (lines === "address") return text;
  return lines === "one" ? text.refine(fitsOnOneLine, `${label} ${ONE_LINE_RULE}`) : text.refine(fitsInText, `${label} ${TEXT_RULE}`);
}

/** A required text: trimmed, not empty, at most `max` characters. */
function requiredText(label: string, max: number, options: { numbersAsText?: boolean; lines?: Lines } = {}) {
  const typeMessage = options.numbersAsText ? `${label} must be text or a number` : `${label} must be text`;
  return z.preprocess(
    (value) => {
      if (value === null) return undefined;
      // beds, baths and sqft read '2+', 'Studio' or '1200-1400', or a plain number (3 → "3").
      if (options.numbersAsText && typeof value === "number" && Number.isFinite(value)) return String(value);
      return trimmed(value);
    },
    withoutControls(
      z
        .string({ required_error: `${label} is required`, invalid_type_error: typeMessage })
        .min(1, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`),
      label,
      options.lines ?? "one",
    ),
  );
}

/** An optional text: blank, absent or null is stored as null. */
function optionalText(label: string, max: number, lines: Lines = "one") {
  return z.preprocess(
    (value) => (blank(value) ? null : trimmed(value)),
    withoutControls(z.string({ invalid_type_error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`), label, lines).nullable(),
  );
}

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

export const propertySchema = z.object({
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
  // Listed publicly unless said otherwise (docs/product.md §3: default true).
  isActive: z.preprocess((value) => {
    if (value === undefined || value === null) return true;
    if (value === "on" || value === "true") return true;
    if (value === "off" || value === "false") return false;
    return value;
  }, z.boolean({ invalid_type_error: ACTIVE_MESSAGE })),
});

export type PropertyInput = z.output<typeof propertySchema>;
export type PropertyField = keyof PropertyInput;

/**
 * What the Add and Edit actions answer when the server refuses the form (400, with
 * `error`), or to 'Find' without JavaScript (200, with the addresses found).
 */
export type PropertyActionData = { result: SubmissionResult<string[]>; error?: string; addressSearch?: AddressFindResult };

/**
 * Parses the Add and Edit form with the schema. A switch that is off sends nothing, so
 * the form's missing isActive means "off" (a JSON body without it means the default, on).
 */
export function parsePropertyForm(formData: FormData) {
  const data = new FormData();
  for (const [name, value] of formData) data.append(name, value);
  if (!data.has("isActive")) data.set("isActive", "false");
  return parseWithZod(data, { schema: propertySchema, disableAutoCoercion: true });
}
