import type { ActionFunctionArgs } from "react-router";
import { json } from "~/http/json-response";
import { passkeyChallengeCookie } from "~/auth/passkey-challenge-cookie.server";
import { signInOptions } from "~/auth/passkeys.server";
import { methodNotAllowed } from "~/http/api.server";
import { NO_STORE } from "~/http/no-store";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { clientIpOf } from "~/utils/client-network.server";
import { passkeySignInLimit } from "~/auth/passkey-limits.server";

/**
 * POST /api/auth/passkey/options: the options for signing in with a passkey (any
 * passkey of this site: the browser offers the ones it holds), their challenge's id in a
 * cookie of this browser's. Public: it is how an admin gets in.
 */

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const limit = await passkeySignInLimit(clientIpOf(context));
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, "Too many sign-in attempts. Please wait a few minutes and try again.");
  const { options, challengeId } = await signInOptions();
  return json(options, { headers: { ...NO_STORE, "Set-Cookie": await passkeyChallengeCookie.set(challengeId) } });
}
