import { z } from "zod";
import { noStoreJson, notFoundJson, refusedJson } from "./admin-json-route.server";
import { readJsonObject } from "./api.server";
import type { DecisionOutcome } from "~/models/visit-requests.server";
import { visitJson } from "~/models/visit-requests.server";
import { VISIT_DECISION_MESSAGES } from "~/models/visit-decision-form";
import { parseOffsetDateTime } from "~/models/visiting-hours";

/** The answer of POST /api/admin/visits/{id}/confirm or /decline for a decision's outcome. */
export function decisionAnswer(outcome: DecisionOutcome): Response {
  switch (outcome.kind) {
    case "decided":
      return noStoreJson(visitJson(outcome.request));
    case "not_found":
      return notFoundJson(VISIT_DECISION_MESSAGES.notFound);
    case "conflict":
      return noStoreJson({ error: VISIT_DECISION_MESSAGES.alreadyDecided(outcome.request.visit.status), visit: visitJson(outcome.request) }, { status: 409 });
    case "invalid_time":
      return refusedJson(VISIT_DECISION_MESSAGES.invalid, { time: [VISIT_DECISION_MESSAGES.timeOutside] });
  }
}

const confirmBody = z.object({ time: z.unknown() });

/** The time of a confirm call's body: an ISO 8601 date-time with offset; a 400 Response otherwise. */
export async function confirmTimeOf(request: Request): Promise<number | Response> {
  const body = await readJsonObject(request);
  const parsed = confirmBody.safeParse(body ?? {});
  const time = parsed.success ? parseOffsetDateTime(parsed.data.time) : null;
  if (!body) return refusedJson("The request body must be a JSON object.", { time: [VISIT_DECISION_MESSAGES.timeRequired] });
  return time ?? refusedJson(VISIT_DECISION_MESSAGES.invalid, { time: [VISIT_DECISION_MESSAGES.timeRequired] });
}
