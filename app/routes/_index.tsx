import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { contactAction } from "~/components/contact/contact-action.server";
import { ContactSection } from "~/components/contact/contact-section";
import { useT } from "~/utils/i18n";
import { rootText } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => [
  { title: rootText(matches, "meta.title", "Lone Star Home Management | Manufactured Housing in Texas") },
  { name: "description", content: rootText(matches, "meta.description", "") },
];

export async function action(args: ActionFunctionArgs) {
  return contactAction(args);
}

export default function Home() {
  const { t } = useT();
  return (
    <>
      <section aria-labelledby="hero-title" className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h1 id="hero-title" className="max-w-3xl text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-700">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#properties" className="inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
              {t("hero.cta_homes", "View Available Homes")}
            </a>
            <a href="#contact" className="inline-flex h-11 items-center rounded-md border border-brand-700 px-5 font-semibold text-brand-700 hover:bg-white">
              {t("hero.cta_contact", "Contact Us")}
            </a>
          </div>
        </div>
      </section>
      <HomeSection id="services" title={t("services.title", "Our Services")} subtitle={t("services.subtitle")} />
      <HomeSection id="properties" title={t("properties.title", "Available Homes")} subtitle={t("properties.subtitle")} />
      <HomeSection id="faq" title={t("faq.title", "Frequently Asked Questions")} subtitle={t("faq.subtitle")} />
      <ContactSection />
    </>
  );
}

function HomeSection({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="border-t border-slate-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id={`${id}-title`} className="text-3xl font-bold text-brand-900">{title}</h2>
        <p className="mt-3 max-w-2xl text-slate-600">{subtitle}</p>
      </div>
    </section>
  );
}
