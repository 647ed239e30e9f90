import { db } from "~/db/client.server";
import { inquiryHome } from "~/models/messages.server";
import { visitAvailability } from "~/models/visit-availability.server";
import { isVisitPast, visitOfLink } from "~/models/visit-links.server";
import { visitPlaceOf } from "~/models/visit-place.server";
import { visitChoiceOf, visitDayLabel, visitHourLabel, visitTimeIso, visitTimeWithoutZone } from "~/models/visiting-hours";
import { visitorChoices } from "~/models/visitor-visit-changes.server";
import { propertyPath } from "~/paths";
import type { Language } from "~/utils/locale";

/**
 * What the visitor's own page shows of their visit (docs/product.md, "The visitor's
 * link"): its state, where to go once confirmed, and what they may do: cancel, or choose
 * one of the free times, grouped by day. Reading it changes nothing.
 */

/** The free times as the page lists them: a day each, its hours as choices (ISO values). */
export function freeTimesByDay(free: number[], language: Language) {
  const days: { label: string; times: { value: string; label: string }[] }[] = [];
  let current = "";
  for (const time of free) {
    const { day, hour } = visitChoiceOf(time);
    if (day !== current) {
      days.push({ label: visitDayLabel(day, language), times: [] });
      current = day;
    }
    days[days.length - 1].times.push({ value: visitTimeIso(time), label: visitHourLabel(Number(hour), language) });
  }
  return days;
}

export function visitorVisitView(token: unknown, language: Language, now = Date.now()) {
  const found = visitOfLink(token);
  if (!found) return { kind: "unknown" as const };
  const { message, visit } = found;
  if (isVisitPast(visit, now)) return { kind: "past" as const, homeName: visit.homeName, homeHref: message.propertyId === null ? null : propertyPath(message.propertyId) };
  const home = message.propertyId === null ? undefined : inquiryHome(message.propertyId, db());
  const choices = visitorChoices(visit, Boolean(home && home.status !== "pending"));
  const place = visit.status === "confirmed" ? visitPlaceOf(found) : null;
  const ownTime = visit.confirmedTime?.getTime();
  const free = choices.canChooseTime && home ? visitAvailability(home.id, undefined, now).free.filter((time) => time !== ownTime) : [];
  return {
    kind: "live" as const,
    status: visit.status,
    homeName: visit.homeName,
    homeHref: home ? propertyPath(home.id) : null,
    times: visit.times.map((time) => visitTimeWithoutZone(time, language)),
    confirmed: ownTime === undefined ? null : visitTimeWithoutZone(ownTime, language),
    place: place ? { address: place.address, mapUrl: place.mapUrl } : null,
    note: visit.status === "confirmed" ? visit.meetingNote : null,
    ...choices,
    days: freeTimesByDay(free, language),
  };
}
