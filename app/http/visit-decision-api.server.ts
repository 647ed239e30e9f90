import { z } from "zod";
import { noStoreJson, notFoundJson, refusedJson } from "./admin-json-route.server";
import { readJsonObject } from "./api.server";
import type { DecisionOutcome, DeclineOptions } from "~/models/visit-requests.server";
import { visitJson } from "~/models/visit-requests.server";
import { isDeclineReason, meetingNoteOf, VISIT_DECISION_MESSAGES } from "~/models/visit-decision-form";
import { parseOffsetDateTime, visitTimeIso } from "~/models/visiting-hours";

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
    case "home_closed":
      return noStoreJson({ error: VISIT_DECISION_MESSAGES.homeClosed, visit: null }, { status: 409 });
    case "clash":
      return noStoreJson(
        { error: VISIT_DECISION_MESSAGES.clashJson, clashes: outcome.clashes.map((visit) => ({ id: visit.id, home: visit.homeName, time: visitTimeIso(visit.time) })) },
        { status: 409 },
      );
  }
}

const confirmBody = z.object({ time: z.unknown(), confirmAnyway: z.unknown().optional(), meetingNote: z.unknown().optional() });

/**
 * The time of a confirm call's body (an ISO 8601 date-time with offset), whether it says
 * `"confirmAnyway": true` (other visits are confirmed at that time) and its
 * `meetingNote` (optional, at most 200 characters); a 400 Response otherwise.
 */
export async function confirmTimeOf(request: Request): Promise<{ time: number; confirmAnyway: boolean; meetingNote: string | null } | Response> {
  const body = await readJsonObject(request);
  const parsed = confirmBody.safeParse(body ?? {});
  const time = parsed.success ? parseOffsetDateTime(parsed.data.time) : null;
  if (!body) return refusedJson("The request body must be a JSON object.", { time: [VISIT_DECISION_MESSAGES.timeRequired] });
  if (time === null) return refusedJson(VISIT_DECISION_MESSAGES.invalid, { time: [VISIT_DECISION_MESSAGES.timeRequired] });
  const meetingNote = meetingNoteOf(parsed.success ? parsed.data.meetingNote : undefined);
  if (meetingNote === undefined) return refusedJson(VISIT_DECISION_MESSAGES.invalid, { meetingNote: [VISIT_DECISION_MESSAGES.meetingNoteNotText] });
  return { time, confirmAnyway: parsed.success && parsed.data.confirmAnyway === true, meetingNote };
}

/**
 * A decline call's optional body: `reason` ("times", "home" or "other"), `note` (at most
 * 200 characters) and `suggestTimes` (true: the mail lists the free times of the coming
 * days). No body declines for the times, with no note and no times suggested; a 400 Response for anything else.
 */
export async function declineOptionsOf(request: Request): Promise<DeclineOptions | Response> {
  const text = await request.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return refusedJson("The request body must be a JSON object.", {});
  const { reason, note, suggestTimes } = body as Record<string, unknown>;
  const readNote = meetingNoteOf(note);
  const errors: Record<string, string[]> = {};
  if (reason !== undefined && !isDeclineReason(reason)) errors.reason = ['reason must be "times", "home" or "other"'];
  if (readNote === undefined) errors.note = ["note must be a string of at most 200 characters"];
  if (suggestTimes !== undefined && typeof suggestTimes !== "boolean") errors.suggestTimes = ["suggestTimes must be true or false"];
  if (Object.keys(errors).length) return refusedJson(VISIT_DECISION_MESSAGES.invalid, errors);
  return { reason: isDeclineReason(reason) ? reason : undefined, note: readNote ?? null, suggestTimes: suggestTimes === true };
}
