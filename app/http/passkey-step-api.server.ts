import { readPasskeyStep, type PasskeyStep } from "~/auth/passkey-step.server";
import { passkeyRegisterLimit } from "~/auth/passkey-limits.server";
import { getAdminIdentity, type AdminIdentity } from "~/models/admins.server";
import { countPasskeys } from "~/models/passkeys.server";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";
import { methodNotAllowed } from "./api.server";
import { noStoreJson } from "./admin-json-route.server";

/**
 * What the passkey step's JSON calls for adding a first passkey share: they answer only a
 * browser in the step (401 otherwise, as an admin call without a session), only for an
 * admin with no passkey yet (409: use the one you have), within the registration limit.
 */

export const PASSKEY_STEP_MESSAGES = {
  noStep: "No sign-in is waiting for a passkey here. Sign in again.",
  hasPasskey: "You already have a passkey: use it to finish signing in.",
} as const;

type StepCall = { request: Request; step: PasskeyStep; admin: AdminIdentity };

export function passkeyStepCall(handle: (call: StepCall) => Promise<Response>) {
  return async ({ request }: { request: Request }): Promise<Response> => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const check = await readPasskeyStep(request);
    if (check.state !== "pending") return noStoreJson({ error: PASSKEY_STEP_MESSAGES.noStep }, { status: 401 });
    const { step } = check;
    const limit = await passkeyRegisterLimit(step.email);
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
    if (countPasskeys(step.email) > 0) return noStoreJson({ error: PASSKEY_STEP_MESSAGES.hasPasskey }, { status: 409 });
    return handle({ request, step, admin: getAdminIdentity(step.email) });
  };
}
