import { Form } from "react-router";
import { useId } from "react";
import { FRESH_PROOF_MESSAGES, type ProofNeeded } from "~/models/passkey-form";
import { SIGN_IN_AGAIN_PATH } from "~/paths";
import { PasskeySignIn } from "./passkey-sign-in";

/**
 * 'Confirm it's you' (decision 062): shown where a change to the sign-in factors waits
 * for a fresh proof, in place of the change's button. An admin with a passkey uses it now
 * (a passkey sign-in, JavaScript only, that comes back to `returnTo`); one without asks
 * for a sign-in link to their own address (a plain form), which brings them back there.
 */
export function ConfirmItsYou({ need, returnTo }: { need: ProofNeeded; returnTo: string }) {
  // Two may be on one page: the Admins tab's, and a remove dialog's over it.
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h3 id={titleId} className="text-base font-semibold">
        {FRESH_PROOF_MESSAGES.title}
      </h3>
      <p>{FRESH_PROOF_MESSAGES[need]}</p>
      {need === "passkey" ? (
        <PasskeySignIn
          redirectTo={returnTo}
          label="Use my passkey now"
          autofill={false}
          needsJavaScript={FRESH_PROOF_MESSAGES.passkeyWithoutJavaScript}
          unsupported="This browser cannot use passkeys. Make this change from a browser that can, with the device that holds your passkey."
        />
      ) : (
        <Form method="post" action={`${SIGN_IN_AGAIN_PATH}?${new URLSearchParams({ redirectTo: returnTo })}`} preventScrollReset>
          <button type="submit" className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Email me a sign-in link
          </button>
        </Form>
      )}
    </section>
  );
}
