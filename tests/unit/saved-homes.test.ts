import { describe, expect, it } from "vitest";
import { distanceInMiles } from "~/utils/distance";
import { MAX_SAVED_HOMES, carriesSavedHomes, mergedHomes, parseHomeIds, savedHomesSetCookie, withHome, withoutHome } from "~/utils/saved-homes";

describe("a saved list's ids", () => {
  it("keeps positive whole numbers, in order, once, from dots or commas", () => {
    expect(parseHomeIds("3.1,2 3.x.-4.0.007.1e3.9999999999")).toEqual([3, 1, 2]);
    expect(parseHomeIds("")).toEqual([]);
    expect(parseHomeIds(null)).toEqual([]);
  });

  it("holds at most 50", () => {
    const many = Array.from({ length: 70 }, (_, index) => index + 1);
    expect(parseHomeIds(many.join("."))).toHaveLength(MAX_SAVED_HOMES);
    const full = many.slice(0, MAX_SAVED_HOMES);
    expect(withHome(full, 999)).toBe(full);
    expect(mergedHomes([1], many)).toHaveLength(MAX_SAVED_HOMES);
  });

  it("adds, removes and merges without repeating a home", () => {
    expect(withHome([1, 2], 2)).toEqual([1, 2]);
    expect(withHome([1, 2], 3)).toEqual([1, 2, 3]);
    expect(withoutHome([1, 2, 3], 2)).toEqual([1, 3]);
    expect(mergedHomes([4, 1], [1, 2, 4, 3])).toEqual([4, 1, 2, 3]);
  });

  it("is a cookie of dots, deleted when empty", () => {
    expect(savedHomesSetCookie([3, 1], false)).toMatch(/^saved-homes=3\.1; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(savedHomesSetCookie([3], true)).toMatch(/; Secure$/);
    expect(savedHomesSetCookie([], false)).toMatch(/^saved-homes=; Max-Age=0;/);
    expect(carriesSavedHomes("lng=es; saved-homes=1.2")).toBe(true);
    expect(carriesSavedHomes("lng=es; saved-homes=")).toBe(false);
    expect(carriesSavedHomes("not-saved-homes=1")).toBe(false);
  });
});

describe("distanceInMiles", () => {
  it("is the great-circle distance", () => {
    expect(distanceInMiles({ latitude: 32.9412, longitude: -97.1342 }, { latitude: 32.7767, longitude: -96.797 })).toBeCloseTo(22.63, 1);
    // Austin to Houston, about 146 miles.
    expect(distanceInMiles({ latitude: 30.2672, longitude: -97.7431 }, { latitude: 29.7604, longitude: -95.3698 })).toBeCloseTo(146, -1);
    expect(distanceInMiles({ latitude: 30, longitude: -97 }, { latitude: 30, longitude: -97 })).toBe(0);
  });
});
