import { Link } from "react-router";
import { hrefWith } from "~/utils/paging";
import { RENTAL_CRITERIA_PATH, TEXT_PATH } from "~/paths";
import { RENTAL_CRITERIA_TEXTS } from "~/models/rental-criteria";

/**
 * On the Overview while the rental criteria still read as the seeded example: they state
 * rules only the office can vouch for (income, history, credit...), so it reviews them in
 * the Text tab before renters rely on them.
 */
export function CriteriaToReviewPanel({ asSeeded }: { asSeeded: number }) {
  if (asSeeded === 0) return null;
  return (
    <section aria-labelledby="criteria-to-review-title" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <h3 id="criteria-to-review-title" className="text-lg font-semibold">
        {`Rental criteria to review: ${asSeeded}`}
      </h3>
      <p className="mt-1 text-sm">
        {"The rental criteria page still shows the example text for these rules. Make them say the office's own rules before renters rely on them. "}
        <Link to={hrefWith(TEXT_PATH, { q: RENTAL_CRITERIA_TEXTS })} className="font-semibold underline">
          Edit them in the Text tab
        </Link>
        {" · "}
        <a href={RENTAL_CRITERIA_PATH} className="font-semibold underline">
          See the page
        </a>
      </p>
    </section>
  );
}
