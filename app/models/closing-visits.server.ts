import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { contactMessages, visitRequests, type ContactMessage, type Property, type VisitRequest } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { isPublicStatus, type ClosedStatus, type HomeStatus } from "~/models/home-facts";
import { visitCancelledMail } from "~/models/visit-mails.server";
import { visitPlaceOf } from "~/models/visit-place.server";
import { visitorGreeting } from "~/models/visit-links.server";
import { queueMail } from "~/services/mail/queue.server";

/**
 * A home leaving the market (rented, sold, off the market) with visits still to come
 * (docs/product.md, "A home's life"): staff are told how many before they save, and the
 * save calls them off, each visitor mailed in their language: a confirmed visit is
 * cancelled, a request not yet answered is declined.
 */

type Reader = Pick<ReturnType<typeof db>, "select">;
type VisitRow = { message: ContactMessage; visit: VisitRequest };

/** The visits a closing save calls off: `confirmed` still to come, `requested` with a time asked for still to come. */
export type VisitsToCallOff = { confirmed: number; requested: number };

export const NO_VISITS_TO_CALL_OFF: VisitsToCallOff = { confirmed: 0, requested: 0 };

export const visitsToCallOffTotal = (visits: VisitsToCallOff) => visits.confirmed + visits.requested;

/** Whether going from `before` to `after` takes a public home off the market. */
export function isClosing(before: HomeStatus, after: HomeStatus): after is ClosedStatus {
  return isPublicStatus(before) && !isPublicStatus(after);
}

function visitsStillToCome(propertyId: number, reader: Reader, now: number): { confirmed: VisitRow[]; requested: VisitRow[] } {
  const of = (status: "confirmed" | "requested") =>
    reader
      .select({ message: contactMessages, visit: visitRequests })
      .from(visitRequests)
      .innerJoin(contactMessages, eq(contactMessages.id, visitRequests.messageId))
      .where(and(eq(contactMessages.propertyId, propertyId), eq(visitRequests.status, status), status === "confirmed" ? gt(visitRequests.confirmedTime, new Date(now)) : undefined))
      .all();
  // A request whose times have all passed is no visit to come: the office answers it as it sees fit.
  return { confirmed: of("confirmed"), requested: of("requested").filter(({ visit }) => visit.times.some((time) => time > now)) };
}

/** The visits a save giving `home` the status `after` would call off (none when it stays public). */
export function visitsCalledOffBy(home: Pick<Property, "id" | "status">, after: HomeStatus, now = Date.now()): VisitsToCallOff {
  if (!isClosing(home.status, after)) return NO_VISITS_TO_CALL_OFF;
  const { confirmed, requested } = visitsStillToCome(home.id, db(), now);
  return { confirmed: confirmed.length, requested: requested.length };
}

/**
 * Calls off the home's visits still to come, in the save's transaction: a confirmed one
 * is marked cancelled, a request not yet answered declined (and its message handled),
 * each with an entry in the change log, and each visitor gets a polite mail in their
 * language saying why (the home has been rented, sold, or is no longer available) with
 * the link to its page, which offers similar homes. No link of their own: the home is
 * gone, so there is no other time to choose.
 */
export function callOffVisits(propertyId: number, status: ClosedStatus, actor: string, tx: Transaction, now = Date.now()): VisitsToCallOff {
  const { confirmed, requested } = visitsStillToCome(propertyId, tx, now);
  const decidedAt = new Date(now);
  const why = `the home is ${status.replace("_", " ")}`;
  const tell = (message: ContactMessage, visit: VisitRequest) => {
    const request = { message, visit };
    queueMail(visitCancelledMail(request, status, visitorGreeting(message, tx, false), visitPlaceOf(request, tx)), tx);
  };
  for (const { message, visit } of confirmed) {
    const cancelled = tx
      .update(visitRequests)
      .set({ status: "cancelled", decidedAt, decidedBy: actor, calendarSequence: sql`${visitRequests.calendarSequence} + 1` })
      .where(eq(visitRequests.messageId, visit.messageId))
      .returning()
      .get();
    tell(message, cancelled ?? visit);
    recordAudit({ actor, entity: "message", entityId: message.id, action: "visit-cancelled", summary: `status: confirmed → cancelled; ${why}` }, tx);
  }
  for (const { message, visit } of requested) {
    const declined = tx.update(visitRequests).set({ status: "declined", decidedAt, decidedBy: actor }).where(eq(visitRequests.messageId, visit.messageId)).returning().get();
    const handled = tx
      .update(contactMessages)
      .set({ handledAt: decidedAt, handledBy: actor })
      .where(and(eq(contactMessages.id, message.id), isNull(contactMessages.handledAt)))
      .returning()
      .get();
    tell(handled ?? message, declined ?? visit);
    recordAudit({ actor, entity: "message", entityId: message.id, action: "visit-declined", summary: `status: requested → declined; ${why}` }, tx);
  }
  return { confirmed: confirmed.length, requested: requested.length };
}
