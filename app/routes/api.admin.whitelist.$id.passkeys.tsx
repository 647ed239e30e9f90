import { adminJsonRoute, noStoreJson, notFoundJson } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { withFreshProof } from "~/http/fresh-proof-answers.server";
import { PASSKEY_MESSAGES } from "~/models/passkey-form";
import { removeOtherAdminPasskeys } from "~/models/passkeys.server";
import { WHITELIST_MESSAGES } from "~/models/whitelist-form";

/**
 * DELETE /api/admin/whitelist/{id}/passkeys: removes every passkey of another admin (one
 * who lost theirs); the change log records who did it. `{removed}` is how many went.
 * 404 for an unknown entry; 403 for the caller's own entry (their passkeys are removed
 * one by one, DELETE /api/admin/passkeys/{id}). Their sessions end and they are mailed;
 * while a passkey is required it needs a fresh proof (403 without, decision 062). Admins only.
 */
const jsonRoute = adminJsonRoute({
  DELETE: withFreshProof(({ params, admin }) => {
    const outcome = removeOtherAdminPasskeys(parseId(params.id), admin.email);
    if (outcome.kind === "not_found") return notFoundJson(WHITELIST_MESSAGES.notFound);
    if (outcome.kind === "own") return noStoreJson({ error: PASSKEY_MESSAGES.ownByTheList }, { status: 403 });
    return noStoreJson({ removed: outcome.removed, message: PASSKEY_MESSAGES.othersRemoved });
  }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
