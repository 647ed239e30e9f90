import type { Language } from "~/utils/locale";

/** A question of the FAQ as the home page shows it, in the page's language. */
export type PublicFaq = { id: number; question: string; answer: string };

/**
 * A question as a page in `language` shows it: the question and answer in that language
 * (the English ones where the Spanish are blank); the other language's are left out.
 */
export function faqIn(
  faq: { id: number; question: string; answer: string; questionSpanish: string | null; answerSpanish: string | null },
  language: Language,
): PublicFaq {
  const spanish = language === "es";
  return {
    id: faq.id,
    question: (spanish && faq.questionSpanish?.trim()) || faq.question,
    answer: (spanish && faq.answerSpanish?.trim()) || faq.answer,
  };
}
