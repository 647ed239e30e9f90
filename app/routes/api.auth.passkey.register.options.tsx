import { registrationOptions } from "~/auth/passkeys.server";
import { methodNotAllowed } from "~/http/api.server";
import { noStoreJson } from "~/http/admin-json-route.server";
import { passkeyStepCall } from "~/http/passkey-step-api.server";

/**
 * POST /api/auth/passkey/register/options: the options for adding a first passkey from
 * the passkey step (an admin who signed in by link or Google while a passkey is
 * required, and has none). Their challenge is bound to the step's session, used once,
 * and lives 5 minutes. 401 outside the step, 409 for an admin who has a passkey.
 */

export const loader = () => methodNotAllowed("POST");

export const action = passkeyStepCall(async ({ step, admin }) => noStoreJson(await registrationOptions(admin, step.sessionId)));
