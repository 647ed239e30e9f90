import { loginEmailSchema } from "~/auth/login-form";

/**
 * The whitelist form's schema: the same address rule as the login form (a valid
 * e-mail, trimmed and lowercased), checked by conform in the browser, by the Admins
 * tab's action and by POST /api/admin/whitelist. Not a .server module: the browser uses it.
 */
export const whitelistEmailSchema = loginEmailSchema;

export const WHITELIST_MESSAGES = {
  added: "Email added to whitelist successfully",
  removed: "Email removed from whitelist",
  addFailed: "Failed to add email to whitelist",
  removeFailed: "Failed to remove email from whitelist",
  duplicate: "This email address is already on the whitelist",
  notFound: "That email address is no longer on the whitelist",
  cannotRemoveSelfTitle: "Cannot remove yourself",
  cannotRemoveSelf: "You cannot remove your own email from the whitelist",
} as const;
