import { z } from "zod";
import { fitsInText, fitsOnOneLine, ONE_LINE_RULE, TEXT_RULE } from "~/utils/control-characters";
import { spanishSaveNote, type SpanishStatus, type TranslationStatus } from "~/models/spanish-status";

/**
 * The FAQ form's schema, used by conform in the browser, by the FAQs tab's actions and
 * by POST /api/admin/faqs and PUT /api/admin/faqs/{id}. Not a .server module: the
 * browser uses it. Spanish texts left blank are stored as null (the Spanish site then
 * shows the English ones) and filled on save by machine translation when it can.
 */
export const FAQ_LIMITS = { question: 500, answer: 5_000, sortOrderMin: 0, sortOrderMax: 9_999 } as const;

export const FAQ_MESSAGES = {
  created: "FAQ created successfully",
  updated: "FAQ updated successfully",
  deleted: "FAQ deleted successfully",
  createFailed: "Failed to create FAQ",
  updateFailed: "Failed to update FAQ",
  deleteFailed: "Failed to delete FAQ",
  notFound: "That FAQ does not exist",
  questionRequired: "Question is required",
  answerRequired: "Answer is required",
  questionTooLong: `At most ${FAQ_LIMITS.question} characters`,
  answerTooLong: `At most ${FAQ_LIMITS.answer} characters`,
  // A question is one line; an answer keeps its line breaks and tabs (control-characters.ts).
  questionControls: `A question ${ONE_LINE_RULE}`,
  answerControls: `An answer ${TEXT_RULE}`,
  sortOrder: `Sort order must be a whole number from ${FAQ_LIMITS.sortOrderMin} to ${FAQ_LIMITS.sortOrderMax}`,
  isActive: "Active must be true or false",
  // Said after a save whose blank Spanish texts could not be filled.
  translationFailed: "The Spanish translation could not be made; you can add it by editing the FAQ.",
  translationUnavailable: "No translation service is set up, so the Spanish text was left blank; you can add it by editing the FAQ.",
  spanishBlank: "Its Spanish is missing, so the Spanish site shows this FAQ in English; you can add it by editing the FAQ.",
} as const;

/** A Spanish text: optional, trimmed, and blank (or null) means none. */
const spanishText = (max: number, tooLong: string, fits: (text: string) => boolean, controls: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(fits, controls)
    .nullish()
    .transform((value) => value || null);

export const faqSchema = z.object({
  question: z
    .string({ required_error: FAQ_MESSAGES.questionRequired })
    .trim()
    .min(1, FAQ_MESSAGES.questionRequired)
    .max(FAQ_LIMITS.question, FAQ_MESSAGES.questionTooLong)
    .refine(fitsOnOneLine, FAQ_MESSAGES.questionControls),
  answer: z
    .string({ required_error: FAQ_MESSAGES.answerRequired })
    .trim()
    .min(1, FAQ_MESSAGES.answerRequired)
    .max(FAQ_LIMITS.answer, FAQ_MESSAGES.answerTooLong)
    .refine(fitsInText, FAQ_MESSAGES.answerControls),
  questionSpanish: spanishText(FAQ_LIMITS.question, FAQ_MESSAGES.questionTooLong, fitsOnOneLine, FAQ_MESSAGES.questionControls),
  answerSpanish: spanishText(FAQ_LIMITS.answer, FAQ_MESSAGES.answerTooLong, fitsInText, FAQ_MESSAGES.answerControls),
  sortOrder: z
    .number({ invalid_type_error: FAQ_MESSAGES.sortOrder })
    .int(FAQ_MESSAGES.sortOrder)
    .min(FAQ_LIMITS.sortOrderMin, FAQ_MESSAGES.sortOrder)
    .max(FAQ_LIMITS.sortOrderMax, FAQ_MESSAGES.sortOrder)
    .default(0),
  isActive: z.boolean({ invalid_type_error: FAQ_MESSAGES.isActive }).default(true),
});

/**
 * The same rules for the HTML form, where an Active switch turned off sends nothing
 * at all: there a missing isActive means off (the form starts with it on).
 */
export const faqFormSchema = faqSchema.extend({ isActive: faqSchema.shape.isActive.removeDefault().default(false) });

export type FaqInput = z.output<typeof faqSchema>;

/** The JSON calls' translationMessage: why the blank Spanish texts were not filled. */
export function translationNote(status: TranslationStatus): string | null {
  if (status === "failed") return FAQ_MESSAGES.translationFailed;
  if (status === "unavailable") return FAQ_MESSAGES.translationUnavailable;
  return null;
}

/** What the toast after a save says of the FAQ's Spanish left to do. */
export function faqSpanishNote(status: SpanishStatus, translation: TranslationStatus): string | null {
  return spanishSaveNote(status, translation, {
    failed: FAQ_MESSAGES.translationFailed,
    unavailable: FAQ_MESSAGES.translationUnavailable,
    blank: FAQ_MESSAGES.spanishBlank,
  });
}
