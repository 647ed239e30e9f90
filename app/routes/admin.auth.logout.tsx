import { redirect, type ActionFunctionArgs } from "react-router";
import { endAdminSession } from "~/auth/admin-guard.server";
import { clientIpOf } from "~/utils/client-network.server";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";
import { LOGIN_PATH } from "~/paths";

/** POST /admin/auth/logout: deletes the session row and goes to the login page. */
export async function action({ request, context }: ActionFunctionArgs) {
  // The sign-out button posts nothing: a body that is more than that is refused.
  await readForm(request, NO_FIELDS);
  return endAdminSession(request, clientIpOf(context));
}

// Signing out changes state, so a GET (a prefetch, a pasted link) only leads to the login page.
export async function loader() {
  return redirect(LOGIN_PATH);
}
