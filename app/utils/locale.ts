/** Language rules shared by the server and the browser. */

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_STORAGE_KEY = "preferred-language";
export const LANGUAGE_PARAM = "lng";

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "es";
}

/** Each language's name as the back office (in English) writes it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Spanish" };

export function otherLanguage(language: Language): Language {
  return language === "en" ? "es" : "en";
}

/**
 * The browser's preferred language from an Accept-Language header: the entry with
 * the highest weight decides; one starting with "es" gives Spanish, anything else English.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { tag: string; q: number } | null = null;
  for (const part of header.split(",")) {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag.trim().toLowerCase();
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag.startsWith("es") ? "es" : DEFAULT_LANGUAGE;
}
