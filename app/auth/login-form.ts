import type { z } from "zod";
import { MAX_EMAIL_LENGTH, whitelistEmailSchema } from "~/models/whitelist-form";
import { formBytesFor, type FormShape } from "~/utils/form-shape";

/**
 * The login form's one schema and its texts: conform checks the schema in the
 * browser, and the login page's action and POST /api/admin/auth/magic/request check
 * it on the server (through requestLoginLink). Not a .server module, so the browser
 * bundle can use it.
 */

export const LOGIN_LINK_SENT_MESSAGE = "Check your email for a login link.";
/** Said after it on the login page: where the link went, the same whether or not the address is on the list. */
export const loginLinkSentTo = (masked: string) => `We sent a link to ${masked} if it is on the list.`;
export const LOGIN_LINK_FAILED_MESSAGE = "Failed to send login link. Please try again or contact support.";
export const LOGIN_LINK_RATE_LIMITED_MESSAGE = "Too many login link requests. Please wait a few minutes and try again.";

/** The same address rule as the whitelist's: only a whitelisted address can sign in. */
export const loginEmailSchema = whitelistEmailSchema;

export type LoginEmailInput = z.output<typeof loginEmailSchema>;

/** What the login form posts (readForm): the address alone. */
export const LOGIN_FORM: FormShape = { fields: Object.keys(loginEmailSchema.shape), maxBytes: formBytesFor(MAX_EMAIL_LENGTH) };

/** The login page's error query values and what each one shows (docs/product.md §8). */
const LOGIN_ERRORS = new Map<string, { title: string; text: string }>([
  [
    "unauthorized",
    {
      title: "Access Denied",
      text: "Your email address is not authorized to access the admin dashboard. Please contact an administrator.",
    },
  ],
  ["server_error", { title: "Login Error", text: "There was a problem with login. Please try again." }],
  ["session_expired", { title: "Session Expired", text: "Your session has expired for security reasons. Please sign in again." }],
  ["expired_token", { title: "Magic Link Expired", text: "This login link has expired. Please request a new one." }],
  ["token_already_used", { title: "Magic Link Already Used", text: "This login link has already been used. Please request a new one." }],
  ["unknown", { title: "Authentication Failed", text: "We could not sign you in with that link. Please request a new one." }],
  [
    "passkey_step_expired",
    { title: "Passkey Step Expired", text: "Signing in with a passkey must follow the link or Google within 10 minutes. Please sign in again." },
  ],
]);

/** The message for an error query value; any other value (or none) shows nothing. */
export function loginErrorMessage(code: string | null | undefined): { title: string; text: string } | null {
  // A Map, not an object literal: "?error=constructor" must not find Object.prototype.
  return (code && LOGIN_ERRORS.get(code)) || null;
}
