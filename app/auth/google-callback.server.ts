import { redirect, type AppLoadContext } from "react-router";
import { recordGoogleSignIn } from "~/models/admins.server";
import { startAdminSession } from "~/auth/admin-guard.server";
import { clientIpOf } from "~/utils/client-network.server";
import { log } from "~/config/logger.server";
import { GOOGLE_STRATEGY, googleAuthenticator } from "./authenticator.server";
import { AuthorizationError, refusedAddress, SignInRefusal } from "./errors.server";
import { clearedGoogleStateCookie, redeemGoogleState } from "./google-state.server";
import { NOT_AUTHORIZED, type GoogleAdmin } from "./google.server";
import { signInFailed, signInSucceeded, type SignInFailureReason } from "./sign-in-events.server";
import { LOGIN_PATH } from "~/paths";

// remix-auth-oauth2 1.x's failure messages for the state (its own texts, fixed in that version).
const STATE_FAILURES = new Map<string, SignInFailureReason>([
  ["Missing state on URL.", "state_missing"],
  // No state cookie, or one whose signature or age is wrong (googleStateStorage reads it as empty).
  ["Missing state on session.", "state_missing"],
  ["State doesn't match.", "state_mismatch"],
]);

function failureReason(error: unknown): SignInFailureReason {
  if (!(error instanceof AuthorizationError)) return "server_error";
  if (error.cause instanceof SignInRefusal && error.message === NOT_AUTHORIZED) return "unauthorized";
  // Anything else the strategy refused: no code, or Google's token or profile answer.
  return STATE_FAILURES.get(error.message) ?? "provider_error";
}

/**
 * GET /admin/auth/google/callback: Google sends the visitor back here with a code and
 * the state. The strategy checks the state against the state cookie and the account
 * against the whitelist; then the state is used up (a replay of this very URL and
 * cookie is refused), the sign-in is recorded and a fresh session starts. Every answer
 * removes the state cookie and is one sign-in event of the log.
 */
export async function finishGoogleSignIn(request: Request, context: AppLoadContext): Promise<Response> {
  const clientIp = clientIpOf(context);
  const clearState = await clearedGoogleStateCookie();
  const toLogin = (error: "unauthorized" | "server_error") =>
    redirect(`${LOGIN_PATH}?error=${error}`, { headers: { "Set-Cookie": clearState } });

  let admin: GoogleAdmin;
  try {
    admin = await googleAuthenticator.authenticate(GOOGLE_STRATEGY, request);
  } catch (error) {
    if (error instanceof Response) throw error;
    const reason = failureReason(error);
    if (reason === "provider_error" || reason === "server_error") {
      log.warn("google sign-in failed", { error: error instanceof Error ? error.message : String(error) });
    }
    signInFailed("google", reason, { email: refusedAddress(error), clientIp });
    return toLogin(reason === "unauthorized" ? "unauthorized" : "server_error");
  }

  const state = new URL(request.url).searchParams.get("state") ?? "";
  if (!(await redeemGoogleState(state))) {
    signInFailed("google", "state_reused", { email: admin.email, clientIp });
    return toLogin("server_error");
  }
  const identity = recordGoogleSignIn(admin);
  const signedIn = await startAdminSession(request, identity, { method: "google", clientIp });
  signedIn.headers.append("Set-Cookie", clearState);
  signInSucceeded("google", { email: identity.email, clientIp });
  return signedIn;
}
