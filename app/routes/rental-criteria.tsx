import { useLoaderData, data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { pageHead } from "~/document/seo.server";
import { pageMeta, rootText } from "~/document/meta";
import { useT } from "~/i18n/use-t";
import { RENTAL_CRITERIA_SECTIONS } from "~/models/rental-criteria";
import { BROWSE_PATH, RENTAL_CRITERIA_PATH } from "~/paths";

/**
 * /rental-criteria (docs/product.md, "What it costs"): what the office looks at before it
 * rents a home, in the visitor's language, linked before Apply Here on every rental (Texas
 * Property Code 92.3515 expects the criteria to be at hand when an application is). Its
 * texts are the dictionary's `criteria.*`, edited in the Text tab.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return data({ head: await pageHead(request, { path: RENTAL_CRITERIA_PATH }) });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const site = rootText(matches, "site.name", "Lone Star Home Management");
  const title = `${rootText(matches, "criteria.meta_title", "Rental criteria")} | ${site}`;
  return pageMeta({ title, description: rootText(matches, "criteria.meta_description", ""), siteName: site, head: data?.head, type: "article" });
};

export default function RentalCriteriaPage() {
  useLoaderData<typeof loader>();
  const { t } = useT();
  const phone = t("contact.phone", "");
  return (
    <article aria-labelledby="criteria-title" className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 id="criteria-title" className="page-title">{t("criteria.title", "Rental criteria")}</h1>
      <p className="mt-4 text-lg leading-8 text-slate-700">{t("criteria.intro")}</p>
      {RENTAL_CRITERIA_SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`criteria-${section}`} className="mt-8">
          <h2 id={`criteria-${section}`} className="text-xl font-bold text-slate-900">{t(`criteria.${section}.title`)}</h2>
          <p className="mt-2 leading-7 text-slate-700">{t(`criteria.${section}.text`)}</p>
        </section>
      ))}
      <p className="mt-10 rounded-lg bg-brand-50 px-4 py-3 text-slate-800">
        {t("criteria.questions")}{" "}
        {phone ? (
          <a href={`tel:${t("contact.phone_href")}`} className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
            {phone}
          </a>
        ) : null}
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={BROWSE_PATH} className="button-primary inline-flex h-11 px-5">
          {t("home.closed.all_homes", "See all homes")}
        </a>
        <a href="/#contact" className="inline-flex h-11 items-center rounded-md border border-slate-300 px-5 font-semibold text-slate-700 hover:bg-slate-100">
          {t("header.nav.contact_us", "Contact Us")}
        </a>
      </div>
    </article>
  );
}
