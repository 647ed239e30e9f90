import ical, { ICalCalendarMethod } from "ical-generator";

/**
 * A confirmed visit as an iCalendar file (RFC 5545, METHOD:PUBLISH): one event, in UTC
 * (no time zone definitions a calendar might read differently), with a UID that stays
 * the same for the same request so a calendar that imports it twice keeps one event.
 */
export type VisitEvent = { uid: string; start: Date; end: Date; summary: string; location: string; description: string };

export const VISIT_ICS_FILENAME = "visit.ics";
export const VISIT_ICS_CONTENT_TYPE = "text/calendar; charset=utf-8; method=PUBLISH";

export function visitIcs(event: VisitEvent, stamp: Date = new Date()): string {
  const calendar = ical({ prodId: { company: "Lone Star Home Management", product: "Visits", language: "EN" }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: event.uid,
    start: event.start,
    end: event.end,
    stamp,
    summary: event.summary,
    location: event.location,
    description: event.description,
  });
  return calendar.toString();
}
