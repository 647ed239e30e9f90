import { statusAfterSave } from "~/models/home-facts.server";
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
  it("takes the status from its select and leaves isActive to it; each utility box is a field of its own", () => {
    const pending = parsePropertyForm(form({ ...filled, status: "pending", utilityWater: "on", utilityTrash: "on" }));
    expect(pending.status).toBe("success");
    expect(pending.status === "success" && pending.value).toMatchObject({ isActive: undefined, facts: { status: "pending", utilitiesIncluded: ["water", "trash"] } });
    // The seed's isActive is no field of the form: a stray one changes nothing.
    const stray = parsePropertyForm(form({ ...filled, status: "rented", isActive: "on" }));
    expect(stray.status === "success" && stray.value).toMatchObject({ isActive: undefined, facts: { status: "rented" } });
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
  it("leaves isActive and the facts out when the body does, and keeps beds, baths and sqft as text", () => {
    const parsed = propertySchema.parse({ ...filled, beds: 3, baths: 2.5, sqft: 1200 });
    expect(parsed).toMatchObject({ beds: "3", baths: "2.5", sqft: "1200" });
    expect(parsed.isActive).toBeUndefined();
    expect(parsed.facts).toBeUndefined();
    // Left out, isActive is the seed's default, true: a new home is available.
    expect(statusAfterSave(parsed.facts?.status, parsed.isActive, null)).toBe("available");
  });

  it("reads isActive against the status a home has", () => {
    expect(statusAfterSave(undefined, false, "pending")).toBe("off_market");
    expect(statusAfterSave(undefined, true, "pending")).toBe("pending");
    expect(statusAfterSave(undefined, true, "rented")).toBe("available");
    expect(statusAfterSave(undefined, false, "sold")).toBe("sold");
    // A GET sent back with only the switch turned: the switch wins over the echoed status.
    expect(statusAfterSave("available", false, "available")).toBe("off_market");
    // A status that changed wins.
    expect(statusAfterSave("rented", undefined, "available")).toBe("rented");
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
