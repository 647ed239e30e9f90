import { describe, expect, it } from "vitest";
import { longDay } from "~/utils/long-day";

describe("a calendar day in words", () => {
  it("reads as Intl's long date in en-US and es-MX, every month", () => {
    for (let month = 1; month <= 12; month++) {
      const day = `2027-${String(month).padStart(2, "0")}-0${(month % 9) + 1}`;
      const noon = new Date(`${day}T12:00Z`);
      expect(longDay(day, "en")).toBe(noon.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" }));
      expect(longDay(day, "es")).toBe(noon.toLocaleDateString("es-MX", { dateStyle: "long", timeZone: "UTC" }));
    }
  });

  it("writes the examples the cards show", () => {
    expect(longDay("2027-01-15", "en")).toBe("January 15, 2027");
    expect(longDay("2027-01-15", "es")).toBe("15 de enero de 2027");
    expect(longDay("2026-12-31", "es")).toBe("31 de diciembre de 2026");
  });
});
