import type { LoaderFunctionArgs } from "react-router";
import { readOnlyAction } from "~/http/api.server";
import { parseId } from "~/http/params";
import { NO_STORE } from "~/http/no-store";
import { visitableHome } from "~/models/visit-requests.server";
import { visitTimeIso, VISIT_TIME_ZONE } from "~/models/visiting-hours";
import { visitAvailability } from "~/models/visit-availability.server";

/**
 * GET /api/properties/{id}/visit-times: the times a visitor may ask to see this home, as
 * ISO 8601 date-times with the office's offset (America/Chicago), from tomorrow up to 21
 * days ahead within the visiting hours, less the hours booked (visit-availability.server.ts); 404 for a home that is not listed, 409 for one
 * with an application pending (it takes no visits). Not cached:
 * the list moves with the clock and the setting.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const home = id === null ? undefined : visitableHome(id);
  if (id === null || !home) return Response.json({ error: "Property not found" }, { status: 404, headers: NO_STORE });
  if (home.status === "pending") return Response.json({ error: "An application is pending for this home: it takes no new visit requests." }, { status: 409, headers: NO_STORE });
  return Response.json({ timeZone: VISIT_TIME_ZONE, times: visitAvailability(home.id).free.map(visitTimeIso) }, { headers: NO_STORE });
}

export { readOnlyAction as action };
