import { adminJsonRoute } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { decisionAnswer, declineOptionsOf } from "~/http/visit-decision-api.server";
import { declineVisit } from "~/models/visit-requests.server";

/**
 * POST /api/admin/visits/{id}/decline, optionally with JSON {reason, note, suggestTimes}:
 * declines the request and mails the visitor a polite answer in their language (why, the
 * note, the free times of the coming days when asked). 404 unknown, 409 once confirmed or
 * declined, 400 for a body it cannot read, 401 without a session.
 */
const jsonRoute = adminJsonRoute({
  POST: async ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null) return decisionAnswer({ kind: "not_found" });
    const options = await declineOptionsOf(request);
    if (options instanceof Response) return options;
    return decisionAnswer(declineVisit(id, admin.email, options));
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
