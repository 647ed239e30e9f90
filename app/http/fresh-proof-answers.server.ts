import { proofNeeded } from "~/auth/fresh-proof.server";
import { FRESH_PROOF_MESSAGES, type ProofNeeded } from "~/models/passkey-form";
import { noStoreJson, type AdminJsonCall } from "./admin-json-route.server";

/**
 * How a change to the sign-in factors is refused without a fresh proof (decision 062):
 * a JSON call answers 403 with the text and what is needed, a page's form redirects back
 * with this toast (the page then shows 'Confirm it's you').
 */

export const freshProofJson = (need: ProofNeeded) => noStoreJson({ error: `${FRESH_PROOF_MESSAGES.title}: ${FRESH_PROOF_MESSAGES[need]}`, proofNeeded: need }, { status: 403 });

export const freshProofToast = (need: ProofNeeded) => ({ title: FRESH_PROOF_MESSAGES.title, description: FRESH_PROOF_MESSAGES[need], variant: "destructive" }) as const;

/** An admin JSON call's handler that runs only with a fresh proof (403 otherwise). */
export function withFreshProof(handler: (call: AdminJsonCall) => Response | Promise<Response>) {
  return async (call: AdminJsonCall) => {
    const need = await proofNeeded(call.request, call.admin);
    return need ? freshProofJson(need) : handler(call);
  };
}
