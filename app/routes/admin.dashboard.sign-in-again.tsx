import { redirect, type ActionFunctionArgs } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { requesterOf, requestLoginLink } from "~/auth/request-login-link.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { readForm } from "~/http/form-body.server";
import { redirectWithToast } from "~/http/toast.server";
import { FRESH_PROOF_MESSAGES } from "~/models/passkey-form";
import { NO_FIELDS } from "~/utils/form-shape";
import { ADMINS_PATH } from "~/paths";

/**
 * 'Email me a sign-in link' in 'Confirm it's you' (decision 062), for an admin without a
 * passkey whose change to the sign-in factors needs a sign-in in the last 5 minutes: a
 * sign-in link to their own address, under the login page's limits, that leads back to
 * `?redirectTo=`. The session in hand stays as it is. A GET shows the Admins tab.
 */
export const loader = () => redirect(ADMINS_PATH);

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  await readForm(request, NO_FIELDS);
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), ADMINS_PATH);
  const outcome = await requestLoginLink({ email: admin.email, redirectTo: back }, requesterOf(request, context));
  if (outcome.kind === "sent") return redirectWithToast(back, { title: "Success", description: FRESH_PROOF_MESSAGES.linkSent });
  const description = outcome.kind === "rate_limited" ? outcome.message : "The sign-in link could not be sent. Try again.";
  return redirectWithToast(back, { title: "Error", description, variant: "destructive" });
}
