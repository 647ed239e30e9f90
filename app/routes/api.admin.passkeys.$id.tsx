import { adminJsonRoute, noStoreJson, notFoundJson } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { withFreshProof } from "~/http/fresh-proof-answers.server";
import { PASSKEY_MESSAGES } from "~/models/passkey-form";
import { removePasskey } from "~/models/passkeys.server";

/**
 * DELETE /api/admin/passkeys/{id}: removes one of the signed-in admin's own passkeys
 * (404 for any other id); the change log records it and the admin is mailed. While a
 * passkey is required it needs a fresh proof (403 without, decision 062). Admins only.
 */
const jsonRoute = adminJsonRoute({
  DELETE: withFreshProof(({ params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !removePasskey(id, admin.email, admin.email)) return notFoundJson(PASSKEY_MESSAGES.notFound);
    return noStoreJson({ message: PASSKEY_MESSAGES.removed });
  }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
