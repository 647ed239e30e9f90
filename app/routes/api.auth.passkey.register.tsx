import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { ActionFunctionArgs } from "react-router";
import { beginAdminSession } from "~/auth/admin-guard.server";
import { completeRegistration } from "~/auth/passkeys.server";
import { signInSucceeded } from "~/auth/sign-in-events.server";
import { safeRedirect } from "~/auth/safe-redirect";
import { methodNotAllowed } from "~/http/api.server";
import { noStoreJson, withJsonBody } from "~/http/admin-json-route.server";
import { passkeyStepCall } from "~/http/passkey-step-api.server";
import { recordPasskeySignIn } from "~/models/admins.server";
import { PASSKEY_MESSAGES, passkeyRegistrationSchema } from "~/models/passkey-form";
import { clientIpOf } from "~/utils/client-network.server";
import { DASHBOARD_PATH } from "~/paths";

/**
 * POST /api/auth/passkey/register with JSON {name, response}: the browser's answer to
 * the step's registration options. A passkey that checks out is stored under `name` and
 * ends the step in a signed-in session (201 with the passkey, {redirectTo} and the
 * session's cookie), as a passkey's sign-in does. 400 when the answer does not check out
 * or its challenge is gone, 401 outside the step, 409 for an admin who has a passkey.
 */

export const loader = () => methodNotAllowed("POST");

export const action = (args: ActionFunctionArgs) =>
  passkeyStepCall(({ request, step, admin }) =>
    withJsonBody(request, passkeyRegistrationSchema, (fieldErrors) => (fieldErrors.name ? PASSKEY_MESSAGES.nameRequired : PASSKEY_MESSAGES.responseRequired), async ({ name, response }) => {
      const outcome = await completeRegistration(admin, step.sessionId, name, response as unknown as RegistrationResponseJSON);
      if (outcome.kind === "refused") {
        return noStoreJson({ error: outcome.reason === "duplicate" ? PASSKEY_MESSAGES.duplicate : PASSKEY_MESSAGES.refused }, { status: outcome.reason === "duplicate" ? 409 : 400 });
      }
      const clientIp = clientIpOf(args.context);
      signInSucceeded("passkey", { email: admin.email, clientIp });
      const { target, setCookie } = await beginAdminSession(request, recordPasskeySignIn(admin.email), {
        method: `${step.method}-and-passkey`,
        clientIp,
        redirectTo: safeRedirect(step.redirectTo, DASHBOARD_PATH),
      });
      return noStoreJson({ ...outcome.passkey, message: PASSKEY_MESSAGES.added, redirectTo: target }, { status: 201, headers: { "Set-Cookie": setCookie } });
    }),
  )(args);
