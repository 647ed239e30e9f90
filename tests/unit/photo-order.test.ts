import { describe, expect, it } from "vitest";
import { mainFirst, movedTo } from "~/models/photo-order";

// A home's photos in public order, and a photo moved to another place in it: what the
// model stores and what Property Images shows while a drop is being posted.

describe("movedTo", () => {
  const photos = ["main", "a", "b", "c", "d"];

  it("puts the photo at its new place, those between shifting by one", () => {
    expect(movedTo(photos, 3, 1)).toEqual(["main", "c", "a", "b", "d"]);
    expect(movedTo(photos, 1, 4)).toEqual(["main", "b", "c", "d", "a"]);
  });

  it("swaps neighbours in one step, and leaves the list as it was for its own place", () => {
    expect(movedTo(photos, 2, 1)).toEqual(["main", "b", "a", "c", "d"]);
    expect(movedTo(photos, 2, 2)).toEqual(photos);
    expect(photos).toEqual(["main", "a", "b", "c", "d"]);
  });
});

describe("mainFirst", () => {
  it("lists the main image first when it is one of the photos, the others in their order", () => {
    const items = [{ filePath: "/a" }, { filePath: "/main" }, { filePath: "/b" }];
    expect(mainFirst(items, "/main").map((item) => item.filePath)).toEqual(["/main", "/a", "/b"]);
    expect(mainFirst(items, "/elsewhere")).toBe(items);
  });
});
