import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { dollars, type ListingCosts } from "~/models/listing-costs";
import { RENTAL_CRITERIA_PATH } from "~/paths";

/**
 * "Costs and requirements" on a home's details and page (docs/product.md, "What it
 * costs"): the price, the estimated monthly total and what it adds up, what is due when
 * applying and at move-in, the pets rule, and for a rental the link to the rental
 * criteria, read before Apply Here. What staff have not said reads "Ask us".
 */
export function CostsPanel({ costs, price, headingLevel }: { costs: ListingCosts; price: string; headingLevel: 2 | 3 }) {
  const { t } = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const askUs = t("costs.ask_us", "Ask us");
  const amount = (value: number | null) => (value === null ? askUs : dollars(value));
  const monthly = costs.priceAmount !== null && costs.pricePeriod === "month";
  const parts = monthly
    ? [
        `${costs.listingType === "owner_finance" ? t("costs.payment", "Monthly payment") : t("costs.rent", "Rent")} ${dollars(costs.priceAmount!)}`,
        ...(costs.lotRentMonthly !== null ? [`${t("costs.lot_rent", "Lot rent")} ${dollars(costs.lotRentMonthly)}${costs.lotRentIncludes ? ` (${costs.lotRentIncludes})` : ""}`] : []),
        ...(costs.otherMonthlyFees !== null ? [`${t("costs.other_fees", "Other monthly fees")} ${dollars(costs.otherMonthlyFees)}${costs.otherMonthlyFeesNote ? ` (${costs.otherMonthlyFeesNote})` : ""}`] : []),
      ]
    : [];
  const utilities = costs.utilitiesIncluded.map((utility) => t(`costs.utility.${utility}`));
  return (
    <section aria-labelledby="costs-title" className="rounded-lg border border-slate-200 p-4">
      <Heading id="costs-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t("costs.title", "Costs and requirements")}
      </Heading>
      <dl className="mt-3 divide-y divide-slate-100">
        <Row label={t("costs.price", "Price")}>{price}</Row>
        {monthly ? (
          <Row label={t("costs.monthly_total", "Estimated monthly total")}>
            <span className="text-lg font-bold text-brand-900">{dollars(costs.monthlyTotal!)}</span>
            <span className="block text-sm text-slate-600">{parts.join(" + ")}</span>
            <span className="block text-sm text-slate-600">
              {utilities.length ? t("costs.utilities_included", "Utilities included: {{list}}", { list: utilities.join(", ") }) : t("costs.no_utilities", "Utilities are not included")}
            </span>
          </Row>
        ) : costs.lotRentMonthly !== null ? (
          <Row label={t("costs.lot_rent", "Lot rent")}>{t("costs.a_month", "{{amount}} a month", { amount: dollars(costs.lotRentMonthly) })}</Row>
        ) : null}
        <Row label={t("costs.when_applying", "Due when you apply")}>{`${t("costs.application_fee", "Application fee")}: ${amount(costs.applicationFee)}`}</Row>
        <Row label={t("costs.at_move_in", "Due at move-in")}>{`${t("costs.deposit", "Deposit")}: ${amount(costs.depositAmount)}`}</Row>
        <Row label={t("costs.pets", "Pets")}>
          {costs.pets ? t(`costs.pets.${costs.pets}`) : askUs}
          {costs.petsNote ? <span className="block text-sm text-slate-600">{costs.petsNote}</span> : null}
        </Row>
      </dl>
      {costs.rental ? (
        <a href={RENTAL_CRITERIA_PATH} className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 underline hover:text-brand-800">
          {t("costs.rental_criteria", "Rental criteria")}
        </a>
      ) : null}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
