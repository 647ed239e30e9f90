import { consumeLoginToken, type LoginTokenFailure } from "~/models/magic-tokens.server";
import { recordEmailSignIn, type AdminIdentity } from "~/models/admins.server";
import { isWhitelisted } from "~/models/whitelist.server";
import { TOKEN_FIELD } from "~/auth/magic-link-form";
import { AuthorizationError, SignInRefusal } from "./errors.server";

/**
 * Sign-in by e-mailed one-time link: our own small step rather than
 * remix-auth-email-link (why: docs/decisions/005-magic-link-strategy.md), and a plain
 * function rather than a remix-auth strategy since remix-auth 4 hands a strategy the
 * request alone, and the link's use is recorded with the client's network
 * (docs/decisions/070-sign-in-on-remix-auth-4.md).
 *
 * It only completes a sign-in: the link's GET page renders a form, and that form's
 * POST comes here with its declared fields. Failures are an AuthorizationError whose
 * message is the login page's error code, and whose cause is a SignInRefusal naming the
 * token's address, for the log.
 */

export type MagicLinkFailure = LoginTokenFailure | "unauthorized";

export function signInWithMagicLink(form: FormData, network: { clientIp: string; userAgent: string | null }): AdminIdentity {
  const fail = (code: MagicLinkFailure, email: string | null = null) => new AuthorizationError(code, new SignInRefusal(code, email));

  // Anything but one token string is an unreadable link.
  const token = form.get(TOKEN_FIELD);
  if (typeof token !== "string") throw fail("unknown");

  const consumed = consumeLoginToken({ token, ip: network.clientIp, userAgent: network.userAgent });
  if (!consumed.ok) throw fail(consumed.error, consumed.email);

  // Checked again here: the address may have left the whitelist since the link was sent.
  if (!isWhitelisted(consumed.email)) throw fail("unauthorized", consumed.email);

  return recordEmailSignIn(consumed.email);
}
