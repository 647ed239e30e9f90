import { adminJsonRoute, noStoreJson } from "~/http/admin-json-route.server";
import { listVisitRequests, visitJson } from "~/models/visit-requests.server";

/** GET /api/admin/visits: every visit request, newest first, with its times and status. Admins only (401 otherwise). */
const jsonRoute = adminJsonRoute({
  GET: () => noStoreJson(listVisitRequests().map(visitJson)),
});

export const loader = jsonRoute.loader;
export const action = jsonRoute.action;
