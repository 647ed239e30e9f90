import { companyFromTexts } from "~/models/company.server";
import { absoluteUrl } from "~/utils/language-urls";
import { config } from "~/config/env.server";
import { getDictionary } from "~/models/texts.server";
import { pageHead, shareImageUrl } from "~/document/seo.server";
import { companyData, faqPageData } from "~/document/structured-data.server";

type Faq = { question: string; answer: string; questionSpanish: string | null; answerSpanish: string | null };

/** The home page's head: the first hero picture as its preview, the company and the FAQs as structured data. */
export function homeHead(request: Request, heroImage: string | undefined, faqs: Faq[]) {
  const { appUrl } = config();
  return pageHead(request, {
    path: "/",
    image: { src: heroImage, alt: getDictionary().en["site.name"] ?? "" },
    structuredData: (language) => {
      const spanish = language === "es";
      const company = companyFromTexts(language, {
        siteUrl: absoluteUrl(appUrl, "/"),
        logoUrl: absoluteUrl(appUrl, "/logo.svg"),
        imageUrl: shareImageUrl(heroImage) ?? undefined,
      });
      const questions = faqs.map((faq) => ({
        question: (spanish && faq.questionSpanish?.trim()) || faq.question,
        answer: (spanish && faq.answerSpanish?.trim()) || faq.answer,
      }));
      return [companyData(company), ...(questions.length > 0 ? [faqPageData(questions, language)] : [])];
    },
  });
}
