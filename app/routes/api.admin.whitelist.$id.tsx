import { removeFromWhitelist } from "~/models/whitelist.server";
import { WHITELIST_MESSAGES } from "~/models/whitelist-form";
import { adminJsonRoute, noStoreJson, notFoundJson } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";

/**
 * DELETE /api/admin/whitelist/{id}: takes an address off the whitelist (docs/product.md §7).
 * Its sessions end on their next request (requireAdmin and requireAdminApi check the
 * whitelist every time). Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  DELETE: ({ params, admin }) => {
    const id = parseId(params.id);
    const outcome = id === null ? ({ kind: "not_found" } as const) : removeFromWhitelist(id, admin.email);
    switch (outcome.kind) {
      case "not_found":
        return notFoundJson(WHITELIST_MESSAGES.notFound);
      case "self":
        // 403, not 400: the request is well-formed and names a real entry; it is refused
        // because of who asks (another admin may remove this address), and sending it
        // again, however it is written, will not help.
        return noStoreJson({ error: WHITELIST_MESSAGES.cannotRemoveSelf, title: WHITELIST_MESSAGES.cannotRemoveSelfTitle }, { status: 403 });
      case "removed":
        return noStoreJson({ message: WHITELIST_MESSAGES.removed });
    }
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
