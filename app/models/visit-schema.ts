import { z } from "zod";
import { CONTACT_LIMITS } from "./contact-fields";
import { contactSchema } from "./contact-schema";
import { LANGUAGES } from "~/utils/locale";
import { cleanMultilineText } from "~/utils/control-characters";
import { MAX_VISIT_TIMES } from "./visiting-hours";

/**
 * A visit request's fields (docs/product.md, visit requests): the visitor as the contact
 * form checks them, an optional message, and 1 to 3 times. The times themselves are
 * checked against the visiting hours by visit-requests.server.ts, which knows the
 * setting and the clock. Every message is a dictionary key (shown with t(key)).
 */

export const VISIT_ERRORS = {
  invalid: "visit.error.invalid",
  timeRequired: "visit.error.time_required",
  timeInvalid: "visit.error.time_invalid",
  timeUnavailable: "visit.error.time_unavailable",
  timeRepeated: "visit.error.time_repeated",
  timeTaken: "visit.error.time_taken",
  tooManyTimes: "visit.error.too_many_times",
  language: "visit.error.language",
  pending: "visit.error.pending",
} as const;

/** The visitor and their message, shared by the form and the JSON call. */
export const visitVisitorSchema = contactSchema.pick({ firstName: true, lastName: true, email: true, phone: true }).extend({
  // Optional here, cleaned like the contact form's.
  message: z.preprocess(
    (value) => (typeof value === "string" ? cleanMultilineText(value).trim() : value),
    z
      .string({ invalid_type_error: "validation.message_required" })
      .max(CONTACT_LIMITS.message, "validation.too_long")
      .nullish()
      .transform((value) => (value ? value : undefined)),
  ),
});

/** POST /api/properties/{id}/visits: `times` as ISO 8601 date-times with their offset. */
export const visitJsonSchema = visitVisitorSchema.extend({
  times: z
    .array(z.unknown(), { required_error: VISIT_ERRORS.timeRequired, invalid_type_error: VISIT_ERRORS.timeRequired })
    .min(1, VISIT_ERRORS.timeRequired)
    .max(MAX_VISIT_TIMES, VISIT_ERRORS.tooManyTimes),
  // Absent: the language the request is read in (its cookie or Accept-Language).
  language: z.enum(LANGUAGES, { errorMap: () => ({ message: VISIT_ERRORS.language }) }).optional(),
});

export type VisitVisitor = z.output<typeof visitVisitorSchema>;

/** The form's time fields: choice n is a day (dayN, "2026-12-01") and an hour (hourN, "9"). */
export const VISIT_CHOICES = Array.from({ length: MAX_VISIT_TIMES }, (_, index) => ({ day: `day${index + 1}`, hour: `hour${index + 1}`, error: `time${index + 1}` }));

/** What the visit page's action answers when it does not redirect. */
export type VisitActionData = {
  status: "invalid" | "rate_limited" | "failed" | "pending";
  /** Dictionary keys per field (firstName ... time1..time3) and for the form. */
  fieldErrors: Record<string, string[]>;
  formError?: string;
  /** What the visitor typed, to fill the form again. */
  values: Record<string, string>;
  /** With a time booked since the page was drawn: the free times nearest it, as the form's day and hour. */
  freeNearby?: { day: string; hour: string; label: string }[];
};
