import { eq, sql } from "drizzle-orm";
import { writeTransaction, type Transaction } from "~/db/client.server";
import { visitRequests, type ContactMessage, type VisitRequest } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { contactRecipient } from "~/models/configurations.server";
import { inquiryHome } from "~/models/messages.server";
import { bookedVisitsBetween, clashesAt, freeTimesNear, visitAvailability, visitsAtOnce } from "~/models/visit-availability.server";
import { isVisitPast, visitOfLink, visitorGreeting } from "~/models/visit-links.server";
import { visitChangedOfficeNotice, visitConfirmedMail, visitReceivedMail, visitVisitorCancelledMail } from "~/models/visit-mails.server";
import { visitPlaceOf } from "~/models/visit-place.server";
import { kickVisitReminders } from "~/models/visit-reminders.server";
import { visitSlots, visitTimeIso } from "~/models/visiting-hours";
import { visitingHours } from "~/models/visiting-hours.server";
import { queueMail } from "~/services/mail/queue.server";

/**
 * What a visitor may do from their own link (docs/product.md, "The visitor's link"):
 * cancel a visit asked for or confirmed, or choose another free time. A confirmed visit
 * moves and stays confirmed (the free times are the office's to give); one asked for,
 * declined or cancelled by the visitor is asked for again at the new time, for the office
 * to confirm. Each change mails the office and the visitor, in one transaction with it.
 */

type Visit = { message: ContactMessage; visit: VisitRequest };

/** Who decided, in the visit's row and the change log, when the visitor did. */
export const VISITOR_ACTOR = "the visitor";

/** Each change mails the office: a link's holder may make this many, then is asked to call. */
export const MAX_VISITOR_CHANGES = 5;

export type VisitorChange =
  | { kind: "cancelled"; request: Visit }
  | { kind: "moved"; request: Visit }
  | { kind: "asked"; request: Visit }
  | { kind: "not_found" }
  | { kind: "past" }
  /** The home takes no visits now (off the market, or an application pending). */
  | { kind: "closed" }
  /** Nothing to cancel (declined or cancelled already). */
  | { kind: "not_allowed" }
  | { kind: "too_many" }
  /** No time chosen. */
  | { kind: "no_time" }
  /** Not one of the offered times. */
  | { kind: "time_invalid" }
  | { kind: "time_taken"; freeNearby: number[] };

const cancelledByVisitor = (visit: VisitRequest) => visit.status === "cancelled" && visit.decidedBy === VISITOR_ACTOR;

/** What the visit's page offers: Cancel while it is asked for or confirmed; another time while its home takes visits and it was not called off by the office. */
export function visitorChoices(visit: VisitRequest, homeTakesVisits: boolean) {
  return {
    canCancel: visit.status === "requested" || visit.status === "confirmed",
    canChooseTime: homeTakesVisits && (visit.status !== "cancelled" || cancelledByVisitor(visit)),
  };
}

/** The checks both changes share, in the write: the link, the time, the count. */
function changeable(token: unknown, tx: Transaction, now: number): Visit | { kind: "not_found" | "past" | "too_many" } {
  const found = visitOfLink(token, tx);
  if (!found) return { kind: "not_found" };
  if (isVisitPast(found.visit, now)) return { kind: "past" };
  if (found.visit.visitorChanges >= MAX_VISITOR_CHANGES) return { kind: "too_many" };
  return found;
}

function audit(found: Visit, action: string, summary: string, tx: Transaction) {
  recordAudit({ actor: VISITOR_ACTOR, entity: "message", entityId: found.message.id, action, summary }, tx);
}

export function cancelVisitAsVisitor(token: unknown, now = Date.now()): VisitorChange {
  return writeTransaction((tx): VisitorChange => {
    const found = changeable(token, tx, now);
    if (!("visit" in found)) return found;
    if (!visitorChoices(found.visit, true).canCancel) return { kind: "not_allowed" };
    const wasConfirmed = found.visit.status === "confirmed";
    const visit = tx
      .update(visitRequests)
      .set({
        status: "cancelled",
        decidedAt: new Date(now),
        decidedBy: VISITOR_ACTOR,
        visitorChanges: sql`${visitRequests.visitorChanges} + 1`,
        // The calendar entry the confirmation put in is taken out by the next sequence.
        ...(wasConfirmed ? { calendarSequence: sql`${visitRequests.calendarSequence} + 1` } : {}),
      })
      .where(eq(visitRequests.messageId, found.message.id))
      .returning()
      .get();
    const request = { message: found.message, visit: visit ?? found.visit };
    queueMail(visitChangedOfficeNotice(request, { kind: "cancelled", before: found.visit }, contactRecipient(tx)), tx);
    queueMail(visitVisitorCancelledMail(request, found.visit, visitorGreeting(found.message, tx), visitPlaceOf(request, tx)), tx);
    audit(found, "visit-cancelled", `status: ${found.visit.status} → cancelled, by the visitor's link`, tx);
    return { kind: "cancelled", request };
  });
}

/** `time`: the free time chosen (null: none was, or it was not a date-time). */
export function moveVisitAsVisitor(token: unknown, time: number | null, now = Date.now()): VisitorChange {
  const change = moveVisit(token, time, now);
  if (change.kind === "moved") kickVisitReminders();
  return change;
}

function moveVisit(token: unknown, time: number | null, now: number): VisitorChange {
  const hours = visitingHours();
  return writeTransaction((tx): VisitorChange => {
    const found = changeable(token, tx, now);
    if (!("visit" in found)) return found;
    const home = found.message.propertyId === null ? undefined : inquiryHome(found.message.propertyId, tx);
    if (!home || home.status === "pending" || !visitorChoices(found.visit, true).canChooseTime) return { kind: "closed" };
    if (time === null) return { kind: "no_time" };
    if (!visitSlots(hours, now).includes(time) || time === found.visit.confirmedTime?.getTime()) return { kind: "time_invalid" };
    if (clashesAt(time, home.id, bookedVisitsBetween(time, time, tx), visitsAtOnce(tx), found.message.id).length) {
      return { kind: "time_taken", freeNearby: freeTimesNear(time, visitAvailability(home.id, hours, now, tx).free) };
    }
    const moving = found.visit.status === "confirmed";
    const visit = tx
      .update(visitRequests)
      .set({
        ...(moving
          ? { confirmedTime: new Date(time), calendarSequence: sql`${visitRequests.calendarSequence} + 1`, remindedAt: null }
          : { status: "requested" as const, times: [time], confirmedTime: null, meetingNote: null, decidedAt: null, decidedBy: null }),
        visitorChanges: sql`${visitRequests.visitorChanges} + 1`,
      })
      .where(eq(visitRequests.messageId, found.message.id))
      .returning()
      .get();
    const request = { message: found.message, visit: visit ?? found.visit };
    const greeting = visitorGreeting(found.message, tx);
    queueMail(visitChangedOfficeNotice(request, { kind: moving ? "moved" : "asked", before: found.visit }, contactRecipient(tx)), tx);
    queueMail(moving ? visitConfirmedMail(request, time, greeting, visitPlaceOf(request, tx), { moved: true }) : visitReceivedMail(request, greeting), tx);
    audit(found, moving ? "visit-moved" : "visit-asked-again", `${moving ? "confirmed time" : "time asked for"}: ${visitTimeIso(time)}, by the visitor's link`, tx);
    return { kind: moving ? "moved" : "asked", request };
  });
}
