import { redirect, type LoaderFunctionArgs } from "react-router";
import { GOOGLE_STRATEGY, googleAuthenticator, googleSignInConfigured } from "~/auth/authenticator.server";
import { log } from "~/config/logger.server";
import { LOGIN_PATH } from "~/paths";

/**
 * GET /admin/auth/google: off to Google's consent screen. The strategy answers with a
 * redirect (a thrown Response) that sets the signed state cookie and writes nothing to
 * the database; without Google settings the login page says so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!googleSignInConfigured) return redirect(`${LOGIN_PATH}?error=server_error`);
  try {
    await googleAuthenticator.authenticate(GOOGLE_STRATEGY, request);
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error("google sign-in could not start", { error: String(error) });
  }
  return redirect(`${LOGIN_PATH}?error=server_error`);
}
