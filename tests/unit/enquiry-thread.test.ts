import { describe, expect, it } from "vitest";
import { visitEventText } from "~/models/enquiry-thread";

// A visit's events in an enquiry's thread, read from the change log's summaries.
describe("a visit's event in words", () => {
  it("names the time the office confirmed, or the visitor moved to, in the office's zone", () => {
    expect(visitEventText("visit-confirmed", "status: requested → confirmed; time: 2026-12-01T09:00:00.000-06:00", false)).toBe(
      "Visit confirmed for Tuesday, December 1, 2026 at 9:00 AM CST",
    );
    expect(visitEventText("visit-moved", "confirmed time: 2026-12-02T14:00:00.000-06:00, by the visitor's link", true)).toBe(
      "The visitor moved the visit to Wednesday, December 2, 2026 at 2:00 PM CST",
    );
    expect(visitEventText("visit-asked-again", "time asked for: 2026-12-03T10:00:00.000-06:00, by the visitor's link", true)).toBe(
      "The visitor asked for another time: Thursday, December 3, 2026 at 10:00 AM CST",
    );
  });

  it("says who called a visit off, and reads a summary without a time", () => {
    expect(visitEventText("visit-cancelled", "status: confirmed → cancelled, by the visitor's link", true)).toBe("The visitor cancelled the visit");
    expect(visitEventText("visit-cancelled", "status: confirmed → cancelled; the home left the market", false)).toBe("Visit cancelled");
    expect(visitEventText("visit-declined", "status: requested → declined; reason: times", false)).toBe("Visit declined");
    expect(visitEventText("visit-confirmed", "status: requested → confirmed", false)).toBe("Visit confirmed");
  });
});
