import { redirect, useLoaderData, data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { checkAdmin } from "~/auth/admin-guard.server";
import { readPasskeyStep } from "~/auth/passkey-step.server";
import { PasskeyStepCard } from "~/components/admin/passkey-step-card";
import { ADMIN_LANGUAGE } from "~/components/site-links";
import { NO_STORE } from "~/http/no-store";
import { countPasskeys } from "~/models/passkeys.server";
import { DASHBOARD_PATH, LOGIN_PATH } from "~/paths";

/**
 * /admin/login/passkey: the passkey step of a sign-in by link or Google while the
 * Settings tab requires a passkey for staff sign-in. Only a browser in the step sees
 * it: a signed-in admin goes to the dashboard, anyone else to the login page, and a step
 * past its 10 minutes to the login page's message.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const check = await readPasskeyStep(request);
  if (check.state === "expired") throw redirect(`${LOGIN_PATH}?error=passkey_step_expired`, { headers: NO_STORE });
  if (check.state === "none") throw redirect((await checkAdmin(request)).admin ? DASHBOARD_PATH : LOGIN_PATH, { headers: NO_STORE });
  return data({ email: check.step.email, hasPasskey: countPasskeys(check.step.email) > 0 }, { headers: NO_STORE });
}

export const meta: MetaFunction = () => [
  { title: "Passkey | Lone Star Home Management" },
  { name: "robots", content: "noindex" },
];

export default function PasskeyStepPage() {
  const { email, hasPasskey } = useLoaderData<typeof loader>();
  return (
    <section lang={ADMIN_LANGUAGE} className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <PasskeyStepCard email={email} hasPasskey={hasPasskey} />
    </section>
  );
}
