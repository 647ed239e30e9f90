import { config } from "~/config/env.server";
import { getLanguage } from "~/i18n/i18n.server";
import { SHARE_IMAGE_WIDTH, VARIANT_PREFIX } from "~/utils/image-variants";
import { OG_LOCALES, absoluteUrl, languageAlternates, languageHref } from "~/utils/language-urls";
import { otherLanguage, type Language } from "~/utils/locale";
import type { StructuredData } from "./structured-data";

/** What a public page's <head> says of it beyond its title and description (issue 12). */
export type PageHead = {
  language: Language;
  /** The page's own URL in its language: the canonical link and og:url. */
  url: string;
  alternates: { hrefLang: string; href: string }[];
  locale: string;
  alternateLocale: string;
  siteUrl: string;
  image: { url: string; alt: string } | null;
  /** Typed with schema-dts where it is built; carried as plain JSON to the meta function. */
  structuredData: JsonLd[];
};

type JsonLd = { [key: string]: unknown };

const OBJECT_PREFIX = "/objects/";
const RESIZABLE = /\.(jpe?g|png|gif|webp)$/i;

/**
 * The picture a shared link shows: our own photo as its 1200 px wide copy, another
 * site's picture as it is; none for the stock SVG (link previews do not show SVG).
 */
export function shareImageUrl(src: string | null | undefined): string | null {
  if (!src) return null;
  const { appUrl } = config();
  if (src.startsWith(OBJECT_PREFIX) && RESIZABLE.test(src)) {
    return absoluteUrl(appUrl, `${VARIANT_PREFIX}${SHARE_IMAGE_WIDTH}/${src.slice(OBJECT_PREFIX.length)}`);
  }
  if (/^https?:\/\//i.test(src)) return src;
  return null;
}

/**
 * The head of a page at `path` (its path and query without ?lng=), in the language the
 * request asks for: a URL that names its language, else the visitor's choice.
 */
export async function pageHead(
  request: Request,
  options: { path: string; image?: { src: string | null | undefined; alt: string }; structuredData?: (language: Language) => StructuredData[] },
): Promise<PageHead> {
  const language = await getLanguage(request);
  const { appUrl } = config();
  const imageUrl = shareImageUrl(options.image?.src);
  return {
    language,
    url: absoluteUrl(appUrl, languageHref(options.path, language)),
    alternates: languageAlternates(appUrl, options.path),
    locale: OG_LOCALES[language],
    alternateLocale: OG_LOCALES[otherLanguage(language)],
    siteUrl: absoluteUrl(appUrl, "/"),
    image: imageUrl ? { url: imageUrl, alt: options.image!.alt } : null,
    structuredData: (options.structuredData?.(language) ?? []) as unknown as JsonLd[],
  };
}
