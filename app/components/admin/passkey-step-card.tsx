import { Form } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { DASHBOARD_PATH, LOGOUT_PATH } from "~/paths";
import { AddPasskeyForm } from "./add-passkey-form";
import { PasskeySignIn } from "./passkey-sign-in";

/**
 * The passkey step's page (docs/decisions/053-staff-passkeys.md): an admin who signed in
 * by link or Google while a passkey is required uses theirs, or adds a first one, before
 * anything of the back office opens. Without JavaScript no passkey can be used, so the
 * page says what to do instead. 'Cancel sign-in' ends the step.
 */
export function PasskeyStepCard({ email, hasPasskey }: { email: string; hasPasskey: boolean }) {
  const hydrated = useHydrated();
  const withoutJavaScript = hasPasskey
    ? "Using a passkey needs JavaScript, which is off in this browser. Turn JavaScript on and reload this page, or sign in from a browser that has it."
    : "Adding a passkey needs JavaScript, which is off in this browser. Turn JavaScript on and reload this page, or sign in from a browser that has it. If you cannot, another admin can switch the requirement off in the Settings tab.";
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-brand-900">{hasPasskey ? "Use your passkey" : "Add a passkey to continue"}</h1>
      <p className="mt-2 text-slate-700">
        {"This site requires a passkey for staff sign-in. "}
        {hasPasskey ? (
          <>
            Finish signing in as <span className="break-all font-medium">{email}</span> with your passkey.
          </>
        ) : (
          <>
            <span className="break-all font-medium">{email}</span> has no passkey yet: add one now, with this device's screen lock or a security key. Next time, it signs you in on its own.
          </>
        )}
      </p>
      <p className="mt-2 text-sm text-slate-600">This step ends 10 minutes after the link or Google; then sign in again.</p>

      <div className="mt-6">
        {!hydrated ? (
          <noscript>
            <p className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">{withoutJavaScript}</p>
          </noscript>
        ) : hasPasskey ? (
          <PasskeySignIn
            redirectTo={null}
            label="Use my passkey"
            autofill={false}
            needsJavaScript={withoutJavaScript}
            unsupported="This browser cannot use passkeys. Sign in from a browser that can, with the device that holds your passkey."
          />
        ) : (
          <AddPasskeyForm
            label="Add a passkey and continue"
            inPasskeyStep
            onAdded={(result) => {
              window.location.assign(String(result.data.redirectTo ?? DASHBOARD_PATH));
              return "Passkey added. Opening the dashboard...";
            }}
          />
        )}
      </div>

      <Form method="post" action={LOGOUT_PATH} className="mt-6 border-t border-slate-200 pt-4">
        <button type="submit" className="inline-flex min-h-10 items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
          Cancel sign-in
        </button>
      </Form>
    </div>
  );
}
