import { z } from "zod";
import { INVALID_EMAIL_MESSAGE, MAX_EMAIL_LENGTH } from "~/models/whitelist-form";
import { fitsOnOneLine, ONE_LINE_RULE } from "~/utils/control-characters";

/**
 * The contact e-mail setting's one schema and its texts (docs/product.md §3, §5 and §8):
 * conform checks it in the browser, the Settings tab's action and the JSON calls
 * (PUT /api/admin/configurations/contact_email, POST /api/admin/configurations) check
 * it on the server. Not a .server module: the browser uses it.
 */

export const CONTACT_EMAIL_KEY = "contact_email";
export const CONTACT_EMAIL_DESCRIPTION = "Email address where contact form submissions are sent";

/** The settings the product knows; any other key is refused. */
export const CONFIGURATION_KEYS: readonly string[] = [CONTACT_EMAIL_KEY];

export const CONTACT_EMAIL_MESSAGES = {
  invalid: INVALID_EMAIL_MESSAGE,
  updated: "Contact email updated successfully",
  updateFailed: "Failed to update contact email",
  testSentTitle: "Test Email Sent",
  testFailedTitle: "Test Email Failed",
  notConfigured: "No contact email is configured yet. Save an address first.",
  exists: "The contact_email setting already exists: change it with PUT /api/admin/configurations/contact_email",
  unknownKey: "Unknown configuration key",
  descriptionInvalid: "The description must be text of at most 500 characters",
  descriptionControls: `The description ${ONE_LINE_RULE}`,
} as const;

const MAX_DESCRIPTION_LENGTH = 500;

/**
 * docs/product.md §5: some text, an @, a dotted domain, no spaces. Commas, semicolons,
 * angle brackets, quotes and parentheses are refused too: the value becomes a mail's
 * To header, where they would name a second recipient or a display name.
 */
const ADDRESS_PART = String.raw`[^\s@,;<>()\[\]"\\]+`;
const CONTACT_EMAIL_PATTERN = new RegExp(`^${ADDRESS_PART}@${ADDRESS_PART}\\.${ADDRESS_PART}$`);

const contactEmailValue = z
  .string({ required_error: INVALID_EMAIL_MESSAGE, invalid_type_error: INVALID_EMAIL_MESSAGE })
  .trim()
  .min(1, INVALID_EMAIL_MESSAGE)
  .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
  .regex(CONTACT_EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
  // The pattern refuses white space only: NUL, ESC or an override would reach a mail's To header.
  .refine(fitsOnOneLine, INVALID_EMAIL_MESSAGE);

/** The Settings tab's form and the body of PUT /api/admin/configurations/contact_email. */
export const contactEmailSchema = z.object({ value: contactEmailValue });

export type ContactEmailInput = z.output<typeof contactEmailSchema>;

/**
 * The body of POST /api/admin/configurations: a known key, its value (only
 * contact_email is known, so the value is an address) and an optional description
 * (the known one when none is given).
 */
export const newConfigurationSchema = contactEmailSchema.extend({
  key: z
    .string({ required_error: CONTACT_EMAIL_MESSAGES.unknownKey, invalid_type_error: CONTACT_EMAIL_MESSAGES.unknownKey })
    .refine((key) => CONFIGURATION_KEYS.includes(key), CONTACT_EMAIL_MESSAGES.unknownKey),
  description: z
    .string({ invalid_type_error: CONTACT_EMAIL_MESSAGES.descriptionInvalid })
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, CONTACT_EMAIL_MESSAGES.descriptionInvalid)
    .refine(fitsOnOneLine, CONTACT_EMAIL_MESSAGES.descriptionControls)
    .nullish()
    .transform((description) => description || CONTACT_EMAIL_DESCRIPTION),
});

export type NewConfigurationInput = z.output<typeof newConfigurationSchema>;

/**
 * Whether contact messages reach the office: set up once a contact e-mail is stored;
 * until then they go to MAIL_FROM (`recipient`), which is `read` when it is an address
 * someone could read (not no-reply@localhost, not a no-reply mailbox).
 */
export type ContactMailSetup = { configured: true } | { configured: false; recipient: string; read: boolean };
