import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, LANGUAGES, type Language } from "./locale";

/**
 * The URL of a page in one language (decision 019): the English page is the plain URL,
 * the Spanish one carries ?lng=es. A URL that names its language gives that language
 * to anyone, crawlers included, whatever their cookie or Accept-Language.
 * `path` is a path with an optional query, e.g. "/properties?beds=2".
 */
export function languageHref(path: string, language: Language): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.delete(LANGUAGE_PARAM);
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAM, language);
  return `${url.pathname}${url.search}`;
}

/** An absolute URL under APP_URL (which may itself carry a path prefix). */
export function absoluteUrl(siteUrl: string, href: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${href.startsWith("/") ? href : `/${href}`}`;
}

/** Open Graph's locale of each language: the site serves Texas. */
export const OG_LOCALES: Record<Language, string> = { en: "en_US", es: "es_US" };

/** hreflang alternates of a page: each language, and x-default for the plain URL. */
export function languageAlternates(siteUrl: string, path: string): { hrefLang: string; href: string }[] {
  return [
    ...LANGUAGES.map((language) => ({ hrefLang: language, href: absoluteUrl(siteUrl, languageHref(path, language)) })),
    { hrefLang: "x-default", href: absoluteUrl(siteUrl, languageHref(path, DEFAULT_LANGUAGE)) },
  ];
}
