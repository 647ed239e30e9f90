import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { advanceStage } from "~/models/enquiry-stages.server";
import { NO_ORIGIN, originColumns, type EnquiryOrigin } from "~/models/enquiry-source";
import { log } from "~/config/logger.server";
import { clientFields } from "~/config/log-pseudonyms.server";
import { db, writeTransaction } from "~/db/client.server";
import { contactMessages, visitRequests, type ContactMessage, type VisitRequest } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { contactRecipient } from "~/models/configurations.server";
import { visitorMessageLimiter } from "~/models/contact-submission.server";
import { isHoneypotFilled } from "~/models/contact-schema";
import { inquiryHome, insertContactMessage, nextContactMessageId } from "~/models/messages.server";
import { claimInstantReply, replyHomeOf } from "~/models/instant-replies.server";
import { VISIT_ERRORS, type VisitVisitor } from "~/models/visit-schema";
import type { DeclineReason } from "~/models/visit-decision-form";
import { visitConfirmedMail, visitDeclinedMail, visitOfficeNotice, visitReceivedMail } from "~/models/visit-mails.server";
import { visitPlaceOf } from "~/models/visit-place.server";
import { visitorGreeting } from "~/models/visit-links.server";
import { kickVisitReminders } from "~/models/visit-reminders.server";
import { isWithinVisitingHours, visitTimeIso, type VisitingHours } from "~/models/visiting-hours";
import { bookedVisitsBetween, clashesAt, freeTimesNear, visitAvailability, visitsAtOnce, type BookedVisit } from "~/models/visit-availability.server";
import { visitingHours } from "~/models/visiting-hours.server";
import { queueMail } from "~/services/mail/queue.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { clientNetworkOf } from "~/utils/client-network.server";
import { mailboxOf } from "~/utils/mailbox";
import type { Language } from "~/utils/locale";

/**
 * Visit requests (docs/product.md, visit requests): a contact message of subject
 * 'visit-request' and its visit_requests row, written in one transaction with the
 * office's notice and the visitor's confirmation (store first, then mail: the queue
 * sends them). The office confirms one time (or another within the hours) or declines,
 * once: a decided request answers "conflict", so no mail goes twice.
 */

export const VISIT_SUBJECT = "visit-request";

export type VisitWithMessage = { message: ContactMessage; visit: VisitRequest };

/**
 * The public home a visit may be asked for, as an inquiry about it names it; its
 * `status` pending means an application is pending, and it takes no new visit requests.
 */
export function visitableHome(propertyId: number) {
  return inquiryHome(propertyId, db());
}

/**
 * The times as the visitor sent them (null: not a date-time) checked against a home's
 * offered and free times (visit-availability.server.ts): one dictionary key per time
 * that is refused, or null for a time that may be asked for, and for each time taken
 * since the page was drawn, the free times nearest it.
 */
export function visitTimeErrors(times: (number | null)[], propertyId: number, hours: VisitingHours = visitingHours(), now = Date.now()) {
  const { offered, free } = visitAvailability(propertyId, hours, now);
  const offeredSet = new Set(offered);
  const freeSet = new Set(free);
  const errors = times.map((time, index): string | null => {
    if (time === null) return VISIT_ERRORS.timeInvalid;
    if (!offeredSet.has(time)) return VISIT_ERRORS.timeUnavailable;
    if (!freeSet.has(time)) return VISIT_ERRORS.timeTaken;
    return times.indexOf(time) < index ? VISIT_ERRORS.timeRepeated : null;
  });
  const taken = times.find((time, index) => errors[index] === VISIT_ERRORS.timeTaken);
  const unchosenFree = free.filter((time) => !times.includes(time));
  return { errors, freeNearby: typeof taken === "number" ? freeTimesNear(taken, unchosenFree) : [] };
}

export type VisitOutcome =
  | { kind: "stored"; request: VisitWithMessage | null; id: number }
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "not_found" }
  | { kind: "pending" };

/**
 * Stores a request whose fields and times are already checked. The per-IP limit is the
 * contact form's (one allowance for both), counted after validation; a filled honeypot
 * is answered like a stored request and writes nothing.
 */
// A stranger could name anyone's address: whatever the networks, one inbox gets at most
// this many "we received your visit request" mails a day (a request past it is stored
// and reaches the office as usual, without the mail), and one network may ask for at
// most this many visits a day on top of the contact form's 10 in 10 minutes.
export const VISIT_MAILS_PER_INBOX_PER_DAY = 3;
export const VISIT_REQUESTS_PER_NETWORK_PER_DAY = 20;
const DAY_MS = 24 * 3_600_000;
const visitMailsPerInbox = new RateLimiter("visit-mail-inbox", VISIT_MAILS_PER_INBOX_PER_DAY, DAY_MS);
const visitRequestsPerNetwork = new RateLimiter("visit-request-network-day", VISIT_REQUESTS_PER_NETWORK_PER_DAY, DAY_MS);

export async function submitVisitRequest(input: {
  propertyId: number;
  visitor: VisitVisitor;
  times: number[];
  language: Language;
  clientIp: string;
  honeypot: unknown;
  origin?: EnquiryOrigin;
}): Promise<VisitOutcome> {
  const network = clientNetworkOf(input.clientIp);
  const limit = await visitorMessageLimiter.hit(network);
  if (!limit.allowed) return { kind: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const daily = await visitRequestsPerNetwork.hit(network);
  if (!daily.allowed) return { kind: "rate_limited", retryAfterSeconds: daily.retryAfterSeconds };
  if (isHoneypotFilled(input.honeypot)) {
    log.info("visit: honeypot filled, request dropped", clientFields(input.clientIp));
    return { kind: "stored", request: null, id: nextContactMessageId() };
  }
  const inbox = mailboxOf(input.visitor.email);
  const acknowledge = (await visitMailsPerInbox.hit(inbox)).allowed;
  if (!acknowledge) log.info("visit: the inbox had its visit mails for the day, request stored without the visitor's mail", clientFields(input.clientIp));
  const stored = writeTransaction((tx) => {
    const home = inquiryHome(input.propertyId, tx);
    // Read again in the write: the home may have left the list, or taken an application, since the page.
    if (!home) return "not_found" as const;
    if (home.status === "pending") return "pending" as const;
    const message = insertContactMessage(tx, {
      firstName: input.visitor.firstName,
      lastName: input.visitor.lastName,
      email: input.visitor.email,
      phone: input.visitor.phone ?? null,
      subject: VISIT_SUBJECT,
      message: input.visitor.message ?? "",
      propertyId: home.id,
      language: input.language,
      ...originColumns(input.origin ?? NO_ORIGIN),
    });
    const visit = tx
      .insert(visitRequests)
      .values({ messageId: message.id, homeName: home.name, homeLocation: home.location, times: input.times })
      .returning()
      .get();
    const request = { message, visit };
    const office = contactRecipient(tx);
    queueMail(visitOfficeNotice(request, office, home.url), tx);
    if (acknowledge) {
      // The received mail is the request's instant reply (decision 084): it goes with each
      // request, spares the inbox another reply about this home today and counts toward
      // the inbox's instant replies of the day.
      claimInstantReply(message.email, home.id, tx);
      queueMail(visitReceivedMail(request, visitorGreeting(message, tx), replyHomeOf(home.id, tx)), tx);
    }
    return request;
  });
  return typeof stored === "string" ? { kind: stored } : { kind: "stored", request: stored, id: stored.message.id };
}

/** A request as the JSON calls answer it. */
export function visitJson({ message, visit }: VisitWithMessage) {
  return {
    id: message.id,
    status: visit.status,
    times: visit.times.map(visitTimeIso),
    confirmedTime: visit.confirmedTime ? visitTimeIso(visit.confirmedTime.getTime()) : null,
    home: { id: message.propertyId, name: visit.homeName, location: visit.homeLocation },
    firstName: message.firstName,
    lastName: message.lastName,
    email: message.email,
    phone: message.phone,
    message: message.message || null,
    language: message.language,
    createdAt: message.createdAt.toISOString(),
    decidedAt: visit.decidedAt?.toISOString() ?? null,
    decidedBy: visit.decidedBy,
    meetingNote: visit.meetingNote,
  };
}

/** Every request, newest first (GET /api/admin/visits). */
export function listVisitRequests(): VisitWithMessage[] {
  return db()
    .select({ message: contactMessages, visit: visitRequests })
    .from(visitRequests)
    .innerJoin(contactMessages, eq(contactMessages.id, visitRequests.messageId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .all();
}

/** The visit rows of some messages (the Messages tab's page), by message id. */
export function visitsOfMessages(messageIds: number[]): Map<number, VisitRequest> {
  if (!messageIds.length) return new Map();
  const rows = db().select().from(visitRequests).where(inArray(visitRequests.messageId, messageIds)).all();
  return new Map(rows.map((row) => [row.messageId, row]));
}

type Reader = Pick<ReturnType<typeof db>, "select">;

function findVisit(id: number, reader: Reader = db()): VisitWithMessage | undefined {
  return reader
    .select({ message: contactMessages, visit: visitRequests })
    .from(visitRequests)
    .innerJoin(contactMessages, eq(contactMessages.id, visitRequests.messageId))
    .where(eq(visitRequests.messageId, id))
    .get();
}

export function getVisitRequest(id: number): VisitWithMessage | undefined {
  return findVisit(id);
}

export type DecisionOutcome =
  | { kind: "decided"; request: VisitWithMessage }
  | { kind: "not_found" }
  | { kind: "conflict"; request: VisitWithMessage }
  | { kind: "invalid_time" }
  /** Other confirmed visits at that time (the same home, or as many as the office shows at once): confirmed only when staff say so again. */
  | { kind: "clash"; clashes: BookedVisit[] }
  /** Its home is no longer on the public site (rented, sold, off the market, deleted): there is nothing to visit. */
  | { kind: "home_closed" };

/**
 * The office's answer, once: confirm at `time` (one of the times asked for, or another
 * future time within the visiting hours) or decline (time null). The request, the
 * message marked handled, the audit entry and the visitor's mail commit together.
 */
function decide(id: number, time: number | null, actor: string, confirming: ConfirmOptions = {}, declining: DeclineOptions = {}): DecisionOutcome {
  const { clashAccepted = false, meetingNote = null } = confirming;
  const hours = visitingHours();
  const now = Date.now();
  return writeTransaction((tx) => {
    const found = findVisit(id, tx);
    if (!found) return { kind: "not_found" } as const;
    if (found.visit.status !== "requested") return { kind: "conflict", request: found } as const;
    if (time !== null && (found.message.propertyId === null || !inquiryHome(found.message.propertyId, tx))) return { kind: "home_closed" } as const;
    if (time !== null && !found.visit.times.includes(time) && !isWithinVisitingHours(time, hours, now)) return { kind: "invalid_time" } as const;
    if (time !== null && found.message.propertyId !== null && !clashAccepted) {
      const clashes = clashesAt(time, found.message.propertyId, bookedVisitsBetween(time, time, tx), visitsAtOnce(tx), id);
      if (clashes.length) return { kind: "clash", clashes } as const;
    }
    const decidedAt = new Date(now);
    const visit = tx
      .update(visitRequests)
      .set({
        status: time === null ? "declined" : "confirmed",
        confirmedTime: time === null ? null : new Date(time),
        meetingNote: time === null ? null : meetingNote,
        decidedAt,
        decidedBy: actor,
      })
      .where(and(eq(visitRequests.messageId, id), eq(visitRequests.status, "requested")))
      .returning()
      .get();
    const message =
      tx
        .update(contactMessages)
        .set({ handledAt: decidedAt, handledBy: actor })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
        .returning()
        .get() ?? found.message;
    advanceStage(tx, id, time === null ? "replied" : "visit_scheduled", decidedAt);
    const request = { message, visit };
    const greeting = visitorGreeting(message, tx);
    const declined = () => {
      const free = declining.suggestTimes && message.propertyId !== null ? visitAvailability(message.propertyId, hours, now, tx).free : [];
      return { reason: declining.reason ?? "times", note: declining.note ?? null, freeTimes: free.filter((time) => time < now + SUGGESTED_DAYS_MS).slice(0, SUGGESTED_TIMES) };
    };
    queueMail(time === null ? visitDeclinedMail(request, greeting, declined()) : visitConfirmedMail(request, time, greeting, visitPlaceOf(request, tx)), tx);
    recordAudit(
      {
        actor,
        entity: "message",
        entityId: id,
        action: time === null ? "visit-declined" : "visit-confirmed",
        summary: time === null ? `status: requested → declined; reason: ${declining.reason ?? "times"}${declining.suggestTimes ? "; free times suggested" : ""}` : `status: requested → confirmed; time: ${visitTimeIso(time)}`,
      },
      tx,
    );
    return { kind: "decided", request } as const;
  });
}

/**
 * How staff confirm: `clashAccepted`, they saw that other visits are confirmed at that
 * time and confirm this one too; `meetingNote`, what the visitor should know to find
 * them ("Meet at the community office"), one line of at most MEETING_NOTE_MAX characters.
 */
export type ConfirmOptions = { clashAccepted?: boolean; meetingNote?: string | null };

export function confirmVisit(id: number, time: number, actor: string, options: ConfirmOptions = {}): DecisionOutcome {
  const outcome = decide(id, time, actor, options);
  // A visit confirmed for tomorrow after the reminder hour is reminded now, not at the next round.
  if (outcome.kind === "decided") kickVisitReminders();
  return outcome;
}

/**
 * How staff decline: `reason` says why in the visitor's mail (the times asked for cannot
 * be arranged, the home can no longer be visited, or another reason), `note` adds a line
 * of theirs, and `suggestTimes` lists the home's free times of the coming days with the
 * visitor's link to choose one.
 */
export type DeclineOptions = { reason?: DeclineReason; note?: string | null; suggestTimes?: boolean };

/** Free times a declined visitor is offered: of the next week, at most this many. */
const SUGGESTED_DAYS_MS = 7 * 86_400_000;
const SUGGESTED_TIMES = 8;

export function declineVisit(id: number, actor: string, options: DeclineOptions = {}): DecisionOutcome {
  return decide(id, null, actor, {}, options);
}
