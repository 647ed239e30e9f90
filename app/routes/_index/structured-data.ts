import type { PageHead } from "~/document/seo.server";
import { companyData, faqPageData, type StructuredData } from "~/document/structured-data";
import { companyFromTexts } from "~/models/company";
import type { PublicFaq } from "~/models/faq";
import { absoluteUrl } from "~/utils/language-urls";

/**
 * The home page's structured data, the company and its FAQs, made by the meta function
 * from what the page already holds (its head, its FAQs in its language, the site's
 * texts) rather than sent a second time in its data (decision 058).
 */
export function homeStructuredData(head: PageHead, faqs: PublicFaq[], englishHours: string, text: (key: string) => string): StructuredData[] {
  const company = companyFromTexts(text, englishHours, {
    siteUrl: head.siteUrl,
    logoUrl: absoluteUrl(head.siteUrl, "/logo.svg"),
    imageUrl: head.image?.url,
  });
  return [companyData(company), ...(faqs.length > 0 ? [faqPageData(faqs, head.language)] : [])];
}
