import { and, asc, eq, gte, inArray, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, visitRequests, type ContactMessage, type VisitRequest } from "~/db/schema";
import { VISIT_LENGTH_MS, officeDay, officeDayStart, visitChoiceOf, visitClockLabel, visitDayWithYearLabel, visitTimeLabel } from "~/models/visiting-hours";
import { LANGUAGE_NAMES } from "~/utils/locale";

/**
 * The Visits tab (docs/product.md, the Visits tab): the requests still to answer
 * first, then the visits from today on, by day, each with its home, visitor, phone,
 * language and status (a confirmed visit whose hour is over is "done"); filtered by home.
 */

type Visit = { message: ContactMessage; visit: VisitRequest };

export type OfficeVisitStatus = "requested" | "confirmed" | "declined" | "cancelled" | "done";

/** A declined or cancelled visit stays in the list this long after it was decided, at its time. */
const DECIDED_SHOWN_MS = 30 * 86_400_000;

/** The time a visit is listed at: its confirmed time, else the first time asked for that is still ahead, else the last. */
function listedTime(visit: VisitRequest, now: number): number {
  return visit.confirmedTime?.getTime() ?? visit.times.find((time) => time >= now) ?? visit.times[visit.times.length - 1];
}

function statusOf(visit: VisitRequest, now: number): OfficeVisitStatus {
  if (visit.status === "confirmed" && visit.confirmedTime && visit.confirmedTime.getTime() + VISIT_LENGTH_MS <= now) return "done";
  return visit.status;
}

export function officeVisits(options: { homeId: number | null }, now = Date.now()) {
  const dayStart = officeDayStart(officeDay(now)) ?? now;
  const rows = db()
    .select({ message: contactMessages, visit: visitRequests })
    .from(visitRequests)
    .innerJoin(contactMessages, eq(contactMessages.id, visitRequests.messageId))
    .where(
      or(
        eq(visitRequests.status, "requested"),
        and(inArray(visitRequests.status, ["confirmed", "cancelled"]), gte(visitRequests.confirmedTime, new Date(dayStart))),
        and(inArray(visitRequests.status, ["declined", "cancelled"]), gte(visitRequests.decidedAt, new Date(now - DECIDED_SHOWN_MS))),
      ),
    )
    .orderBy(asc(visitRequests.messageId))
    .all()
    // A request is listed while one of its times is still ahead; any other from today on.
    .filter(({ visit }) => (visit.status === "requested" ? visit.times.some((time) => time + VISIT_LENGTH_MS > now) : listedTime(visit, now) >= dayStart));
  const homes = new Map<number, string>();
  for (const { message, visit } of rows) if (message.propertyId !== null) homes.set(message.propertyId, visit.homeName);
  const shown = options.homeId === null ? rows : rows.filter(({ message }) => message.propertyId === options.homeId);
  const item = ({ message, visit }: Visit) => ({
    id: message.id,
    time: listedTime(visit, now),
    timeLabel: visitTimeLabel(listedTime(visit, now), "en"),
    clock: visitClockLabel(listedTime(visit, now), "en"),
    home: { id: message.propertyId, name: visit.homeName },
    visitor: `${message.firstName} ${message.lastName}`,
    email: message.email,
    phone: message.phone,
    language: message.language ? LANGUAGE_NAMES[message.language] : null,
    status: statusOf(visit, now),
  });
  const waiting = shown.filter(({ visit }) => visit.status === "requested");
  const days = new Map<string, ReturnType<typeof item>[]>();
  for (const visit of shown.filter(({ visit }) => visit.status !== "requested").map(item).sort((a, b) => a.time - b.time)) {
    const day = visitChoiceOf(visit.time).day;
    days.set(day, [...(days.get(day) ?? []), visit]);
  }
  return {
    waiting: waiting.map((request) => ({ ...item(request), visit: request.visit })).sort((a, b) => a.time - b.time),
    days: [...days].map(([day, visits]) => ({
      day,
      label: visitDayWithYearLabel(day, "en"),
      visits,
    })),
    homes: [...homes].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
