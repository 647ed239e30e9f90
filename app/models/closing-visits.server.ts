import { and, eq, gt, sql } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { contactMessages, visitRequests, type Property } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { isPublicStatus, type ClosedStatus, type HomeStatus } from "~/models/home-facts";
import { visitCancelledMail } from "~/models/visit-mails.server";
import { visitPlaceOf } from "~/models/visit-place.server";
import { visitorGreeting } from "~/models/visit-links.server";
import { queueMail } from "~/services/mail/queue.server";

/**
 * A home leaving the market (rented, sold, off the market) with visits confirmed and
 * still to come (docs/product.md, "A home's life"): staff are told how many before they
 * save, and the save calls them off, each visitor mailed in their language.
 */

type Reader = Pick<ReturnType<typeof db>, "select">;

/** Whether going from `before` to `after` takes a public home off the market. */
export function isClosing(before: HomeStatus, after: HomeStatus): after is ClosedStatus {
  return isPublicStatus(before) && !isPublicStatus(after);
}

function upcomingConfirmedVisits(propertyId: number, reader: Reader, now: number) {
  return reader
    .select({ message: contactMessages, visit: visitRequests })
    .from(visitRequests)
    .innerJoin(contactMessages, eq(contactMessages.id, visitRequests.messageId))
    .where(and(eq(contactMessages.propertyId, propertyId), eq(visitRequests.status, "confirmed"), gt(visitRequests.confirmedTime, new Date(now))))
    .all();
}

/** How many confirmed visits a save giving `home` the status `after` would call off (0 when it stays public). */
export function visitsCalledOffBy(home: Pick<Property, "id" | "status">, after: HomeStatus, now = Date.now()): number {
  return isClosing(home.status, after) ? upcomingConfirmedVisits(home.id, db(), now).length : 0;
}

/**
 * Calls off the home's confirmed visits still to come, in the save's transaction: each
 * is marked cancelled with an entry in the change log, and its visitor gets a polite mail
 * in their language saying why (the home has been rented, sold, or is no longer
 * available) with the link to its page, which offers similar homes. Returns how many.
 */
export function callOffVisits(propertyId: number, status: ClosedStatus, actor: string, tx: Transaction, now = Date.now()): number {
  const visits = upcomingConfirmedVisits(propertyId, tx, now);
  for (const { message, visit } of visits) {
    const cancelled = tx
      .update(visitRequests)
      .set({ status: "cancelled", decidedAt: new Date(now), decidedBy: actor, calendarSequence: sql`${visitRequests.calendarSequence} + 1` })
      .where(eq(visitRequests.messageId, visit.messageId))
      .returning()
      .get();
    // No link: the home is gone, so the visit can no longer be moved.
    const greeting = visitorGreeting(message, tx, false);
    const request = { message, visit: cancelled ?? visit };
    queueMail(visitCancelledMail(request, status, greeting, visitPlaceOf(request, tx)), tx);
    recordAudit({ actor, entity: "message", entityId: message.id, action: "visit-cancelled", summary: `status: confirmed → cancelled; the home is ${status.replace("_", " ")}` }, tx);
  }
  return visits.length;
}
