import { and, eq, gt, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, visitRequests } from "~/db/schema";
import { saveSetting, wholeNumberSetting } from "~/models/configurations.server";
import { VISIT_LENGTH_MS, visitSlots, type VisitingHours } from "~/models/visiting-hours";
import { visitingHours } from "~/models/visiting-hours.server";
import { MAX_VISITS_AT_ONCE } from "~/models/visiting-hours-form";

/**
 * Which offered times are still free (docs/product.md, visit requests): a confirmed
 * visit takes its hour off its home's times, and once as many visits as the office can
 * show at once are confirmed at an hour, that hour is off every home's times. The
 * setting `visits_at_once` ("Visits at the same time across homes") says how many; while
 * it is absent, 1: the office shows one home at a time.
 */

export const VISITS_AT_ONCE_KEY = "visits_at_once";
export const DEFAULT_VISITS_AT_ONCE = 1;
const VISITS_AT_ONCE_DESCRIPTION = "How many visits the office can show at the same time, across homes";

type Reader = Pick<ReturnType<typeof db>, "select">;

export function visitsAtOnce(reader: Reader = db()): number {
  return wholeNumberSetting(VISITS_AT_ONCE_KEY, DEFAULT_VISITS_AT_ONCE, MAX_VISITS_AT_ONCE, reader);
}

export function saveVisitsAtOnce(count: number, updatedBy: string): void {
  saveSetting({ key: VISITS_AT_ONCE_KEY, value: String(count), description: VISITS_AT_ONCE_DESCRIPTION }, updatedBy);
}

/** A confirmed visit: its id, its time, and the home it is to (its id, and its name as asked about). */
export type BookedVisit = { id: number; time: number; propertyId: number | null; homeName: string };

/** The confirmed visits that overlap an hour starting between `from` and `to`. */
export function bookedVisitsBetween(from: number, to: number, reader: Reader = db()): BookedVisit[] {
  return reader
    .select({ id: visitRequests.messageId, time: visitRequests.confirmedTime, propertyId: contactMessages.propertyId, homeName: visitRequests.homeName })
    .from(visitRequests)
    .innerJoin(contactMessages, eq(contactMessages.id, visitRequests.messageId))
    .where(and(eq(visitRequests.status, "confirmed"), gt(visitRequests.confirmedTime, new Date(from - VISIT_LENGTH_MS)), lt(visitRequests.confirmedTime, new Date(to + VISIT_LENGTH_MS))))
    .all()
    .map((row) => ({ ...row, time: row.time!.getTime() }));
}

const overlaps = (a: number, b: number) => Math.abs(a - b) < VISIT_LENGTH_MS;

/**
 * What keeps a visit to `propertyId` at `time` from happening: a confirmed visit to the
 * same home at that hour, or as many confirmed visits elsewhere as the office can show
 * at once. Empty when the time is free.
 */
export function clashesAt(time: number, propertyId: number, booked: BookedVisit[], atOnce: number, exceptVisitId?: number): BookedVisit[] {
  const around = booked.filter((visit) => visit.id !== exceptVisitId && overlaps(visit.time, time));
  const sameHome = around.filter((visit) => visit.propertyId === propertyId);
  if (sameHome.length) return sameHome;
  return around.length >= atOnce ? around : [];
}

/** The offered times of a home and which of them are free, read once. */
export function visitAvailability(propertyId: number, hours: VisitingHours = visitingHours(), now = Date.now(), reader: Reader = db()) {
  const offered = visitSlots(hours, now);
  const booked = offered.length ? bookedVisitsBetween(offered[0], offered[offered.length - 1], reader) : [];
  const atOnce = visitsAtOnce(reader);
  const free = offered.filter((time) => clashesAt(time, propertyId, booked, atOnce).length === 0);
  return { offered, free };
}

/** Up to `count` free times closest to `time`, in order: what to offer instead of a time just taken. */
export function freeTimesNear(time: number, free: number[], count = 3): number[] {
  return [...free]
    .sort((a, b) => Math.abs(a - time) - Math.abs(b - time) || a - b)
    .slice(0, count)
    .sort((a, b) => a - b);
}

/**
 * For a page of requests, read at once: the other confirmed visits at each time a
 * request asks for (what confirming it there would double).
 */
export function clashFinder(requests: { id: number; propertyId: number | null; times: number[] }[], reader: Reader = db()) {
  const times = requests.flatMap((request) => request.times);
  const booked = times.length ? bookedVisitsBetween(Math.min(...times), Math.max(...times), reader) : [];
  const atOnce = visitsAtOnce(reader);
  return (id: number, propertyId: number | null) => (time: number) => (propertyId === null ? [] : clashesAt(time, propertyId, booked, atOnce, id));
}
