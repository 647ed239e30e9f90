import { describe, expect, it } from "vitest";
import { afterBusinessHours } from "~/models/business-hours";

// The office's hours are Central Time: 2026-12-01 is a Tuesday, CST (UTC-6).
const WEEKDAYS_9_TO_5 = { days: [1, 2, 3, 4, 5], from: 9, to: 17 };
const central = (date: string, hour: number, minute = 0) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour + 6, minute);

describe("business hours after an enquiry", () => {
  it("counts only the office's open hours", () => {
    // Tuesday 10:00 + 4 business hours: 14:00 the same day.
    expect(afterBusinessHours(central("2026-12-01", 10), WEEKDAYS_9_TO_5, 4)).toBe(central("2026-12-01", 14));
    // Tuesday 15:30 + 4: 1.5 h that day, 2.5 h the next morning, 11:30 Wednesday.
    expect(afterBusinessHours(central("2026-12-01", 15, 30), WEEKDAYS_9_TO_5, 4)).toBe(central("2026-12-02", 11, 30));
    // Before opening: counted from 9:00.
    expect(afterBusinessHours(central("2026-12-01", 6), WEEKDAYS_9_TO_5, 4)).toBe(central("2026-12-01", 13));
  });

  it("skips the days the office is closed", () => {
    // Friday 16:00 + 4: one hour Friday, three Monday morning.
    expect(afterBusinessHours(central("2026-12-04", 16), WEEKDAYS_9_TO_5, 4)).toBe(central("2026-12-07", 12));
    // Saturday evening: Monday 13:00.
    expect(afterBusinessHours(central("2026-12-05", 19), WEEKDAYS_9_TO_5, 4)).toBe(central("2026-12-07", 13));
  });

  it("follows the clock change and finds nothing for an office with no days", () => {
    // Sunday 2027-03-14 is the spring change; Monday 9:00 CDT is 14:00 UTC.
    expect(afterBusinessHours(Date.UTC(2027, 2, 13, 23), WEEKDAYS_9_TO_5, 2)).toBe(Date.UTC(2027, 2, 15, 16));
    expect(afterBusinessHours(central("2026-12-01", 10), { days: [], from: 9, to: 17 }, 4)).toBeNull();
  });
});
