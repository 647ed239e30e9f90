import { describe, expect, it } from "vitest";
import { languageNamedBy } from "~/i18n/language-detection";

// The answers remix-i18next 6 gave for the same values (the site's detector before the
// move to React Router 7): ?lng= and the language cookie are read exactly as before.
describe("languageNamedBy (?lng= and the language cookie)", () => {
  it.each([
    ["es", "es"],
    ["ES", "es"],
    ["en", "en"],
    ["es-MX", "es"],
    ["es-MX,en", "en"],
    ["fr", null],
    ["fr,es", "es"],
    ["en;q=0.2,es;q=0.9", "es"],
    ["", null],
    ["*", null],
    ["es_MX", "es"],
    ["zz-es", null],
    ["es-Latn-MX", "es"],
    [" es ", "es"],
    ["eS;q=0.5", "es"],
    ["xx,en-GB", "en"],
  ])("%j names %j", (value, expected) => {
    expect(languageNamedBy(value)).toBe(expected);
  });
});
