import { useT } from "~/i18n/use-t";
import { dictionaryLink } from "~/utils/link-rules";

type TenantCard = { key: string; icon: string; href: string; external?: boolean };

export function TenantServicesSection() {
  const { t } = useT();
  const cards: TenantCard[] = [
    { key: "pay_rent", icon: "M3 7h18v10H3zM3 11h18M7 15h3", href: dictionaryLink(t, "links.pay_rent_url"), external: true },
    { key: "apply", icon: "M9 5h6M9 3h6v4H9zM6 5h12v16H6zM9 12h6M9 16h4", href: "#properties" },
    { key: "maintenance", icon: "M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z", href: dictionaryLink(t, "links.maintenance_url"), external: true },
    { key: "incident", icon: "M12 9v4M12 17h.01M10.3 3.9 2.5 18a2 2 0 0 0 1.7 3h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z", href: `tel:${t("tenant.incident.phone_href")}` },
  ];
  return (
    <section aria-labelledby="tenant-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="tenant-title" className="text-3xl font-bold text-brand-900 sm:text-4xl">{t("tenant.title", "Tenant Services")}</h2>
          <p className="mt-4 text-lg text-slate-600">{t("tenant.subtitle")}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.key} className="flex flex-col rounded-xl border border-slate-200 p-6">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-accent-400/25 text-accent-600">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={card.icon} />
                </svg>
              </span>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">{t(`tenant.${card.key}.title`)}</h3>
              <p className="mt-2 flex-1 text-slate-600">{t(`tenant.${card.key}.description`)}</p>
              {card.key === "incident" ? <p className="mt-3 text-lg font-bold text-brand-900">{t("tenant.incident.phone")}</p> : null}
              <a
                href={card.href}
                {...(card.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="mt-5 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-center font-semibold text-white hover:bg-brand-800"
              >
                {t(`tenant.${card.key}.action`)}
                {card.external ? <span className="sr-only"> {t("footer.new_tab", "(opens in a new tab)")}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
