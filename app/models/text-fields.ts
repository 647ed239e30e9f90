import { z } from "zod";
import { fitsInText, fitsOnOneLine, ONE_LINE_RULE, TEXT_RULE } from "~/utils/control-characters";

/**
 * The text fields of the property form and its facts (property-form.ts,
 * home-facts-form.ts): each reads what a form sends (a string, blank for an empty
 * field) and what a JSON body holds (a string, a number, null). Not a .server module:
 * conform checks with them in the browser.
 */

export const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");
export const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);

/**
 * One line (a name, a price) refuses every control character and direction override;
 * a multi-line text (a description) keeps its line breaks and tabs; an address is
 * refused by its own rule (link-rules.ts), which refuses them too, with one message.
 */
export type Lines = "one" | "many" | "address";

function withoutControls(text: z.ZodString, label: string, lines: Lines) {
  if (lines === "address") return text;
  return lines === "one" ? text.refine(fitsOnOneLine, `${label} ${ONE_LINE_RULE}`) : text.refine(fitsInText, `${label} ${TEXT_RULE}`);
}

/** A required text: trimmed, not empty, at most `max` characters. */
export function requiredText(label: string, max: number, options: { numbersAsText?: boolean; lines?: Lines } = {}) {
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
export function optionalText(label: string, max: number, lines: Lines = "one") {
  return z.preprocess(
    (value) => (blank(value) ? null : trimmed(value)),
    withoutControls(z.string({ invalid_type_error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`), label, lines).nullable(),
  );
}

