import { describe, expect, it } from "vitest";
import { durationWords } from "~/utils/duration-words";

describe("a wait in words", () => {
  it("says minutes, then hours and minutes, then days and hours", () => {
    expect(durationWords(0)).toBe("0 minutes");
    expect(durationWords(60_000)).toBe("1 minute");
    expect(durationWords(45 * 60_000 + 59_000)).toBe("45 minutes");
    expect(durationWords(60 * 60_000)).toBe("1 hour");
    expect(durationWords((5 * 60 + 12) * 60_000)).toBe("5 hours 12 minutes");
    expect(durationWords(24 * 3_600_000)).toBe("1 day");
    expect(durationWords((3 * 24 + 4) * 3_600_000)).toBe("3 days 4 hours");
  });
});
