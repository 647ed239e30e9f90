import { Link } from "react-router";
import { FACTS_TO_COMPLETE, type MissingFact } from "~/models/home-facts";
import { hrefWith } from "~/utils/paging";
import { PROPERTIES_PATH } from "~/paths";
import { showControlCharacters } from "~/utils/control-characters";

type Summary = { total: number; homes: { id: number; name: string; missing: MissingFact[] }[] };

/**
 * The Overview's "Facts to complete: N": the homes a renter could not yet filter or
 * compare by their facts (a price, beds and baths, the home type, a pet policy...), the
 * newest first with what each lacks, each opening its Edit form. A name written past the
 * checks shows its controls as visible escapes, as the change log does (decision 041).
 */
export function FactsToCompletePanel({ summary }: { summary: Summary }) {
  return (
    <section aria-labelledby="facts-to-complete-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id="facts-to-complete-title" className="text-lg font-semibold text-slate-900">
        {`Facts to complete: ${summary.total}`}
      </h3>
      {summary.total === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Every home has its price, rooms, size, type and pet policy.</p>
      ) : (
        <>
          <ul className="mt-3 space-y-2 text-sm">
            {summary.homes.map((home) => (
              <li key={home.id} className="min-w-0 break-words">
                <Link to={`${PROPERTIES_PATH}/${home.id}/edit`} className="font-medium text-brand-700 underline hover:text-brand-800">
                  {showControlCharacters(home.name)}
                </Link>
                <span className="text-slate-700">{` lacks ${home.missing.join(", ")}`}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm">
            <Link to={hrefWith(PROPERTIES_PATH, { facts: FACTS_TO_COMPLETE })} className="text-brand-700 underline hover:text-brand-800">
              {`See all ${summary.total} in Properties`}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
