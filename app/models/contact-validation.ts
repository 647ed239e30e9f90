import { parse } from "@conform-to/react";
import { CONTACT_LIMITS, CONTACT_SUBJECTS } from "./contact-fields";
import { cleanMultilineText, fitsOnOneLine } from "~/utils/control-characters";

/**
 * The contact form's check in the browser, without zod (decision 057): the rules of
 * `contactSchema` (contact-schema.ts) written out, giving each field the same messages in
 * the same order. zod alone was 14 KiB of script for a phone to fetch and run for six
 * fields. The home page loads this module (a dynamic import) when the visitor first comes
 * to the form. The server keeps checking every message with the schema; a unit test
 * (tests/unit/contact-check.test.ts) holds the two to the same answers.
 */

export const TOO_LONG = "validation.too_long";
// A line break, NUL, ESC or a bidirectional override in a one-line field (control-characters.ts).
export const CONTROL_CHARACTER_KEY = "validation.special_characters";

// zod 3's e-mail pattern, which the schema's `.email()` uses.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
const PHONE_PATTERN = /^[0-9 +().,-]{7,20}$/;
const PHONE_MIN_DIGITS = 7;

/** Digits and the usual separators, at least 7 digits, so "---- ----" is not a phone. */
export function isPlausiblePhone(value: string): boolean {
  return PHONE_PATTERN.test(value) && (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS;
}

function requiredText(value: unknown, messageKey: string, max: number): string[] {
  if (typeof value !== "string") return [messageKey];
  const text = value.trim();
  if (text.length < 1) return [messageKey];
  return text.length > max ? [TOO_LONG] : [];
}

function requiredLine(value: unknown, messageKey: string, max: number): string[] {
  const errors = requiredText(value, messageKey, max);
  if (typeof value === "string" && !fitsOnOneLine(value.trim())) errors.push(CONTROL_CHARACTER_KEY);
  return errors;
}

function emailErrors(value: unknown): string[] {
  if (typeof value !== "string") return ["validation.email_invalid"];
  const email = value.trim();
  const errors = email.length > CONTACT_LIMITS.email ? [TOO_LONG] : [];
  if (!EMAIL_PATTERN.test(email)) errors.push("validation.email_invalid");
  return errors;
}

function phoneErrors(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "string") return ["validation.phone_invalid"];
  const phone = value.trim();
  const errors: string[] = [];
  const tooLong = phone.length > CONTACT_LIMITS.phone;
  if (tooLong) errors.push(TOO_LONG);
  const oneLine = fitsOnOneLine(phone);
  if (!oneLine) errors.push(CONTROL_CHARACTER_KEY);
  // One message each: a too long or special-character phone is not also "not a phone".
  if (phone !== "" && !tooLong && oneLine && !isPlausiblePhone(phone)) errors.push("validation.phone_invalid");
  return errors;
}

/**
 * Each field's messages (dictionary keys), only for the fields that have any. `values` is
 * the form as conform reads it: a field left empty is absent.
 */
export function contactErrors(values: Record<string, unknown>): Record<string, string[]> {
  const message = typeof values.message === "string" ? cleanMultilineText(values.message) : values.message;
  const errors: Record<string, string[]> = {
    firstName: requiredLine(values.firstName, "validation.first_name_required", CONTACT_LIMITS.name),
    lastName: requiredLine(values.lastName, "validation.last_name_required", CONTACT_LIMITS.name),
    email: emailErrors(values.email),
    phone: phoneErrors(values.phone),
    subject: (CONTACT_SUBJECTS as readonly unknown[]).includes(values.subject) ? [] : ["validation.subject_required"],
    message: requiredText(message, "validation.message_required", CONTACT_LIMITS.message),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, messages]) => messages.length > 0));
}

/** The form checked as conform expects it: its errors, or its values when there are none. */
export function validateContact(formData: FormData) {
  return parse(formData, {
    resolve: (value) => {
      const error = contactErrors(value);
      return Object.keys(error).length > 0 ? { error } : { value };
    },
  });
}
