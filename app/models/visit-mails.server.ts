import { config } from "~/config/env.server";
import type { ContactMessage, Property, VisitRequest } from "~/db/schema";
import type { OutgoingMail } from "~/services/mail/queue.server";
import { VISIT_ICS_FILENAME, visitIcs, visitIcsContentType, type VisitCalendarMethod } from "~/services/calendar/visit-ics.server";
import { VISIT_LENGTH_MS, visitChoiceOf, visitClockLabel, visitDayLabel, visitTimeLabel, visitTimeWithoutZone } from "~/models/visiting-hours";
import { cleanMultilineText, cleanOneLine } from "~/utils/control-characters";
import { escapeHtml } from "~/utils/html";
import type { Translate } from "~/utils/translate";
import { telHref } from "~/utils/phone";
import { officeDetailsTable, officeLink, officeMailHtml, officeMessageHtml, type OfficeDetail } from "~/models/office-mail-html";
import { LANGUAGE_NAMES, type Language } from "~/utils/locale";
import { greetingOf, languageOf, officeLines, officePhone, paragraphsMail, translatorFor, type Greeting } from "~/models/visitor-mail.server";
import { homeDetails } from "~/models/instant-replies.server";
import type { ClosedStatus } from "~/models/home-facts";
import type { VisitPlace } from "~/models/visit-place.server";

/**
 * The visit requests' mails, their texts from the dictionary (visit.mail.*): the office's
 * notice (English, like the other office mails) and the visitor's three (their
 * language): request received, visit confirmed (with where to go and visit.ics), visit
 * declined, and visit called off when its home leaves the market (with the .ics that
 * takes it off the calendar).
 */

type Visit = { message: ContactMessage; visit: VisitRequest };

/** The visitor's own link (visit-links.server.ts) as a paragraph: `key` says what it lets them do. */
function linkParagraph(t: Translate, { link }: Greeting, key = "visit.mail.link"): string[] {
  return link ? [t(key, undefined, { url: link })] : [];
}

/** A visit's time for the visitor, the zone in words in either language: "… 10:00 a.m. (hora del centro)". */
function timeInZone(t: Translate, time: number, language: Language): string {
  return t("visit.mail.time_in_zone", undefined, { time: visitTimeWithoutZone(time, language) });
}

function homeOf(visit: VisitRequest) {
  return { home: cleanOneLine(visit.homeName), address: cleanOneLine(visit.homeLocation) };
}

/**
 * To the office: the home, the visitor and the times, laid out as the contact form's
 * mail is (a row per detail, the home's page, the address and the phone as links).
 */
export function visitOfficeNotice({ message, visit }: Visit, recipient: string, homeUrl: string | null): OutgoingMail {
  const t = translatorFor("en");
  const { home, address } = homeOf(visit);
  const name = cleanOneLine(`${message.firstName} ${message.lastName}`);
  const email = cleanOneLine(message.email);
  const phone = message.phone ? cleanOneLine(message.phone) : null;
  const times = visit.times.map((time) => visitTimeLabel(time, "en"));
  const homeLine = `${home} (${address})`;
  const details: OfficeDetail[] = [
    { name: "Home", value: homeLine, href: homeUrl ?? undefined },
    { name: "Name", value: name },
    { name: "Email", value: email, href: `mailto:${email}` },
    { name: "Phone", value: phone ?? "(not given)", href: (phone && telHref(phone)) || undefined },
    { name: "Language", value: LANGUAGE_NAMES[languageOf(message)] },
  ];
  const note = message.message ? cleanMultilineText(message.message) : "";
  const tabUrl = `${config().appUrl}/admin/dashboard/messages?subject=visit-request`;
  const text = [
    t("visit.mail.office.intro"),
    "",
    `Home: ${homeLine}${homeUrl ? ` ${homeUrl}` : ""}`,
    ...details.slice(1).map((detail) => `${detail.name}: ${detail.value}`),
    "",
    t("visit.mail.office.times"),
    ...times.map((time) => `- ${time}`),
    ...(note ? ["", "Message:", note] : []),
    "",
    `Confirm or decline it in the Messages tab: ${tabUrl}`,
  ].join("\n");
  const html = officeMailHtml([
    `<p>${escapeHtml(t("visit.mail.office.intro"))}</p>`,
    officeDetailsTable(details),
    `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(t("visit.mail.office.times"))}</h2>`,
    `<ul>${times.map((time) => `<li>${escapeHtml(time)}</li>`).join("")}</ul>`,
    ...(note ? [officeMessageHtml("Message", note)] : []),
    `<p style="margin-top:20px">Confirm or decline it in the ${officeLink(tabUrl, "Messages tab")}.</p>`,
  ]);
  return { to: recipient, subject: t("visit.mail.office.subject", undefined, { home, name }), text, html, replyTo: message.email };
}

/**
 * To the visitor: what they asked for (the home and the times, nothing they typed), in
 * their language, with the office's phone. A new request's (`home`, the home as it is
 * listed) is its instant reply: the home's key facts and links and the office's hours
 * follow (instant-replies.server.ts).
 */
export function visitReceivedMail({ message, visit }: Visit, greeting: Greeting, home?: Property): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const { home: name, address } = homeOf(visit);
  const phone = officePhone(language);
  const details = home ? homeDetails(t, home, language, { schedule: false }) : null;
  const paragraphs = [
    greetingOf(t, message, greeting),
    t("visit.mail.received.intro", undefined, { home: name, address }),
    t("visit.mail.received.next", undefined, { phone }),
    ...(details ? [...officeLines(t, language, { phone: false, visits: false }), t("reply.mail.visit.facts")] : []),
  ];
  const factsAfter = paragraphs.length;
  const body = paragraphsMail({
    paragraphs: [...paragraphs, ...linkParagraph(t, greeting), t("visit.mail.signature")],
    // The intro names the zone ("Central Time" / "hora del centro") once for the list.
    list: { after: 2, items: visit.times.map((time) => visitTimeWithoutZone(time, language)) },
    lists: details ? [{ after: factsAfter, items: [...details.facts, ...details.links] }] : [],
  });
  return { to: message.email, subject: t("visit.mail.received.subject", undefined, { home: name }), ...body, replyTo: greeting.office };
}

/** A stable UID: the same request always gives the same calendar entry, whatever changes it later. */
function visitUid(messageId: number): string {
  return `visit-${messageId}@${new URL(config().appUrl).hostname}`;
}

/** Where to go, a line each: the address, the map, the home's page, the office's note, the office's phone. */
function whereToGo(t: Translate, visit: VisitRequest, place: VisitPlace, phone: string): string[] {
  const note = visit.meetingNote ? cleanOneLine(visit.meetingNote) : "";
  return [
    t("visit.mail.where.address", undefined, { address: place.address }),
    ...(place.mapUrl ? [t("visit.mail.where.map", undefined, { url: place.mapUrl })] : []),
    ...(place.homeUrl ? [t("visit.mail.where.home", undefined, { url: place.homeUrl })] : []),
    ...(note ? [t("visit.mail.where.note", undefined, { note })] : []),
    ...(phone ? [t("visit.mail.where.phone", undefined, { phone })] : []),
  ];
}

/** visit.ics for a visit at `time`: REQUEST puts it in (or moves it in) the visitor's calendar, CANCEL takes it out. */
function visitCalendarFile(
  { message, visit }: Visit,
  time: number,
  details: { summary: string; description: string[]; place: VisitPlace; office: string },
  method: VisitCalendarMethod,
) {
  const content = visitIcs(
    {
      uid: visitUid(message.id),
      sequence: visit.calendarSequence,
      start: new Date(time),
      end: new Date(time + VISIT_LENGTH_MS),
      summary: details.summary,
      location: { address: details.place.address, geo: details.place.geo },
      description: details.description.join("\n"),
      url: details.place.homeUrl,
      organizer: { name: "Lone Star Home Management", email: details.office },
      attendee: message.email,
    },
    method,
  );
  return { filename: VISIT_ICS_FILENAME, contentType: visitIcsContentType(method), content };
}

/**
 * To the visitor once the office confirms, or once they moved a confirmed visit (`moved`):
 * the time, where to go, and visit.ics for their calendar (a move updates the same entry).
 */
export function visitConfirmedMail({ message, visit }: Visit, time: number, greeting: Greeting, place: VisitPlace, options: { moved?: boolean } = {}): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const { home } = homeOf(visit);
  const phone = officePhone(language);
  const texts = options.moved ? "visit.mail.moved" : "visit.mail.confirmed";
  const intro = t(`${texts}.intro`, undefined, { home, address: place.address, time: timeInZone(t, time, language) });
  const where = whereToGo(t, visit, place, phone);
  const body = paragraphsMail({
    paragraphs: [greetingOf(t, message, greeting), intro, t(`${texts}.calendar`, undefined, { phone }), ...linkParagraph(t, greeting), t("visit.mail.signature")],
    list: { after: 2, items: where },
  });
  const summary = t("visit.mail.ics.summary", undefined, { home });
  return {
    to: message.email,
    subject: t(`${texts}.subject`, undefined, { home }),
    ...body,
    replyTo: greeting.office,
    attachments: [visitCalendarFile({ message, visit }, time, { summary, description: [intro, ...where], place, office: greeting.office }, "REQUEST")],
  };
}

/** Why a visit was declined and what the visitor is offered (visit-requests.server.ts's DeclineOptions, read). */
export type Declined = { reason: "times" | "home" | "other"; note: string | null; freeTimes: number[] };

/**
 * To the visitor when the office declines: polite, why, the office's note, the free times
 * of the coming days when staff chose to suggest them, the phone and a way to ask again.
 */
export function visitDeclinedMail({ message, visit }: Visit, greeting: Greeting, declined: Declined = { reason: "times", note: null, freeTimes: [] }): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const { home } = homeOf(visit);
  const intro = { times: "visit.mail.declined.intro", home: "visit.mail.declined.home", other: "visit.mail.declined.other" }[declined.reason];
  const note = declined.note ? cleanOneLine(declined.note) : "";
  const body = paragraphsMail({
    paragraphs: [
      greetingOf(t, message, greeting),
      t(intro, undefined, { home }),
      ...(note ? [t("visit.mail.where.note", undefined, { note })] : []),
      ...(declined.freeTimes.length ? [t("visit.mail.declined.free_times")] : []),
      t("visit.mail.declined.next", undefined, { phone: officePhone(language) }),
      ...linkParagraph(t, greeting, "visit.mail.link_another_time"),
      t("visit.mail.signature"),
    ],
    list: declined.freeTimes.length ? { after: note ? 4 : 3, items: declined.freeTimes.map((time) => visitTimeWithoutZone(time, language)) } : undefined,
  });
  return { to: message.email, subject: t("visit.mail.declined.subject", undefined, { home }), ...body, replyTo: greeting.office };
}

/**
 * To the visitor when their visit is called off because the home left the market: why
 * (rented, sold, no longer available), sorry, the home's page, which offers the homes
 * most like it, and for a confirmed visit the .ics that takes it off their calendar; a
 * request not yet answered is told it cannot take place.
 */
export function visitCancelledMail({ message, visit }: Visit, status: ClosedStatus, greeting: Greeting, place: VisitPlace): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const { home } = homeOf(visit);
  const time = visit.confirmedTime?.getTime() ?? null;
  const homeUrl = message.propertyId === null ? `${config().appUrl}/properties` : `${config().appUrl}/properties/${message.propertyId}`;
  const why = time === null ? t(`visit.mail.request_closed.${status}`, undefined, { home }) : t(`visit.mail.cancelled.${status}`, undefined, { home, time: timeInZone(t, time, language) });
  const body = paragraphsMail({
    paragraphs: [
      greetingOf(t, message, greeting),
      why,
      t("visit.mail.cancelled.similar", undefined, { url: homeUrl }),
      ...(time === null ? [] : [t("visit.mail.cancelled.calendar")]),
      t("visit.mail.cancelled.next", undefined, { phone: officePhone(language) }),
      t("visit.mail.signature"),
    ],
  });
  const summary = t("visit.mail.ics.summary", undefined, { home });
  return {
    to: message.email,
    subject: t(time === null ? "visit.mail.declined.subject" : "visit.mail.cancelled.subject", undefined, { home }),
    ...body,
    replyTo: greeting.office,
    attachments: time === null ? undefined : [visitCalendarFile({ message, visit }, time, { summary, description: [why], place, office: greeting.office }, "CANCEL")],
  };
}

/**
 * To the visitor who cancelled from their link: done, the .ics that takes a confirmed
 * visit off their calendar, and the link to choose another time.
 */
export function visitVisitorCancelledMail({ message, visit }: Visit, before: VisitRequest, greeting: Greeting, place: VisitPlace): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const { home } = homeOf(visit);
  const time = before.status === "confirmed" ? (before.confirmedTime?.getTime() ?? null) : null;
  const done = time === null ? t("visit.mail.visitor_cancelled.request", undefined, { home }) : t("visit.mail.visitor_cancelled.visit", undefined, { home, time: timeInZone(t, time, language) });
  const body = paragraphsMail({
    paragraphs: [
      greetingOf(t, message, greeting),
      done,
      ...(time === null ? [] : [t("visit.mail.cancelled.calendar")]),
      ...linkParagraph(t, greeting, "visit.mail.link_another_time"),
      t("visit.mail.signature"),
    ],
  });
  const summary = t("visit.mail.ics.summary", undefined, { home });
  return {
    to: message.email,
    subject: t("visit.mail.visitor_cancelled.subject", undefined, { home }),
    ...body,
    replyTo: greeting.office,
    attachments: time === null ? undefined : [visitCalendarFile({ message, visit }, time, { summary, description: [done], place, office: greeting.office }, "CANCEL")],
  };
}

/** What the visitor changed from their link, as the office's notice says it. */
export type VisitorChangeNotice = { kind: "cancelled" | "moved" | "asked"; before: VisitRequest };

/** To the office (English): the visitor cancelled, moved a confirmed visit, or asked for another time. */
export function visitChangedOfficeNotice({ message, visit }: Visit, change: VisitorChangeNotice, recipient: string): OutgoingMail {
  const { home } = homeOf(visit);
  const name = cleanOneLine(`${message.firstName} ${message.lastName}`);
  const label = (time: number) => visitTimeLabel(time, "en");
  const was = change.before.confirmedTime ? `confirmed for ${label(change.before.confirmedTime.getTime())}` : `asked for ${change.before.times.map(label).join("; ")}`;
  const now = visit.confirmedTime ? label(visit.confirmedTime.getTime()) : visit.times.map(label).join("; ");
  const what = {
    cancelled: { subject: `Visit cancelled by the visitor: ${home}, ${name}`, text: `${name} cancelled their visit to ${home} (${was}). That time is offered again.` },
    moved: { subject: `Visit moved by the visitor: ${home}, ${name}`, text: `${name} moved their visit to ${home} to ${now} (it was ${was}). It stays confirmed; they have the new time and calendar entry.` },
    asked: { subject: `Another time asked for: ${home}, ${name}`, text: `${name} asked for another time to visit ${home}: ${now} (the visit was ${change.before.status}).` },
  }[change.kind];
  const body = paragraphsMail({
    paragraphs: [
      what.text,
      [`Email: ${cleanOneLine(message.email)}`, `Phone: ${message.phone ? cleanOneLine(message.phone) : "(not given)"}`, `Language: ${LANGUAGE_NAMES[languageOf(message)]}`].join("\n"),
      `See it in the Messages tab: ${config().appUrl}/admin/dashboard/messages?subject=visit-request`,
    ],
  });
  return { to: recipient, subject: what.subject, ...body, replyTo: message.email };
}

/** To the visitor the day before a confirmed visit: when, where to go, and their link. */
export function visitReminderMail({ message, visit }: Visit, greeting: Greeting, place: VisitPlace): OutgoingMail {
  const language = languageOf(message);
  const t = translatorFor(language);
  const { home } = homeOf(visit);
  const time = visit.confirmedTime?.getTime() ?? visit.times[0];
  const body = paragraphsMail({
    paragraphs: [
      greetingOf(t, message, greeting),
      t("visit.mail.reminder.intro", undefined, { home, time: timeInZone(t, time, language) }),
      ...linkParagraph(t, greeting),
      t("visit.mail.signature"),
    ],
    list: { after: 2, items: whereToGo(t, visit, place, officePhone(language)) },
  });
  return { to: message.email, subject: t("visit.mail.reminder.subject", undefined, { home }), ...body, replyTo: greeting.office };
}

/** To the office the day before: the next day's confirmed visits in one mail, in time order (English). */
export function visitDayDigestMail(visits: Visit[], recipient: string): OutgoingMail {
  const first = visits[0].visit.confirmedTime?.getTime() ?? Date.now();
  const day = visitDayLabel(visitChoiceOf(first).day, "en");
  const items = visits.map(({ message, visit }) => {
    const time = visit.confirmedTime ? visitClockLabel(visit.confirmedTime.getTime(), "en") : "";
    const phone = message.phone ? cleanOneLine(message.phone) : "no phone given";
    return `${time}: ${homeOf(visit).home}, ${cleanOneLine(`${message.firstName} ${message.lastName}`)} (${phone}, ${LANGUAGE_NAMES[languageOf(message)]})`;
  });
  const body = paragraphsMail({
    paragraphs: [
      `${visits.length === 1 ? "One visit is" : `${visits.length} visits are`} confirmed for tomorrow, ${day} (Central Time):`,
      `Each visitor has been sent a reminder with the address and the map. See them in the Messages tab: ${config().appUrl}/admin/dashboard/messages?subject=visit-request`,
    ],
    list: { after: 1, items },
  });
  return { to: recipient, subject: `Visits tomorrow, ${day}: ${visits.length}`, ...body };
}
