import { redirect, type ActionFunctionArgs } from "react-router";
import { endOtherSessions } from "~/models/sessions.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { getSession } from "~/auth/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { readForm } from "~/http/form-body.server";
import { NO_FIELDS } from "~/utils/form-shape";
import { ADMINS_PATH } from "~/paths";

// 'Sign out other sessions' in the Admins tab: the form posts here; a GET shows the tab.
export const loader = () => redirect(ADMINS_PATH);

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  // A confirmation button posts nothing: a body that is more than that is refused.
  await readForm(request, NO_FIELDS);
  const session = await getSession(request);
  const ended = session.id ? endOtherSessions(admin.email, session.id) : 0;
  const description =
    ended === 0 ? "You had no other sessions." : `Signed out ${ended} other ${ended === 1 ? "session" : "sessions"}.`;
  return redirectWithToast(ADMINS_PATH, { title: "Success", description });
}
