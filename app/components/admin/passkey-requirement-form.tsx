import { Form, Link, useNavigation } from "react-router";
import { SaveButton } from "~/components/ui/save-button";
import { PASSKEY_REQUIREMENT_FIELD, PASSKEY_REQUIREMENT_INTENT, type ProofNeeded } from "~/models/passkey-form";
import { ADMINS_PATH, SETTINGS_PATH } from "~/paths";
import { ConfirmItsYou } from "./confirm-its-you";

/**
 * The Settings tab's 'Require a passkey for staff sign-in' (docs/decisions/053-staff-passkeys.md).
 * Only an admin who has a passkey can switch it on (the server checks it too); anyone
 * signed in can switch it off, with a fresh proof (decision 062): until then 'Confirm
 * it's you' stands where its button would. A plain form: a redirect with a toast,
 * JavaScript or not.
 */
export function PasskeyRequirementForm(props: { required: boolean; hasPasskey: boolean; proofNeeded: ProofNeeded | null; action: string }) {
  const { required, hasPasskey, proofNeeded, action } = props;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === PASSKEY_REQUIREMENT_INTENT;
  const locked = !required && !hasPasskey;
  return (
    <section aria-labelledby="staff-sign-in-title" className="space-y-3 border-t border-slate-200 p-5">
      <h3 id="staff-sign-in-title" className="text-lg font-semibold text-slate-900">
        Staff sign-in
      </h3>
      <Form method="post" action={action} preventScrollReset className="max-w-xl space-y-4">
        <input type="hidden" name="intent" value={PASSKEY_REQUIREMENT_INTENT} />
        <div className="flex items-start gap-3">
          <input
            id="require-passkey"
            type="checkbox"
            name={PASSKEY_REQUIREMENT_FIELD}
            defaultChecked={required}
            disabled={locked}
            aria-describedby="require-passkey-hint"
            className="mt-1 h-5 w-5 shrink-0"
          />
          <div>
            <label htmlFor="require-passkey" className="text-sm font-medium text-slate-900">
              Require a passkey for staff sign-in
            </label>
            <p id="require-passkey-hint" className="mt-1 text-sm text-slate-600">
              When this is on, an admin who signs in with the e-mailed link or Google must also use their passkey before the dashboard opens, and an admin
              without one is asked to add one right away. Signing in with a passkey alone is not affected.
              {locked ? (
                <>
                  {" Only an admin who has a passkey can switch this on: add yours in "}
                  <Link to={ADMINS_PATH} className="font-medium text-brand-800 underline">
                    the Admins tab
                  </Link>
                  {" first."}
                </>
              ) : null}
            </p>
          </div>
        </div>
        {locked || proofNeeded ? null : <SaveButton saving={saving} label="Save sign-in setting" savingLabel="Saving..." />}
      </Form>
      {proofNeeded ? <ConfirmItsYou need={proofNeeded} returnTo={SETTINGS_PATH} /> : null}
    </section>
  );
}
