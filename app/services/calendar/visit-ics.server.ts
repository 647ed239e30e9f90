import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";

/**
 * A visit as an iCalendar message (RFC 5545, with RFC 5546's methods): one event in UTC
 * (no time zone definitions a calendar might read differently). The office is its
 * ORGANIZER and the visitor its one ATTENDEE, already accepted (no RSVP asked): a
 * REQUEST puts it in the visitor's calendar, and the next REQUEST (a move) or a CANCEL
 * with the same UID and a higher SEQUENCE changes that same entry (decision 076).
 */
export type VisitEvent = {
  uid: string;
  /** 0 when confirmed; one more at each later change of the same visit. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  /** The street or lot address and the town; `geo` the home's spot when it has one. */
  location: { address: string; geo: { lat: number; lon: number } | null };
  description: string;
  url: string | null;
  organizer: { name: string; email: string };
  attendee: string;
};

export type VisitCalendarMethod = "REQUEST" | "CANCEL";

export const VISIT_ICS_FILENAME = "visit.ics";

export const visitIcsContentType = (method: VisitCalendarMethod) => `text/calendar; charset=utf-8; method=${method}`;

export function visitIcs(event: VisitEvent, method: VisitCalendarMethod, stamp: Date = new Date()): string {
  const calendar = ical({
    prodId: { company: "Lone Star Home Management", product: "Visits", language: "EN" },
    method: method === "CANCEL" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    start: event.start,
    end: event.end,
    stamp,
    summary: event.summary,
    location: event.location.geo ? { title: event.location.address, geo: event.location.geo } : event.location.address,
    description: event.description,
    url: event.url,
    organizer: event.organizer,
    attendees: [{ email: event.attendee, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }],
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
