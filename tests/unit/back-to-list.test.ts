import { describe, expect, it } from "vitest";
import { backToListHref, homePageFromList } from "~/utils/back-to-list";

describe("the list a home's page goes back to", () => {
  it("is the search its card was on, with its filters and page", () => {
    const link = homePageFromList("/properties/12", "/properties?beds=2&page=3");
    expect(link).toBe("/properties/12?from=%2Fproperties%3Fbeds%3D2%26page%3D3");
    expect(backToListHref(new URL(link, "http://site.example").searchParams.get("from"))).toBe("/properties?beds=2&page=3");
    expect(backToListHref("/properties")).toBe("/properties");
  });

  it("is the home page's homes from one of its cards", () => {
    expect(backToListHref("/")).toBe("/#properties");
  });

  it("is every home when no list, or no list of this site, is named", () => {
    for (const from of [null, "", "https://elsewhere.example/properties?beds=2", "//elsewhere.example/properties", "/admin/dashboard", "/properties/12", "/propertiesx?beds=2", "/properties?beds=2#top", "javascript:alert(1)"]) {
      expect(backToListHref(from), String(from)).toBe(from === "/properties?beds=2#top" ? "/properties?beds=2" : "/properties");
    }
  });
});
