import { addToWhitelist, listWhitelist } from "~/models/whitelist.server";
import { INVALID_EMAIL_MESSAGE, whitelistEmailSchema, WHITELIST_MESSAGES } from "~/models/whitelist-form";
import { adminJsonRoute, noStoreJson, withJsonBody } from "~/http/admin-json-route.server";

/**
 * GET /api/admin/whitelist: everyone who may sign in (id, email, createdAt, addedBy).
 * POST /api/admin/whitelist with JSON {email}: adds an address (docs/product.md §7); with
 * `invite: true` it also mails the address an invitation to the sign-in page.
 * Admins only: without a valid session every method answers 401.
 */

const jsonRoute = adminJsonRoute({
  GET: () => noStoreJson(listWhitelist()),
  POST: ({ request, admin }) =>
    withJsonBody(request, whitelistEmailSchema, (fieldErrors) => (fieldErrors.email ? INVALID_EMAIL_MESSAGE : (fieldErrors.invite?.[0] ?? INVALID_EMAIL_MESSAGE)), ({ email, invite }) => {
      const outcome = addToWhitelist(email, admin.email, { invite });
      if (outcome.kind === "duplicate") return noStoreJson({ error: WHITELIST_MESSAGES.duplicate }, { status: 409 });
      // The new entry itself, as the list shows it, with the text the dashboard shows.
      return noStoreJson({ ...outcome.entry, message: WHITELIST_MESSAGES.added }, { status: 201 });
    }),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
