import { describe, expect, it } from "vitest";
import { languageAlternates, languageHref } from "~/utils/language-urls";
import { floorSize, openingHours, postalAddress } from "~/document/structured-data";

describe("languageHref", () => {
  it.each([
    ["/", "en", "/"],
    ["/", "es", "/?lng=es"],
    ["/?lng=es", "en", "/"],
    ["/properties?beds=2&lng=en", "es", "/properties?beds=2&lng=es"],
    ["/properties/7?lng=es", "es", "/properties/7?lng=es"],
  ] as const)("%s in %s is %s", (path, language, href) => {
    expect(languageHref(path, language)).toBe(href);
  });

  it("alternates are absolute under APP_URL, also one with a path", () => {
    expect(languageAlternates("https://example.org/homes/", "/properties/3")).toEqual([
      { hrefLang: "en", href: "https://example.org/homes/properties/3" },
      { hrefLang: "es", href: "https://example.org/homes/properties/3?lng=es" },
      { hrefLang: "x-default", href: "https://example.org/homes/properties/3" },
    ]);
  });
});

describe("postalAddress", () => {
  it.each([
    ["1560 E Southlake Blvd, Suite 100, Southlake, TX 76092", { streetAddress: "1560 E Southlake Blvd, Suite 100", addressLocality: "Southlake", addressRegion: "TX", postalCode: "76092" }],
    ["Denton, TX 76207", { addressLocality: "Denton", addressRegion: "TX", postalCode: "76207" }],
    ["Fort Worth, TX", { addressLocality: "Fort Worth", addressRegion: "TX" }],
    ["  Lot 4,  Abilene, TX 79601-1234 ", { streetAddress: "Lot 4", addressLocality: "Abilene", addressRegion: "TX", postalCode: "79601-1234" }],
    ["Near the lake", { streetAddress: "Near the lake" }],
  ])("%s", (text, parts) => {
    expect(postalAddress(text)).toEqual({ "@type": "PostalAddress", ...parts, addressCountry: "US" });
  });
});

describe("openingHours", () => {
  const days = (...names: string[]) => names.map((day) => `https://schema.org/${day}`);
  it.each([
    ["Monday - Friday: 8:00 AM - 5:00 PM", [{ dayOfWeek: days("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"), opens: "08:00", closes: "17:00" }]],
    [
      "Mon-Fri: 9 AM - 6 PM; Saturday: 10:30 a.m. - 2 p.m.",
      [
        { dayOfWeek: days("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"), opens: "09:00", closes: "18:00" },
        { dayOfWeek: days("Saturday"), opens: "10:30", closes: "14:00" },
      ],
    ],
    ["Saturday 12 PM to 12 AM", [{ dayOfWeek: days("Saturday"), opens: "12:00", closes: "00:00" }]],
    ["By appointment", []],
    ["Friday - Monday: 8 AM - 5 PM", []],
  ])("%s", (text, specifications) => {
    expect(openingHours(text)).toEqual(specifications.map((specification) => ({ "@type": "OpeningHoursSpecification", ...specification })));
  });
});

describe("floorSize", () => {
  it.each([
    ["1,216", { value: 1216 }],
    ["1200-1400", { minValue: 1200, maxValue: 1400 }],
    ["approx. 980 sq ft", { value: 980 }],
    ["", undefined],
    ["TBD", undefined],
  ])("%s", (text, size) => {
    expect(floorSize(text)).toEqual(size && { "@type": "QuantitativeValue", unitCode: "FTK", unitText: "sq ft", ...size });
  });
});
