import { z } from "zod";

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";

// RFC 5321's limit on a forward path; longer is not an address anyone can receive at.
export const MAX_EMAIL_LENGTH = 254;

/**
 * The whitelist form's schema: the same address rule as the login form (a valid
 * e-mail, trimmed and lowercased), checked by conform in the browser, by the Admins
 * tab's action and by POST /api/admin/whitelist. Not a .server module: the browser uses it.
 */
export const whitelistEmailSchema = z.object({
  email: z
    .string({ required_error: INVALID_EMAIL_MESSAGE, invalid_type_error: INVALID_EMAIL_MESSAGE })
    .trim()
    .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
    .email(INVALID_EMAIL_MESSAGE)
    // The whitelist, the tokens and the rate limits all key on the lowercased address.
    .transform((email) => email.toLowerCase()),
  /** 'Send an invitation': a checkbox on the form ("on"), a boolean in JSON. */
  invite: z.boolean({ invalid_type_error: "invite must be true or false" }).optional().default(false),
});

export const WHITELIST_MESSAGES = {
  added: "Email added to whitelist successfully",
  invited: (email: string) => `An invitation is on its way to ${email}.`,
  removed: "Email removed from whitelist",
  addFailed: "Failed to add email to whitelist",
  removeFailed: "Failed to remove email from whitelist",
  duplicate: "This email address is already on the whitelist",
  notFound: "That email address is no longer on the whitelist",
  cannotRemoveSelfTitle: "Cannot remove yourself",
  cannotRemoveSelf: "You cannot remove your own email from the whitelist",
} as const;
