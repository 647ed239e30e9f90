import type { VisitRequest } from "~/db/schema";
import type { FlashToast } from "./toast.server";
import { parseId } from "./params";
import {
  clashesInWords,
  CONFIRM_ANYWAY_FIELD,
  MEETING_NOTE_FIELD,
  meetingNoteOf,
  OTHER_TIME,
  VISIT_DECISION_MESSAGES,
  type ClashItem,
  type VisitCardItem,
} from "~/models/visit-decision-form";
import type { BookedVisit } from "~/models/visit-availability.server";
import { confirmVisit, declineVisit, type DecisionOutcome } from "~/models/visit-requests.server";
import { VISITOR_ACTOR } from "~/models/visitor-visit-changes.server";
import { parseOfficeLocalDateTime, parseOffsetDateTime, visitTimeIso, visitTimeLabel } from "~/models/visiting-hours";
import { formatDateTime } from "~/utils/dates";

/**
 * The Messages tab's visit panel (docs/product.md, visit requests): what a card shows of
 * a request, and the form's 'Confirm visit' (one of the times asked for, or another time
 * typed as Central Time) and 'Decline', posted to the tab's action with or without JavaScript.
 */

const clashItem = (visit: BookedVisit): ClashItem => ({ home: visit.homeName, time: visitTimeLabel(visit.time, "en") });

/**
 * A request as its card shows it; `clashesOf` names, for a requested one, the other
 * confirmed visits at each of its times (the Messages tab reads them for its page at once).
 */
export function visitCardItem(visit: VisitRequest | undefined, clashesOf: (time: number) => BookedVisit[] = () => []): VisitCardItem | null {
  if (!visit) return null;
  return {
    status: visit.status,
    times: visit.times.map((time) => ({ value: visitTimeIso(time), label: visitTimeLabel(time, "en"), booked: visit.status === "requested" ? clashesOf(time).map(clashItem) : [] })),
    confirmed: visit.confirmedTime ? visitTimeLabel(visit.confirmedTime.getTime(), "en") : null,
    meetingNote: visit.meetingNote,
    cancelledByVisitor: visit.status === "cancelled" && visit.decidedBy === VISITOR_ACTOR,
    decided: visit.decidedAt ? { by: visit.decidedBy ?? "", on: formatDateTime(visit.decidedAt) } : null,
  };
}

type Toast = Omit<FlashToast, "id">;

const failure = (description: string): Toast => ({ title: "Error", description, variant: "destructive" });

function toastOf(outcome: DecisionOutcome): Toast {
  switch (outcome.kind) {
    case "decided":
      return { title: "Success", description: outcome.request.visit.status === "confirmed" ? VISIT_DECISION_MESSAGES.confirmed : VISIT_DECISION_MESSAGES.declined };
    case "not_found":
      return failure(VISIT_DECISION_MESSAGES.notFound);
    case "conflict":
      return failure(VISIT_DECISION_MESSAGES.alreadyDecided(outcome.request.visit.status));
    case "invalid_time":
      return failure(VISIT_DECISION_MESSAGES.timeOutside);
    case "home_closed":
      return failure(VISIT_DECISION_MESSAGES.homeClosed);
    case "clash":
      return failure(VISIT_DECISION_MESSAGES.clash(clashesInWords(outcome.clashes.map(clashItem))));
  }
}

/** The panel's post (intent visit-confirm or visit-decline) decided, as the toast to show; null for any other post of the tab. */
export function visitDecisionAction(form: FormData, actor: string): Toast | null {
  const intent = form.get("intent");
  if (intent !== "visit-confirm" && intent !== "visit-decline") return null;
  const id = parseId(String(form.get("id") ?? ""));
  if (id === null) return failure(VISIT_DECISION_MESSAGES.notFound);
  if (intent === "visit-decline") return toastOf(declineVisit(id, actor));
  const chosen = String(form.get("time") ?? "");
  const time = chosen === OTHER_TIME ? parseOfficeLocalDateTime(form.get("otherTime")) : parseOffsetDateTime(chosen);
  if (time === null) return failure(VISIT_DECISION_MESSAGES.chooseTime);
  const meetingNote = meetingNoteOf(form.get(MEETING_NOTE_FIELD));
  if (meetingNote === undefined) return failure(VISIT_DECISION_MESSAGES.meetingNoteTooLong);
  return toastOf(confirmVisit(id, time, actor, { clashAccepted: form.get(CONFIRM_ANYWAY_FIELD) === "on", meetingNote }));
}
