import { useT } from "~/i18n/use-t";
import type { PublicFaq } from "~/models/faq";

/**
 * An accordion of <details> sharing one name: the browser keeps one item open at a
 * time, with or without JavaScript.
 */
export function FaqSection({ faqs }: { faqs: PublicFaq[] }) {
  const { t, language } = useT();
  const spanish = language === "es";
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="faq-title" className="text-center text-3xl font-bold text-brand-900 sm:text-4xl">{t("faq.title", "Frequently Asked Questions")}</h2>
        <p className="mt-4 text-center text-lg text-slate-600">{t("faq.subtitle")}</p>
        {faqs.length ? (
          <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {faqs.map((faq) => (
              <details key={faq.id} name="faq" className="group">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  <span>{(spanish && faq.questionSpanish?.trim()) || faq.question}</span>
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
                    <path d="M6 9l6 6 6-6" />
                  </svg>
                </summary>
                <p className="whitespace-pre-line px-5 pb-5 leading-7 text-slate-700">{(spanish && faq.answerSpanish?.trim()) || faq.answer}</p>
              </details>
            ))}
          </div>
        ) : (
          <p className="mt-10 text-center text-slate-600">{t("faq.empty", "No FAQs available at the moment.")}</p>
        )}
      </div>
    </section>
  );
}
