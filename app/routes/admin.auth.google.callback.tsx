import { redirect, type LoaderFunctionArgs } from "react-router";
import { googleSignInConfigured } from "~/auth/authenticator.server";
import { finishGoogleSignIn } from "~/auth/google-callback.server";
import { LOGIN_PATH } from "~/paths";

/** GET /admin/auth/google/callback: Google sends the visitor back here with a code. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!googleSignInConfigured) return redirect(`${LOGIN_PATH}?error=server_error`);
  return finishGoogleSignIn(request, context);
}
