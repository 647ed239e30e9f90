import type { MetaDescriptor } from "react-router";
import { variantSrcSet } from "~/utils/image-variants";
import type { PageHead } from "./seo.server";
import type { StructuredData } from "./structured-data";
import { heldTexts } from "~/i18n/texts-store";
import type { Language } from "~/utils/locale";

type MatchLike = { id: string; data: unknown };

/**
 * A dictionary text for meta functions, which run outside React: from the dictionary the
 * root data names by language and version, held for this page (app/i18n/texts-store.ts).
 */
export function rootText(matches: MatchLike[], key: string, fallback: string): string {
  const root = matches.find((match) => match.id === "root")?.data as { language?: Language; textsVersion?: string } | undefined;
  const messages = root?.language && root.textsVersion ? heldTexts(root.language, root.textsVersion) : undefined;
  return messages?.[key] ?? fallback;
}

/**
 * The tags of a public page: title and description; its canonical URL and the same page
 * in each language (hreflang); Open Graph and Twitter card tags for link previews; and
 * its structured data as JSON-LD.
 */
export function pageMeta(page: {
  title: string;
  description: string;
  siteName: string;
  head: PageHead | undefined;
  type?: "website" | "article";
  /** Structured data the meta function makes itself, after the head's own. */
  structuredData?: StructuredData[];
}): MetaDescriptor[] {
  const { title, description, head } = page;
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (!head) return tags;
  const image = head.image;
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: head.url },
    ...head.alternates.map(({ hrefLang, href }) => ({ tagName: "link", rel: "alternate", hreflang: hrefLang, href })),
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: page.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: head.url },
    { property: "og:locale", content: head.locale },
    { property: "og:locale:alternate", content: head.alternateLocale },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image
      ? [
          { name: "twitter:image", content: image.url },
          { name: "twitter:image:alt", content: image.alt },
        ]
      : []),
    ...[...head.structuredData, ...(page.structuredData ?? [])].map((data) => ({ "script:ld+json": data })),
  ];
}

/**
 * A preload of the picture that is the page's largest first paint, at the priority its
 * <img> asks for, with the same srcset and sizes so the browser fetches the one copy it
 * will show. Nothing for a page without one.
 */
export function imagePreload(src: string | undefined, sizes: string): MetaDescriptor[] {
  if (!src) return [];
  const srcSet = variantSrcSet(src);
  return [
    {
      tagName: "link",
      rel: "preload",
      as: "image",
      href: src,
      ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}),
      // Lower case: React 18 passes it to the HTML as it is.
      fetchpriority: "high",
    },
  ];
}

/** A page that is one visitor's own (their saved homes, a comparison): kept out of search engines. */
export function noindexMeta(): MetaDescriptor[] {
  return [{ name: "robots", content: "noindex" }];
}
