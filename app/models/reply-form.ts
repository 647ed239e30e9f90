import { z } from "zod";
import { REPLY_TEMPLATES } from "~/db/reply-template-values";
import { fitsInText, TEXT_RULE } from "~/utils/control-characters";
import { LANGUAGES, type Language } from "~/utils/locale";

export { REPLY_TEMPLATES };

/**
 * A reply from the Messages tab (docs/product.md, "Replies"): its fields, rules and
 * texts, shared by the Reply dialog, its action and POST /api/admin/messages/{id}/replies.
 * Not a .server module: the dialog checks with it in the browser.
 */

export type ReplyTemplate = (typeof REPLY_TEMPLATES)[number];

export const REPLY_MAX_LENGTH = 5000;

export const REPLY_FIELDS = { language: "language", template: "template", body: "body" } as const;

export const REPLY_MESSAGES = {
  sentTo: (name: string) => `Reply sent to ${name}`,
  sendFailed: "Failed to send the reply",
  bodyRequired: "Write the reply",
  bodyTooLong: `The reply must be at most ${REPLY_MAX_LENGTH} characters`,
  bodyControls: `The reply ${TEXT_RULE}`,
  languageInvalid: `The language must be one of ${LANGUAGES.join(", ")}`,
  templateInvalid: `The ready answer must be one of ${REPLY_TEMPLATES.join(", ")}`,
  choiceInvalid: "Choose a language and a ready answer that exist",
} as const;

const language = z.enum(LANGUAGES, { errorMap: () => ({ message: REPLY_MESSAGES.languageInvalid }) });
const template = z
  .union([z.literal(""), z.null(), z.enum(REPLY_TEMPLATES)], { errorMap: () => ({ message: REPLY_MESSAGES.templateInvalid }) })
  .optional()
  .transform((value) => value || null);

/** What a reply sends: its language, the text as staff left it, and the ready answer it started from (null: none). */
export const replySchema = z.object({
  language,
  template,
  body: z
    .string({ required_error: REPLY_MESSAGES.bodyRequired, invalid_type_error: REPLY_MESSAGES.bodyRequired })
    .trim()
    .min(1, REPLY_MESSAGES.bodyRequired)
    .max(REPLY_MAX_LENGTH, REPLY_MESSAGES.bodyTooLong)
    .refine(fitsInText, REPLY_MESSAGES.bodyControls),
});

export type ReplyInput = z.output<typeof replySchema>;

/** Which draft to write out: a language and a ready answer, each left out for the enquiry's own. */
export const replyDraftSchema = z.object({ language: language.optional(), template });

export type ReplyDraftChoice = { language?: Language; template: ReplyTemplate | null };

/** The card's button: in the language the reply will be written in (the visitor's). */
export const replyButtonLabel = (language: Language | null) => (language === "es" ? "Responder" : "Reply");
