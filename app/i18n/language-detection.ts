import { LANGUAGES, type Language } from "~/utils/locale";

/**
 * Which of the site's languages a `?lng=` value or the language cookie names, read as
 * remix-i18next 6 read them (the site's detector until the move to React Router 7,
 * docs/decisions/069-own-language-detection.md): a list like Accept-Language, best
 * quality first; a bare code ("es", any case) wins over a regional one ("es-MX"), which
 * is taken when no bare code matches. Null when it names none of them.
 */
export function languageNamedBy(value: string): Language | null {
  const tags = parseLanguageList(value);
  return pick(tags, true) ?? pick(tags, false);
}

type Tag = { code: string; script: string | null; region: string | undefined; quality: number };

// Each item: a tag of up to three parts, or *, with an optional quality.
const ITEM = /[ ]*((([a-zA-Z]+(-[a-zA-Z0-9]+){0,2})|\*)(;[ ]*q=[0-1](\.[0-9]+)?[ ]*)?)*/g;

function parseLanguageList(value: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of value.match(ITEM) ?? []) {
    const item = match.trim();
    if (!item) continue;
    const [tag = "", quality] = item.split(";");
    const parts = tag.split("-");
    const hasScript = parts.length === 3;
    tags.push({
      code: parts[0] ?? "",
      script: hasScript ? parts[1]! : null,
      region: hasScript ? parts[2] : parts[1],
      quality: quality ? Number.parseFloat(quality.split("=")[1] ?? "") : 1,
    });
  }
  return tags.sort((a, b) => b.quality - a.quality);
}

function pick(tags: Tag[], strict: boolean): Language | null {
  for (const tag of tags) {
    const code = tag.code.toLowerCase();
    const language = LANGUAGES.find((supported) => supported === code);
    if (!language) continue;
    if (strict && (tag.script || tag.region)) continue;
    return language;
  }
  return null;
}
