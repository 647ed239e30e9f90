import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { CONTROL_CHARACTER_KEY, TOO_LONG, isPlausiblePhone } from "./contact-validation";
import { CONTACT_LIMITS, CONTACT_SUBJECTS } from "./contact-fields";
import { cleanMultilineText, fitsOnOneLine } from "~/utils/control-characters";

export { CONTACT_LIMITS, CONTACT_SUBJECTS, HONEYPOT_FIELD, type ContactSubject } from "./contact-fields";

/**
 * The contact form's schema: the home page's action and POST /api/contact validate with
 * it on the server; the browser checks the same rules without zod (contact-validation.ts).
 * Every message is a dictionary key, so each side shows it in the visitor's language with
 * t(key).
 */

export { isPlausiblePhone };

/** A required text: a missing value, a non-string and blanks all get the same message. */
function requiredText(messageKey: string, max: number) {
  return z
    .string({ required_error: messageKey, invalid_type_error: messageKey })
    .trim()
    .min(1, messageKey)
    .max(max, TOO_LONG);
}

/** A required one-line text (a name): refused, not cleaned, when it holds a control character. */
function requiredLine(messageKey: string, max: number) {
  return requiredText(messageKey, max).refine(fitsOnOneLine, CONTROL_CHARACTER_KEY);
}

export const contactSchema = z.object({
  firstName: requiredLine("validation.first_name_required", CONTACT_LIMITS.name),
  lastName: requiredLine("validation.last_name_required", CONTACT_LIMITS.name),
  email: z
    .string({ required_error: "validation.email_invalid", invalid_type_error: "validation.email_invalid" })
    .trim()
    .max(CONTACT_LIMITS.email, TOO_LONG)
    .email("validation.email_invalid"),
  // JSON clients send "", null or nothing for "no phone"; all three mean absent.
  phone: z
    .string({ invalid_type_error: "validation.phone_invalid" })
    .trim()
    .max(CONTACT_LIMITS.phone, TOO_LONG)
    .refine(fitsOnOneLine, CONTROL_CHARACTER_KEY)
    // One message each: a too long or special-character phone is not also "not a phone".
    .refine(
      (value) => value === "" || value.length > CONTACT_LIMITS.phone || !fitsOnOneLine(value) || isPlausiblePhone(value),
      "validation.phone_invalid",
    )
    .nullish()
    .transform((value) => (value ? value : undefined)),
  // A closed list: anything else, a control character included, is "choose a subject".
  subject: z.enum(CONTACT_SUBJECTS, { errorMap: () => ({ message: "validation.subject_required" }) }),
  // Cleaned, not refused: the visitor's line breaks (browsers send CRLF) become "\n",
  // tabs stay, any other control character goes, before the checks, so a message of
  // nothing but controls is "enter a message".
  message: z.preprocess(
    (value) => (typeof value === "string" ? cleanMultilineText(value) : value),
    requiredText("validation.message_required", CONTACT_LIMITS.message),
  ),
  // The home an 'Ask about this home' message is about. Never refused: a home that is
  // no longer listed (or a tampered value) is simply not linked (models/messages.server.ts).
  propertyId: z.preprocess((value) => {
    if (typeof value === "number") return value;
    if (typeof value === "string" && /^\d{1,12}$/.test(value.trim())) return Number(value.trim());
    return undefined;
  }, z.number().int().positive().safe().optional().catch(undefined)).optional(),
});

/** What the form sends (strings), before trimming. */
export type ContactFormInput = z.input<typeof contactSchema>;
/** A checked contact message: trimmed, phone absent rather than blank. */
export type ContactInput = z.output<typeof contactSchema>;

export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/** What the home page's contact action answers (the form with its result, or a failure). */
export type ContactActionData =
  | { status: "success" | "invalid" | "rate_limited"; result: SubmissionResult<string[]> }
  // Without a result when the request never reached this action.
  | { status: "failed"; result?: SubmissionResult<string[]> };
