import { useT } from "~/i18n/use-t";
import { dictionaryLink } from "~/utils/link-rules";
import { Icon, type IconName } from "~/components/ui/icon";

type TenantCard = { key: string; icon: IconName; href: string; external?: boolean };

export function TenantServicesSection() {
  const { t } = useT();
  const cards: TenantCard[] = [
    { key: "pay_rent", icon: "pay-rent", href: dictionaryLink(t, "links.pay_rent_url"), external: true },
    { key: "apply", icon: "apply", href: "#properties" },
    { key: "maintenance", icon: "maintenance", href: dictionaryLink(t, "links.maintenance_url"), external: true },
    { key: "incident", icon: "incident", href: `tel:${t("tenant.incident.phone_href")}` },
  ];
  return (
    <section aria-labelledby="tenant-title" className="bg-white">
      <div className="section-inner">
        <div className="max-w-2xl">
          <h2 id="tenant-title" className="page-title">{t("tenant.title")}</h2>
          <p className="section-lead">{t("tenant.subtitle")}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.key} className="card p-6">
              <span className="tenant-badge">
                <Icon name={card.icon} className="h-6 w-6" />
              </span>
              <h3 className="card-title mt-4">{t(`tenant.${card.key}.title`)}</h3>
              <p className="mt-2 flex-1 text-slate-600">{t(`tenant.${card.key}.description`)}</p>
              {card.key === "incident" ? <p className="mt-3 text-lg font-bold text-brand-900">{t("tenant.incident.phone")}</p> : null}
              <a
                href={card.href}
                {...(card.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="button-primary mt-5 min-h-11 py-2 text-center"
              >
                {t(`tenant.${card.key}.action`)}
                {card.external ? <span className="sr-only">{` ${t("footer.new_tab")}`}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
