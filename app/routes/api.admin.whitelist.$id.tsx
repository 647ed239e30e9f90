import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { removeFromWhitelist } from "~/models/whitelist.server";
import { methodNotAllowed, NO_STORE } from "~/utils/api.server";
import { requireAdminApi } from "~/utils/auth.server";
import { parseId } from "~/utils/params";
import { WHITELIST_MESSAGES } from "~/utils/whitelist-form";

/**
 * DELETE /api/admin/whitelist/{id}: takes an address off the whitelist (docs/product.md §7).
 * Its sessions end on their next request (requireAdmin and requireAdminApi check the
 * whitelist every time). Admins only: without a valid session every method answers 401.
 */

const ALLOW = "DELETE";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  return methodNotAllowed(ALLOW);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "DELETE") return methodNotAllowed(ALLOW);

  const id = parseId(params.id);
  const outcome = id === null ? ({ kind: "not_found" } as const) : removeFromWhitelist(id, admin.email);
  switch (outcome.kind) {
    case "not_found":
      return json({ error: WHITELIST_MESSAGES.notFound }, { status: 404, headers: NO_STORE });
    case "self":
      // 403, not 400: the request is well-formed and names a real entry; it is refused
      // because of who asks (another admin may remove this address), and sending it
      // again, however it is written, will not help.
      return json(
        { error: WHITELIST_MESSAGES.cannotRemoveSelf, title: WHITELIST_MESSAGES.cannotRemoveSelfTitle },
        { status: 403, headers: NO_STORE },
      );
    case "removed":
      return json({ message: WHITELIST_MESSAGES.removed }, { headers: NO_STORE });
  }
}
