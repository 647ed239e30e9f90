import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endAdminSession, LOGIN_PATH } from "~/utils/auth.server";

/** POST /admin/auth/logout: deletes the session row and goes to the login page. */
export async function action({ request }: ActionFunctionArgs) {
  return endAdminSession(request);
}

// Signing out changes state, so a GET (a prefetch, a pasted link) only leads to the login page.
export async function loader() {
  return redirect(LOGIN_PATH);
}
