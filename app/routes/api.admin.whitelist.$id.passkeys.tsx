import { adminJsonRoute, noStoreJson, notFoundJson } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { PASSKEY_MESSAGES } from "~/models/passkey-form";
import { removeAllPasskeys } from "~/models/passkeys.server";
import { WHITELIST_MESSAGES } from "~/models/whitelist-form";
import { getWhitelistEntry, sameAddress } from "~/models/whitelist.server";

/**
 * DELETE /api/admin/whitelist/{id}/passkeys: removes every passkey of another admin (one
 * who lost theirs); the change log records who did it. `{removed}` is how many went.
 * 404 for an unknown entry; 403 for the caller's own entry (their passkeys are removed
 * one by one, DELETE /api/admin/passkeys/{id}). Admins only.
 */
export const { loader, action } = adminJsonRoute({
  DELETE: ({ params, admin }) => {
    const id = parseId(params.id);
    const entry = id === null ? undefined : getWhitelistEntry(id);
    if (!entry) return notFoundJson(WHITELIST_MESSAGES.notFound);
    if (sameAddress(entry.email, admin.email)) return noStoreJson({ error: PASSKEY_MESSAGES.ownByTheList }, { status: 403 });
    return noStoreJson({ removed: removeAllPasskeys(entry.email, admin.email), message: PASSKEY_MESSAGES.othersRemoved });
  },
});
