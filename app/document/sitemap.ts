import { absoluteUrl, languageAlternates, languageHref } from "~/utils/language-urls";
import { LANGUAGES } from "~/utils/locale";

export type SitemapPage = { path: string; lastModified: Date | null };

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/**
 * A sitemap (sitemaps.org) with each page once per language, and in each entry the
 * page's hreflang alternates (xhtml:link), as search engines ask for bilingual sites.
 */
export function sitemapXml(siteUrl: string, pages: SitemapPage[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    const alternates = languageAlternates(siteUrl, page.path)
      .map(({ hrefLang, href }) => `<xhtml:link rel="alternate" hreflang="${hrefLang}" href="${escapeXml(href)}"/>`)
      .join("");
    const lastmod = page.lastModified ? `<lastmod>${page.lastModified.toISOString()}</lastmod>` : "";
    for (const language of LANGUAGES) {
      lines.push(`<url><loc>${escapeXml(absoluteUrl(siteUrl, languageHref(page.path, language)))}</loc>${lastmod}${alternates}</url>`);
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}
