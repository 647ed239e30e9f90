import { describe, expect, it } from "vitest";
import { isImageUrl, parsePropertyForm, propertySchema } from "~/models/property-form";

/** The property form as the Add and Edit dialogs send it: every value a string. */
function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

const filled = {
  name: "Oak Hollow, Lot 3",
  location: "Fort Worth, TX 76116",
  latitude: "",
  longitude: "",
  price: "$900/month",
  priceSpanish: "",
  imageUrl: "/objects/demo/home-1.webp",
  applicationUrl: "",
  beds: "Studio",
  baths: "1",
  sqft: "480",
  description: "A cozy home.",
  descriptionSpanish: "",
};

describe("the property form", () => {
  it("reads a switch left off as inactive and one that is on as active", () => {
    const off = parsePropertyForm(form(filled));
    expect(off.status).toBe("success");
    expect(off.status === "success" && off.value.isActive).toBe(false);
    const on = parsePropertyForm(form({ ...filled, isActive: "on" }));
    expect(on.status === "success" && on.value.isActive).toBe(true);
  });

  it("stores blank optional fields and coordinates as null, and coordinates written as text as numbers", () => {
    const blank = parsePropertyForm(form(filled));
    expect(blank.status === "success" && blank.value).toMatchObject({ latitude: null, longitude: null, priceSpanish: null, applicationUrl: null, descriptionSpanish: null });
    const placed = parsePropertyForm(form({ ...filled, latitude: " 32.75 ", longitude: "-97.3" }));
    expect(placed.status === "success" && placed.value).toMatchObject({ latitude: 32.75, longitude: -97.3 });
  });

  it("puts each message on its field", () => {
    const refused = parsePropertyForm(form({ ...filled, name: " ", latitude: "32,7", longitude: "200" }));
    expect(refused.status).toBe("error");
    expect(refused.status === "error" && refused.error).toEqual({
      name: ["Name is required"],
      latitude: ["Latitude must be a number"],
      longitude: ["Longitude must be between -180 and 180"],
    });
  });
});

describe("the property schema on JSON", () => {
  it("defaults isActive to true and keeps beds, baths and sqft as text", () => {
    const parsed = propertySchema.parse({ ...filled, beds: 3, baths: 2.5, sqft: 1200 });
    expect(parsed).toMatchObject({ isActive: true, beds: "3", baths: "2.5", sqft: "1200" });
  });

  it("refuses numbers that are not finite as counts", () => {
    const result = propertySchema.safeParse({ ...filled, beds: Number.NaN });
    expect(result.success).toBe(false);
  });
});

describe("image addresses", () => {
  it.each([["/objects/demo/home-1.webp"], ["https://images.example.com/a.jpg"], ["http://images.example.com/a.jpg"]])("accepts %s", (url) => {
    expect(isImageUrl(url)).toBe(true);
  });

  it.each([["javascript:alert(1)"], ["//evil.example/a.jpg"], ["/\\evil.example/a.jpg"], ["data:image/png;base64,AAAA"], ["objects/a.jpg"], ["/a b.jpg"], ["https://"]])(
    "refuses %s",
    (url) => {
      expect(isImageUrl(url)).toBe(false);
    },
  );
});
