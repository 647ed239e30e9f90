import { z } from "zod";

/**
 * The text entry form's schema, used by conform in the browser, by the Text tab's
 * action and by PUT /api/admin/text-entries/{id}. Entries are only edited, never made
 * or deleted, and the site looks texts up by key: the key is sent back unchanged.
 */
const MAX_TEXT_LENGTH = 5_000;

export const TEXT_ENTRY_MESSAGES = {
  updated: "Text entry updated successfully",
  updateFailed: "Failed to update text entry",
  keyRequired: "The key is required",
  keyChanged: "The key of a text entry cannot be changed",
  englishRequired: "English text is required",
  tooLong: `At most ${MAX_TEXT_LENGTH} characters`,
  notFound: "That text entry does not exist",
} as const;

export const textEntrySchema = z.object({
  key: z.string({ required_error: TEXT_ENTRY_MESSAGES.keyRequired }).trim().min(1, TEXT_ENTRY_MESSAGES.keyRequired),
  englishText: z
    .string({ required_error: TEXT_ENTRY_MESSAGES.englishRequired })
    .trim()
    .min(1, TEXT_ENTRY_MESSAGES.englishRequired)
    .max(MAX_TEXT_LENGTH, TEXT_ENTRY_MESSAGES.tooLong),
  // Blank Spanish falls back to the English text on the site.
  spanishText: z.string().trim().max(MAX_TEXT_LENGTH, TEXT_ENTRY_MESSAGES.tooLong).default(""),
});

export type TextEntryInput = z.output<typeof textEntrySchema>;
