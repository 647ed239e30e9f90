import { adminJsonRoute } from "~/http/admin-json-route.server";
import { parseId } from "~/http/params";
import { confirmTimeOf, decisionAnswer } from "~/http/visit-decision-api.server";
import { confirmVisit, getVisitRequest } from "~/models/visit-requests.server";

/**
 * POST /api/admin/visits/{id}/confirm with JSON {time}: confirms the visit at one of the
 * times asked for (or another future time within the visiting hours) and mails the visitor
 * the time, where to go (with the optional `meetingNote`) and visit.ics. 404 unknown, 409 once confirmed or declined, 401 without a session.
 * A time other visits are confirmed at (the same home's, or as many as the office shows at
 * once) answers 409 with `clashes` until the body says `"confirmAnyway": true`.
 */
const jsonRoute = adminJsonRoute({
  POST: async ({ request, params, admin }) => {
    const id = parseId(params.id);
    if (id === null || !getVisitRequest(id)) return decisionAnswer({ kind: "not_found" });
    const asked = await confirmTimeOf(request);
    if (asked instanceof Response) return asked;
    return decisionAnswer(confirmVisit(id, asked.time, admin.email, { clashAccepted: asked.confirmAnyway, meetingNote: asked.meetingNote }));
  },
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
