import ICAL from "ical.js";
import { withServerDatabase, type RunningServer } from "./server";
import { mimeParts } from "./smtp";

/** Test helpers for visit requests: a home of the test's own, the offered times, the .ics read with ical.js. */

export const VISIT_HOME_LOCATION = "1200 Oak Bend Dr, Tyler, TX 75701";

/** A home of the test's own (active or not), its address VISIT_HOME_LOCATION unless given. */
export function insertHome(app: Pick<RunningServer, "databasePath">, name: string, options: { isActive?: boolean; location?: string } = {}): number {
  return withServerDatabase(app, (db) =>
    Number(
      db
        .prepare(
          "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active) values (?, ?, '$950/month', '/objects/demo/home-1.webp', '2', '1', '900', 'A home.', ?)",
        )
        .run(name, options.location ?? VISIT_HOME_LOCATION, options.isActive === false ? 0 : 1).lastInsertRowid,
    ),
  );
}

/** GET /api/properties/{id}/visit-times: the times that may be asked for. */
export async function offeredTimes(app: RunningServer, homeId: number): Promise<string[]> {
  const response = await fetch(`${app.url}/api/properties/${homeId}/visit-times`);
  if (response.status !== 200) throw new Error(`visit-times answered ${response.status}`);
  return ((await response.json()) as { times: string[] }).times;
}

let serial = 0;
/** A valid visit request body; `lastName` is unique so a test finds its rows and mails. */
export function visitBody(times: string[], overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    firstName: "Lucía",
    lastName: `Visitante${Date.now().toString(36)}${serial}`,
    email: "lucia@example.com",
    phone: "(903) 555-0100",
    times,
    message: "¿Puedo llevar a mi familia?",
    language: "es",
    ...overrides,
  } as Record<string, unknown> & { lastName: string };
}

export function postVisitJson(app: RunningServer, homeId: number | string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/properties/${homeId}/visits`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** A visit asked for through the JSON call with `visitBody(times, overrides)`: its id (anything but 201 throws). */
export async function askVisit(app: RunningServer, homeId: number, times: string[], overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await postVisitJson(app, homeId, visitBody(times, overrides));
  if (response.status !== 201) throw new Error(`the visit request answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The hour and date of a time in the office's zone: "2026-12-01 09:00". */
export function chicagoWallTime(time: Date | number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(new Date(time))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export type ParsedVisitEvent = { start: Date; end: Date; location: string; summary: string; uid: string; method: string | null };

/** An .ics as a calendar reads it, with ical.js (a parse error throws). */
export function parseVisitIcs(text: string): ParsedVisitEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT in the .ics");
  const event = new ICAL.Event(vevent);
  return {
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    location: event.location,
    summary: event.summary,
    uid: event.uid,
    method: (calendar.getFirstPropertyValue("method") as string | null) ?? null,
  };
}

/** A header with its RFC 2047 encoded words decoded ("=?UTF-8?Q?...?=", "=?UTF-8?B?...?="), as a mail client shows it. */
export function decodedHeader(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const value = head.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim() ?? "";
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

/** A mail's visit.ics as a calendar reads it (ical.js): its part's header, the method, and the event's properties. */
export function visitCalendarOf(raw: string) {
  const part = mimeParts(raw).find((candidate) => candidate.contentType === "text/calendar");
  if (!part) throw new Error("no text/calendar part");
  const calendar = new ICAL.Component(ICAL.parse(part.body));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT in the .ics");
  const value = (name: string) => vevent.getFirstPropertyValue(name);
  return {
    header: part.header,
    method: calendar.getFirstPropertyValue("method"),
    uid: value("uid"),
    sequence: Number(value("sequence")),
    status: value("status"),
    location: value("location"),
    geo: value("geo"),
    url: value("url"),
    description: String(value("description") ?? ""),
    organizer: String(value("organizer") ?? ""),
    attendee: String(value("attendee") ?? ""),
    start: (value("dtstart") as ICAL.Time).toJSDate().getTime(),
  };
}
