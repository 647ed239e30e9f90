import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { getSession } from "~/auth/session.server";
import { passkeyRegisterLimit } from "~/auth/passkey-limits.server";
import { completeRegistration } from "~/auth/passkeys.server";
import { adminJsonRoute, noStoreJson, withJsonBody } from "~/http/admin-json-route.server";
import { withFreshProof } from "~/http/fresh-proof-answers.server";
import { PASSKEY_MESSAGES, passkeyRegistrationSchema } from "~/models/passkey-form";
import { listPasskeys } from "~/models/passkeys.server";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";

/**
 * GET /api/admin/passkeys: the signed-in admin's passkeys (id, name, createdAt, lastUsedAt).
 * POST /api/admin/passkeys with JSON {name, response}: the browser's answer to the
 * options of POST /api/admin/passkeys/options; a passkey that checks out is stored under
 * `name` (201). 400 when the answer does not check out or its challenge is gone, 409 for
 * a passkey already stored; the admin is mailed. While a passkey is required it needs a
 * fresh proof (403 without, decision 062). Admins only (401 without a session).
 */

const jsonRoute = adminJsonRoute({
  GET: ({ admin }) => noStoreJson(listPasskeys(admin.email)),
  POST: withFreshProof(async ({ request, admin }) => {
    const limit = await passkeyRegisterLimit(admin.email);
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
    const sessionId = (await getSession(request)).id;
    return withJsonBody(request, passkeyRegistrationSchema, (fieldErrors) => (fieldErrors.name ? PASSKEY_MESSAGES.nameRequired : PASSKEY_MESSAGES.responseRequired), async ({ name, response }) => {
      const outcome = await completeRegistration(admin, sessionId, name, response as unknown as RegistrationResponseJSON);
      if (outcome.kind === "added") return noStoreJson({ ...outcome.passkey, message: PASSKEY_MESSAGES.added }, { status: 201 });
      if (outcome.reason === "duplicate") return noStoreJson({ error: PASSKEY_MESSAGES.duplicate }, { status: 409 });
      return noStoreJson({ error: PASSKEY_MESSAGES.refused }, { status: 400 });
    });
  }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
