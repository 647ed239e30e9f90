import type { ActionFunctionArgs } from "react-router";
import { json } from "~/http/json-response";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { beginAdminSession } from "~/auth/admin-guard.server";
import { passkeyChallengeCookie } from "~/auth/passkey-challenge-cookie.server";
import { passkeySignInLimit } from "~/auth/passkey-limits.server";
import { completeSignIn } from "~/auth/passkeys.server";
import { readPasskeyStep } from "~/auth/passkey-step.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { signInFailed, signInSucceeded } from "~/auth/sign-in-events.server";
import { methodNotAllowed, readJsonObject } from "~/http/api.server";
import { NO_STORE } from "~/http/no-store";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { clientIpOf } from "~/utils/client-network.server";
import { DASHBOARD_PATH } from "~/paths";

/**
 * POST /api/auth/passkey with JSON {response, redirectTo?}: the browser's answer to
 * this browser's sign-in challenge. A passkey of a whitelisted admin signs them in as
 * the link and Google do (a new session, the same events in the log and the change
 * log); the answer is {redirectTo} with the session's cookie. It also ends this browser's
 * passkey step (a sign-in by link or Google while a passkey is required) for that
 * admin. Anything else is 400 (or 403 for an admin no longer on the whitelist), and the
 * challenge is used up either way.
 */

export const loader = () => methodNotAllowed("POST");

const REFUSED = "This passkey could not sign you in. Try again, or use the e-mailed link or Google.";
const NOT_ALLOWED = "This passkey belongs to an address that may no longer sign in.";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const clientIp = clientIpOf(context);
  const limit = await passkeySignInLimit(clientIp);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, "Too many sign-in attempts. Please wait a few minutes and try again.");

  const body = (await readJsonObject(request)) ?? {};
  const clearChallenge = await passkeyChallengeCookie.clear();
  const response = body.response;
  if (!response || typeof response !== "object") {
    signInFailed("passkey", "not_verified", { clientIp });
    return json({ error: REFUSED, fieldErrors: { response: ["Required"] } }, { status: 400, headers: { ...NO_STORE, "Set-Cookie": clearChallenge } });
  }
  const outcome = await completeSignIn(await passkeyChallengeCookie.read(request), response as AuthenticationResponseJSON);
  if (!outcome.ok) {
    signInFailed("passkey", outcome.reason, { email: outcome.email, clientIp });
    const status = outcome.reason === "unauthorized" ? 403 : 400;
    return json({ error: outcome.reason === "unauthorized" ? NOT_ALLOWED : REFUSED }, { status, headers: { ...NO_STORE, "Set-Cookie": clearChallenge } });
  }
  signInSucceeded("passkey", { email: outcome.admin.email, clientIp });
  // The passkey step of this browser's sign-in by link or Google ends here, where it was going.
  const check = await readPasskeyStep(request);
  const step = check.state === "pending" && check.step.email === outcome.admin.email ? check.step : null;
  const asked = typeof body.redirectTo === "string" ? body.redirectTo : step?.redirectTo;
  const method = step ? (`${step.method}-and-passkey` as const) : "passkey";
  const { target, setCookie } = await beginAdminSession(request, outcome.admin, { method, clientIp, redirectTo: safeRedirect(asked, DASHBOARD_PATH) });
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", clearChallenge);
  return json({ redirectTo: target }, { headers });
}
