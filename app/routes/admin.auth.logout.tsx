import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endAdminSession, LOGIN_PATH } from "~/utils/auth.server";
import { clientIpOf } from "~/utils/client-network.server";

/** POST /admin/auth/logout: deletes the session row and goes to the login page. */
export async function action({ request, context }: ActionFunctionArgs) {
  return endAdminSession(request, clientIpOf(context));
}

// Signing out changes state, so a GET (a prefetch, a pasted link) only leads to the login page.
export async function loader() {
  return redirect(LOGIN_PATH);
}
