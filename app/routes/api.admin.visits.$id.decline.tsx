import { adminJsonRoute } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { decisionAnswer } from "~/http/visit-decision-api.server";
import { declineVisit } from "~/models/visit-requests.server";

/**
 * POST /api/admin/visits/{id}/decline: declines the request and mails the visitor a
 * polite answer in their language. 404 unknown, 409 once confirmed or declined, 401 without a session.
 */
const jsonRoute = adminJsonRoute({
  POST: ({ params, admin }) => {
    const id = parseId(params.id);
    return decisionAnswer(id === null ? { kind: "not_found" } : declineVisit(id, admin.email));
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
