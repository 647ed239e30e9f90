import { clientFields, emailFields } from "~/config/log-pseudonyms.server";
import { log } from "~/config/logger.server";

/**
 * The sign-in events of the structured log (ASVS 16.3.1): one line per sign-in, refused
 * sign-in and sign-out, with a stable `event` name, the `outcome`, the way in
 * (`authMethod`), a failure's `reason`, and the address and client only as pseudonyms
 * (~/config/log-pseudonyms.server). The time and the request's id are on every line
 * anyway. Never the token, the link or the OAuth code. Successes and sign-outs are also
 * in the change log (recordAudit, with the admin's address, as all its entries are).
 */

export type AuthMethod = "magic_link" | "google" | "passkey";

export type SignInFailureReason =
  | "unknown_token"
  | "used_token"
  | "expired_token"
  | "unauthorized"
  // Google: the state cookie is missing, unreadable or too old, or the callback has no state.
  | "state_missing"
  | "state_mismatch"
  // Google: a callback whose state already signed someone in (a replay).
  | "state_reused"
  // Google: no code, or the code exchange or the profile failed.
  | "provider_error"
  // Passkey: no challenge of this browser's (missing, used or expired), a credential the
  // site does not know, or an assertion that failed its checks (signature, origin, user
  // verification, counter).
  | "no_challenge"
  | "unknown_passkey"
  | "not_verified"
  | "server_error";

export const SIGN_IN_SUCCESS = "auth.signin.success";
export const SIGN_IN_FAILURE = "auth.signin.failure";
export const LOGOUT = "auth.logout";
export const PASSKEY_STEP = "auth.signin.passkey_step";

// The magic link's failures by the login page's error code they end in.
const MAGIC_LINK_REASONS = new Map<string, SignInFailureReason>([
  ["unknown", "unknown_token"],
  ["token_already_used", "used_token"],
  ["expired_token", "expired_token"],
  ["unauthorized", "unauthorized"],
]);

/** The event's reason for a sign-in link refused with this login error code. */
export function magicLinkReason(loginError: string): SignInFailureReason {
  return MAGIC_LINK_REASONS.get(loginError) ?? "server_error";
}

type Who = { email?: string | null; clientIp?: string | null };

export function signInSucceeded(authMethod: AuthMethod, who: Who) {
  log.info(`sign-in by ${authMethod}`, {
    event: SIGN_IN_SUCCESS,
    outcome: "success",
    authMethod,
    ...emailFields(who.email),
    ...clientFields(who.clientIp),
  });
}

export function signInFailed(authMethod: AuthMethod, reason: SignInFailureReason, who: Who) {
  log.warn(`sign-in by ${authMethod} refused: ${reason}`, {
    event: SIGN_IN_FAILURE,
    outcome: "failure",
    authMethod,
    reason,
    ...emailFields(who.email),
    ...clientFields(who.clientIp),
  });
}

/**
 * The link or Google was accepted while a passkey is required: the sign-in waits for
 * the passkey step (its success is the passkey's own sign-in event).
 */
export function passkeyStepBegun(who: Who) {
  log.info("sign-in waits for the passkey step", { event: PASSKEY_STEP, outcome: "pending", ...emailFields(who.email), ...clientFields(who.clientIp) });
}

export function signedOut(who: Who) {
  log.info("sign-out", { event: LOGOUT, outcome: "success", ...emailFields(who.email), ...clientFields(who.clientIp) });
}
