import { describe, expect, it } from "vitest";
import { DICTIONARY } from "~/db/dictionary";
import { languageFromAcceptLanguage } from "~/utils/locale";
import { createTranslate } from "~/utils/translate";

describe("languageFromAcceptLanguage", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["es", "es"],
    ["es-MX,es;q=0.9", "es"],
    ["es-419", "es"],
    ["en-US,en;q=0.9,es;q=0.8", "en"],
    ["fr-FR,fr;q=0.9", "en"],
    ["en;q=0.4, es;q=0.8", "es"],
  ])("%s gives %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("t()", () => {
  const t = createTranslate({ greeting: "Hola {{name}}", "gallery.count_one": "{{count}} imagen", "gallery.count_other": "{{count}} imágenes" }, "es");

  it("reads the dictionary and fills placeholders", () => {
    expect(t("greeting", "Hello", { name: "Ana" })).toBe("Hola Ana");
  });
  it("falls back to the default, then to the key", () => {
    expect(t("missing.key", "Default text")).toBe("Default text");
    expect(t("missing.key")).toBe("missing.key");
  });
  it("picks the plural form by count", () => {
    expect(t("gallery.count", "", { count: 1 })).toBe("1 imagen");
    expect(t("gallery.count", "", { count: 3 })).toBe("3 imágenes");
  });
});

describe("the dictionary", () => {
  it("has unique keys, each with English and Spanish text", () => {
    const keys = DICTIONARY.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of DICTIONARY) {
      expect(entry.en.trim(), entry.key).not.toBe("");
      expect(entry.es.trim(), entry.key).not.toBe("");
    }
  });

  it("keeps the specification's exact texts", () => {
    const byKey = new Map(DICTIONARY.map((entry) => [entry.key, entry]));
    expect(byKey.get("header.language.tooltip")).toMatchObject({ en: "Switch to Spanish", es: "Cambiar a Inglés" });
    expect(byKey.get("notfound.title")?.en).toBe("Page Not Found");
    expect(byKey.get("notfound.text")?.en).toBe("Did you forget to add the page to the router?");
    expect(byKey.get("faq.empty")?.en).toBe("No FAQs available at the moment.");
    expect(byKey.get("gallery.empty")?.en).toBe("No gallery images available");
  });
});
