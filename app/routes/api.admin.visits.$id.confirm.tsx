import { adminJsonRoute } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { confirmTimeOf, decisionAnswer } from "~/http/visit-decision-api.server";
import { confirmVisit, getVisitRequest } from "~/models/visit-requests.server";

/**
 * POST /api/admin/visits/{id}/confirm with JSON {time}: confirms the visit at one of the
 * times asked for (or another future time within the visiting hours) and mails the visitor
 * the time with visit.ics. 404 unknown, 409 once confirmed or declined, 401 without a session.
 */
const jsonRoute = adminJsonRoute({
  POST: async ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !getVisitRequest(id)) return decisionAnswer({ kind: "not_found" });
    const time = await confirmTimeOf(request);
    if (time instanceof Response) return time;
    return decisionAnswer(confirmVisit(id, time, admin.email));
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
