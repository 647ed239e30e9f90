import { describe, expect, it } from "vitest";
import {
  DEFAULT_VISITING_HOURS,
  isOfferedSlot,
  isVisitingHours,
  isWithinVisitingHours,
  parseOffsetDateTime,
  parseOfficeLocalDateTime,
  slotTime,
  visitDayLabel,
  visitDayShortLabel,
  visitDays,
  visitHourLabel,
  visitSlots,
  visitTimeIso,
  visitTimeLabel,
  visitTimeWithoutZone,
} from "~/models/visiting-hours";

const at = (iso: string) => Date.parse(iso);
const ALL_DAY = { days: [0, 1, 2, 3, 4, 5, 6], from: 0, to: 24 };

describe("visit slots", () => {
  // Friday 27 November 2026, 13:00 in Chicago (CST, -06:00).
  const friday = at("2026-11-27T13:00:00-06:00");

  it("are hourly, 9:00 to 16:00, Monday to Saturday, from tomorrow to 21 days ahead", () => {
    const slots = visitSlots(DEFAULT_VISITING_HOURS, friday);
    expect(visitTimeIso(slots[0])).toBe("2026-11-28T09:00:00.000-06:00");
    expect(visitTimeIso(slots[7])).toBe("2026-11-28T16:00:00.000-06:00");
    // Sunday the 29th is skipped.
    expect(visitTimeIso(slots[8])).toBe("2026-11-30T09:00:00.000-06:00");
    expect(visitTimeIso(slots[slots.length - 1])).toBe("2026-12-18T16:00:00.000-06:00");
    // 21 days, three of them Sundays, 8 slots each.
    expect(slots).toHaveLength(18 * 8);
    expect(visitDays(DEFAULT_VISITING_HOURS, friday)).toHaveLength(18);
  });

  it("start from tomorrow in Chicago, not in UTC", () => {
    // 23:30 on Monday 30 November in Chicago is already 1 December in UTC.
    const lateMonday = at("2026-11-30T23:30:00-06:00");
    expect(visitTimeIso(visitSlots(DEFAULT_VISITING_HOURS, lateMonday)[0])).toBe("2026-12-01T09:00:00.000-06:00");
    // Half past midnight on Tuesday: tomorrow is Wednesday.
    const earlyTuesday = at("2026-12-01T00:30:00-06:00");
    expect(visitTimeIso(visitSlots(DEFAULT_VISITING_HOURS, earlyTuesday)[0])).toBe("2026-12-02T09:00:00.000-06:00");
  });

  it("follow daylight saving time: the same wall hours, another offset", () => {
    const beforeSpring = at("2027-03-12T12:00:00-06:00");
    const slots = visitSlots(DEFAULT_VISITING_HOURS, beforeSpring).map(visitTimeIso);
    expect(slots[0]).toBe("2027-03-13T09:00:00.000-06:00");
    expect(slots[8]).toBe("2027-03-15T09:00:00.000-05:00");
    const beforeFall = at("2026-10-30T12:00:00-05:00");
    const fall = visitSlots(DEFAULT_VISITING_HOURS, beforeFall).map(visitTimeIso);
    expect(fall[0]).toBe("2026-10-31T09:00:00.000-05:00");
    expect(fall[8]).toBe("2026-11-02T09:00:00.000-06:00");
  });

  it("skip the hour that does not exist when the clocks go forward, and take the repeated one once", () => {
    const spring = visitSlots(ALL_DAY, at("2027-03-13T12:00:00-06:00")).filter((time) => visitTimeIso(time).startsWith("2027-03-14"));
    expect(spring).toHaveLength(23);
    expect(spring.map(visitTimeIso)).not.toContainEqual(expect.stringMatching(/T02:/));
    expect(slotTime("2027-03-14", 2)).toBeNull();
    const fall = visitSlots(ALL_DAY, at("2026-10-31T12:00:00-05:00")).filter((time) => visitTimeIso(time).startsWith("2026-11-01"));
    expect(fall).toHaveLength(24);
    expect(new Set(fall).size).toBe(24);
  });

  it("refuse times outside the hours, today, the past and beyond 21 days", () => {
    const offered = (iso: string) => isOfferedSlot(at(iso), DEFAULT_VISITING_HOURS, friday);
    expect(offered("2026-11-28T09:00:00-06:00")).toBe(true);
    expect(offered("2026-11-28T15:00:00Z")).toBe(true);
    expect(offered("2026-11-28T16:00:00-06:00")).toBe(true);
    expect(offered("2026-11-28T17:00:00-06:00")).toBe(false);
    expect(offered("2026-11-28T08:00:00-06:00")).toBe(false);
    expect(offered("2026-11-28T09:30:00-06:00")).toBe(false);
    expect(offered("2026-11-29T10:00:00-06:00")).toBe(false); // Sunday
    expect(offered("2026-11-27T15:00:00-06:00")).toBe(false); // today
    expect(offered("2026-11-20T10:00:00-06:00")).toBe(false); // past
    expect(offered("2026-12-18T10:00:00-06:00")).toBe(true); // day 21
    expect(offered("2026-12-19T10:00:00-06:00")).toBe(false); // day 22
  });

  it("let the office confirm any future start within the hours", () => {
    const within = (iso: string) => isWithinVisitingHours(at(iso), DEFAULT_VISITING_HOURS, friday);
    expect(within("2026-12-01T10:30:00-06:00")).toBe(true);
    expect(within("2027-02-01T16:59:00-06:00")).toBe(true);
    expect(within("2026-12-01T17:00:00-06:00")).toBe(false);
    expect(within("2026-11-29T10:00:00-06:00")).toBe(false);
    expect(within("2026-11-27T12:00:00-06:00")).toBe(false);
  });

  it("follow a changed setting", () => {
    const weekdays = { days: [1, 2, 3, 4, 5], from: 10, to: 12 };
    const slots = visitSlots(weekdays, friday).map(visitTimeIso);
    expect(slots.slice(0, 2)).toEqual(["2026-11-30T10:00:00.000-06:00", "2026-11-30T11:00:00.000-06:00"]);
    expect(slots).toHaveLength(15 * 2);
  });
});

describe("reading times", () => {
  it("takes ISO 8601 date-times with an offset only", () => {
    expect(parseOffsetDateTime("2026-12-01T10:00:00-06:00")).toBe(at("2026-12-01T16:00:00Z"));
    expect(parseOffsetDateTime("2026-12-01T16:00Z")).toBe(at("2026-12-01T16:00:00Z"));
    expect(parseOffsetDateTime("2026-12-01T10:00:00")).toBeNull();
    expect(parseOffsetDateTime("2026-12-01")).toBeNull();
    expect(parseOffsetDateTime(1764604800000)).toBeNull();
    expect(parseOffsetDateTime("2026-13-01T10:00:00Z")).toBeNull();
  });

  it("reads the office's datetime-local field in Chicago", () => {
    expect(parseOfficeLocalDateTime("2026-12-01T10:30")).toBe(at("2026-12-01T10:30:00-06:00"));
    expect(parseOfficeLocalDateTime("2026-07-01T10:30")).toBe(at("2026-07-01T10:30:00-05:00"));
    expect(parseOfficeLocalDateTime("2027-03-14T02:30")).toBeNull();
    expect(parseOfficeLocalDateTime("2026-02-30T10:00")).toBeNull();
    expect(parseOfficeLocalDateTime("")).toBeNull();
  });

  it("checks a stored setting", () => {
    expect(isVisitingHours(DEFAULT_VISITING_HOURS)).toBe(true);
    expect(isVisitingHours({ days: [], from: 9, to: 17 })).toBe(false);
    expect(isVisitingHours({ days: [7], from: 9, to: 17 })).toBe(false);
    expect(isVisitingHours({ days: [1], from: 17, to: 9 })).toBe(false);
    expect(isVisitingHours({ days: [1, 1], from: 9, to: 17 })).toBe(false);
    expect(isVisitingHours("9-17")).toBe(false);
  });
});

describe("labels", () => {
  it("name days, hours and times in each language, in Chicago", () => {
    expect(visitDayLabel("2026-12-01", "en")).toBe("Tuesday, December 1");
    expect(visitDayLabel("2026-12-01", "es")).toBe("martes, 1 de diciembre");
    expect(visitDayShortLabel("2026-12-01", "en")).toBe("Tue, Dec 1");
    expect(visitDayShortLabel("2026-12-01", "es")).toBe("mar 1 de dic");
    expect(visitHourLabel(9, "en")).toBe("9:00 AM");
    expect(visitHourLabel(16, "es")).toMatch(/^(16:00|4:00\s?p\.?\s?m\.?)$/);
    expect(visitTimeLabel(at("2026-12-01T15:00:00Z"), "en")).toBe("Tuesday, December 1, 2026 at 9:00 AM CST");
    // For the visitor's mails, without the short zone (its words come with the text).
    expect(visitTimeWithoutZone(at("2026-12-01T16:00:00Z"), "en")).toBe("Tuesday, December 1, 2026 at 10:00 AM");
    expect(visitTimeWithoutZone(at("2026-12-01T16:00:00Z"), "es")).toBe("martes, 1 de diciembre de 2026, 10:00 a.m.");
    expect(visitTimeLabel(at("2026-12-01T15:00:00Z"), "es")).toContain("martes, 1 de diciembre de 2026");
  });
});
