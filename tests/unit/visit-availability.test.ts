import { describe, expect, it } from "vitest";
import { clashesAt, freeTimesNear, type BookedVisit } from "~/models/visit-availability.server";
import { DEFAULT_VISITING_HOURS, visitChoiceOf, visitFormChoices, visitSlots } from "~/models/visiting-hours";

const at = (iso: string) => Date.parse(iso);
// Friday 27 November 2026, 13:00 in Chicago: the first day offered is Saturday the 28th.
const friday = at("2026-11-27T13:00:00-06:00");
const booked = (id: number, iso: string, propertyId: number): BookedVisit => ({ id, time: at(iso), propertyId, homeName: `Home ${propertyId}` });

describe("which times are free", () => {
  const tenOClock = booked(1, "2026-12-01T10:00:00-06:00", 7);

  it("takes an hour off its home's times, and off every home's at one visit at once", () => {
    expect(clashesAt(at("2026-12-01T10:00:00-06:00"), 7, [tenOClock], 1)).toEqual([tenOClock]);
    expect(clashesAt(at("2026-12-01T10:00:00-06:00"), 8, [tenOClock], 1)).toEqual([tenOClock]);
    // At two at once another home may share the hour; the same home never.
    expect(clashesAt(at("2026-12-01T10:00:00-06:00"), 8, [tenOClock], 2)).toEqual([]);
    expect(clashesAt(at("2026-12-01T10:00:00-06:00"), 7, [tenOClock], 2)).toEqual([tenOClock]);
  });

  it("counts any visit that overlaps the hour, not the hours beside it, and not the visit itself", () => {
    const halfPast = booked(2, "2026-12-01T10:30:00-06:00", 7);
    expect(clashesAt(at("2026-12-01T11:00:00-06:00"), 9, [halfPast], 1)).toEqual([halfPast]);
    expect(clashesAt(at("2026-12-01T09:00:00-06:00"), 9, [tenOClock], 1)).toEqual([]);
    expect(clashesAt(at("2026-12-01T11:00:00-06:00"), 9, [tenOClock], 1)).toEqual([]);
    expect(clashesAt(tenOClock.time, 7, [tenOClock], 1, tenOClock.id)).toEqual([]);
  });

  it("offers the free times nearest a taken one, in order", () => {
    const free = visitSlots(DEFAULT_VISITING_HOURS, friday).filter((time) => time !== tenOClock.time);
    expect(freeTimesNear(tenOClock.time, free).map((time) => visitChoiceOf(time))).toEqual([
      { day: "2026-12-01", hour: "9" },
      { day: "2026-12-01", hour: "11" },
      { day: "2026-12-01", hour: "12" },
    ]);
  });

  it("leaves out of the form a day with no free hour, and names each day's booked hours", () => {
    const slots = visitSlots(DEFAULT_VISITING_HOURS, friday);
    const free = slots.filter((time) => !visitChoiceOf(time).day.startsWith("2026-11-28") && time !== tenOClock.time);
    const { days } = visitFormChoices(DEFAULT_VISITING_HOURS, "en", free, friday);
    expect(days.map((day) => day.value)).not.toContain("2026-11-28");
    expect(days.find((day) => day.value === "2026-12-01")?.booked).toEqual(["10"]);
    expect(days.find((day) => day.value === "2026-12-02")?.booked).toEqual([]);
  });
});
