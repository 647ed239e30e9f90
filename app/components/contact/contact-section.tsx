import { useT } from "~/utils/i18n";

/** The #contact section: contact details and the contact form. */
export function ContactSection() {
  const { t } = useT();
  return (
    <section id="contact" aria-labelledby="contact-title" className="border-t border-slate-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="contact-title" className="text-3xl font-bold text-brand-900">{t("contact.title", "Contact Us")}</h2>
        <p className="mt-3 max-w-2xl text-slate-600">{t("contact.subtitle")}</p>
      </div>
    </section>
  );
}
