import { z } from "zod";
import { fitsInText, TEXT_RULE } from "~/utils/control-characters";
import { isLinkEntryKey, isSiteLink, SITE_LINK_RULE } from "~/utils/link-rules";

/**
 * The text entry form's schema, used by conform in the browser, by the Text tab's
 * action and by PUT /api/admin/text-entries/{id}. Entries are only edited, never made
 * or deleted, and the site looks texts up by key: the key is sent back unchanged.
 * A text may span lines (a paragraph) but holds no other control character; a link
 * entry's texts (links.pay_rent_url ...), which the site renders as hrefs, are links.
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
  controls: `A text ${TEXT_RULE}`,
  notALink: SITE_LINK_RULE,
  // Said after a save that leaves the Spanish blank.
  spanishBlank: "Its Spanish is blank, so the Spanish site shows the English text until the Spanish is written.",
} as const;

const TEXT_FIELDS = ["englishText", "spanishText"] as const;

const textEntryFields = z.object({
  key: z.string({ required_error: TEXT_ENTRY_MESSAGES.keyRequired }).trim().min(1, TEXT_ENTRY_MESSAGES.keyRequired),
  englishText: z
    .string({ required_error: TEXT_ENTRY_MESSAGES.englishRequired })
    .trim()
    .min(1, TEXT_ENTRY_MESSAGES.englishRequired)
    .max(MAX_TEXT_LENGTH, TEXT_ENTRY_MESSAGES.tooLong),
  // Blank Spanish falls back to the English text on the site.
  spanishText: z.string().trim().max(MAX_TEXT_LENGTH, TEXT_ENTRY_MESSAGES.tooLong).default(""),
});

/**
 * The rule a text follows depends on the key it is sent with, so it is checked on the
 * whole entry; the server then refuses a key other than the entry's own, so a link
 * entry cannot escape its rule under another entry's key. One message a text: a link
 * holds no control character either.
 */
export const textEntrySchema = textEntryFields.superRefine((entry, context) => {
  const link = isLinkEntryKey(entry.key);
  for (const field of TEXT_FIELDS) {
    const text = entry[field];
    // Blank: "required" for English; for Spanish, the English link is shown instead.
    if (!text) continue;
    if (link ? !isSiteLink(text) : !fitsInText(text)) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: link ? TEXT_ENTRY_MESSAGES.notALink : TEXT_ENTRY_MESSAGES.controls });
    }
  }
});

export type TextEntryInput = z.output<typeof textEntrySchema>;
