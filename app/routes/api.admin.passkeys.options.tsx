import { getSession } from "~/auth/session.server";
import { passkeyRegisterLimit } from "~/auth/passkey-limits.server";
import { registrationOptions } from "~/auth/passkeys.server";
import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";
import { withFreshProof } from "~/http/fresh-proof-answers.server";
import { tooManyRequests } from "~/services/rate-limits/rate-limit.server";

/**
 * POST /api/admin/passkeys/options: the options for adding a passkey to the signed-in
 * admin (for the browser's navigator.credentials.create). Their challenge is bound to
 * this session, used once, and lives 5 minutes. While a passkey is required, asked only
 * with a fresh proof (403 without, decision 062), so the page says so before the browser
 * makes a passkey. Admins only.
 */
const jsonRoute = adminJsonRoute({
  POST: withFreshProof(async ({ request, admin }) => {
    const limit = await passkeyRegisterLimit(admin.email);
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
    return noStoreJson(await registrationOptions(admin, (await getSession(request)).id));
  }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
