import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { authenticator, googleSignInConfigured } from "~/auth/authenticator.server";
import { authorizationFailure } from "~/auth/errors.server";
import { NOT_AUTHORIZED } from "~/auth/google.server";
import { LOGIN_PATH, startAdminSession } from "~/utils/auth.server";
import { clientIpOf } from "~/utils/client-network.server";
import { log } from "~/utils/logger.server";

/** GET /admin/auth/google/callback: Google sends the visitor back here with a code. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!googleSignInConfigured) return redirect(`${LOGIN_PATH}?error=server_error`);
  try {
    const admin = await authenticator.authenticate("google", request);
    return startAdminSession(request, admin, { method: "google", clientIp: clientIpOf(context) });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (authorizationFailure(error) === NOT_AUTHORIZED) {
      return redirect(`${LOGIN_PATH}?error=unauthorized`);
    }
    log.warn("google sign-in failed", { error: error instanceof Error ? error.message : String(error) });
    return redirect(`${LOGIN_PATH}?error=server_error`);
  }
}
