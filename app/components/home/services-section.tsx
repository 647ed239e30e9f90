import { Dialog } from "~/components/ui/dialog-on-demand";
import { useUrlDialog } from "~/hooks/use-url-dialog";
import { useT } from "~/i18n/use-t";
import { Icon } from "~/components/ui/icon";

function ServiceCard(props: { icon: "sales" | "development" | "management"; title: string; text: string; children?: React.ReactNode }) {
  return (
    <article className="card bg-white p-6 shadow-sm">
      <span className="icon-badge h-12 w-12 bg-brand-50 text-brand-700">
        <Icon name={props.icon} className="h-6 w-6" />
      </span>
      <h3 className="mt-5 text-xl font-semibold text-brand-900">{props.title}</h3>
      <p className="mt-3 flex-1 leading-7 text-slate-600">{props.text}</p>
      {props.children}
    </article>
  );
}

export function ServicesSection() {
  const { t } = useT();
  const learnMore = useUrlDialog("service");
  return (
    <section id="services" aria-labelledby="services-title" className="bg-slate-50">
      <div className="section-inner">
        <div className="max-w-2xl">
          <h2 id="services-title" className="page-title">{t("services.title")}</h2>
          <p className="section-lead">{t("services.subtitle")}</p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          <ServiceCard icon="sales" title={t("services.sales.title")} text={t("services.sales.description")} />
          <ServiceCard icon="development" title={t("services.development.title")} text={t("services.development.description")}>
            <a
              href={`${learnMore.openHref("development")}#services`}
              onClick={(event) => {
                event.preventDefault();
                learnMore.open("development");
              }}
              className="mt-6 inline-flex min-h-11 items-center self-start rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t("services.development.learn_more")}
              <span className="sr-only">{`: ${t("services.development.title")}`}</span>
            </a>
          </ServiceCard>
          <ServiceCard icon="management" title={t("services.management.title")} text={t("services.management.description")} />
        </div>
      </div>

      <Dialog
        open={learnMore.value === "development"}
        title={t("services.development.dialog_title")}
        onClose={learnMore.close}
        closeHref={`${learnMore.closeHref}#services`}
        size="lg"
      >
        <div className="space-y-5 leading-7 text-slate-700">
          <p>{t("services.development.intro")}</p>
          <h3 className="card-title">{t("services.development.greenfield_title")}</h3>
          <p>{t("services.development.greenfield_text")}</p>
          <h3 className="card-title">{t("services.development.expansion_title")}</h3>
          <p>{t("services.development.expansion_text")}</p>
          <p className="font-medium text-brand-900">{t("services.development.closing")}</p>
        </div>
      </Dialog>
    </section>
  );
}
