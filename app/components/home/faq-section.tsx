import { useT } from "~/i18n/use-t";
import type { PublicFaq } from "~/models/faq";
import { Icon } from "~/components/ui/icon";

/**
 * The questions in the page's language (models/faq.ts), as an accordion of <details>
 * sharing one name: the browser keeps one item open at a time, with or without JavaScript.
 */
export function FaqSection({ faqs }: { faqs: PublicFaq[] }) {
  const { t } = useT();
  return (
    <section id="faq" aria-labelledby="faq-title" className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <h2 id="faq-title" className="page-title text-center">{t("faq.title")}</h2>
        <p className="section-lead text-center">{t("faq.subtitle")}</p>
        {faqs.length ? (
          <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {faqs.map((faq) => (
              <details key={faq.id} name="faq" className="group">
                <summary className="faq-question">
                  <span>{faq.question}</span>
                  <Icon name="chevron-down" className="faq-chevron" />
                </summary>
                <p className="faq-answer">{faq.answer}</p>
              </details>
            ))}
          </div>
        ) : (
          <p className="mt-10 text-center text-slate-600">{t("faq.empty")}</p>
        )}
      </div>
    </section>
  );
}
