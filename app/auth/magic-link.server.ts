import type { SessionStorage } from "@remix-run/node";
import { Strategy, type AuthenticateOptions } from "remix-auth";
import { consumeLoginToken, type LoginTokenFailure } from "~/models/magic-tokens.server";
import { recordEmailSignIn, type AdminIdentity } from "~/models/admins.server";
import { isWhitelisted } from "~/models/whitelist.server";
import { TOKEN_FIELD } from "~/auth/magic-link-form";
import { clientIpOf } from "~/utils/client-network.server";
import { SignInRefusal } from "./errors.server";

/**
 * Sign-in by e-mailed one-time link: our own small strategy rather than
 * remix-auth-email-link (why: docs/decisions/005-magic-link-strategy.md).
 *
 * It only completes a sign-in: the link's GET page renders a form, and that form's
 * POST comes here. Failures carry the login page's error code as their message
 * (the authenticator runs with throwOnError, so they arrive as AuthorizationError), and
 * a SignInRefusal naming the token's address as its cause, for the log.
 */

export const MAGIC_LINK_STRATEGY = "magic-link";

export type MagicLinkFailure = LoginTokenFailure | "unauthorized";

type VerifyParams = { email: string };

export class MagicLinkStrategy extends Strategy<AdminIdentity, VerifyParams> {
  name = MAGIC_LINK_STRATEGY;

  async authenticate(request: Request, sessionStorage: SessionStorage, options: AuthenticateOptions): Promise<AdminIdentity> {
    const fail = (code: MagicLinkFailure, email: string | null = null) =>
      this.failure(code, request, sessionStorage, options, new SignInRefusal(code, email));

    // Anything but a form with one token string in it is an unreadable link.
    const form = await request.formData().catch(() => null);
    const token = form?.get(TOKEN_FIELD);
    if (typeof token !== "string") return fail("unknown");

    const consumed = consumeLoginToken({
      token,
      ip: clientIpOf(options.context),
      userAgent: request.headers.get("user-agent"),
    });
    if (!consumed.ok) return fail(consumed.error, consumed.email);

    // Checked again here: the address may have left the whitelist since the link was sent.
    if (!isWhitelisted(consumed.email)) return fail("unauthorized", consumed.email);

    return this.success(await this.verify({ email: consumed.email }), request, sessionStorage, options);
  }
}

export const magicLinkStrategy = new MagicLinkStrategy(async ({ email }) => recordEmailSignIn(email));
