import { Link } from "react-router";
import { SPANISH_STATUS_LABELS, type SpanishToDo } from "~/models/spanish-status";
import { hrefWith } from "~/utils/paging";
import { FAQS_PATH, PROPERTIES_PATH, TEXT_PATH } from "~/paths";

type ToDo = Record<SpanishToDo, number>;

const KINDS = [
  { key: "properties", label: "Properties", path: PROPERTIES_PATH },
  { key: "faqs", label: "FAQs", path: FAQS_PATH },
  { key: "texts", label: "Text", path: TEXT_PATH },
] as const;

const STATUSES: SpanishToDo[] = ["missing", "outdated"];

/**
 * The Overview's "Spanish to do: N": how many homes, FAQs and site texts have their
 * Spanish missing or out of date, each count a link to its tab's filter.
 */
export function SpanishToDoPanel({ counts }: { counts: { total: number; properties: ToDo; faqs: ToDo; texts: ToDo } }) {
  return (
    <section aria-labelledby="spanish-to-do-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id="spanish-to-do-title" className="text-lg font-semibold text-slate-900">
        {`Spanish to do: ${counts.total}`}
      </h3>
      {counts.total === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Every home, FAQ and text has its Spanish up to date.</p>
      ) : (
        <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-3">
          {KINDS.map((kind) => (
            <li key={kind.key} className="min-w-0">
              <span id={`spanish-to-do-${kind.key}`} className="font-medium text-slate-800">
                {kind.label}
              </span>
              <ul aria-labelledby={`spanish-to-do-${kind.key}`} className="mt-1 space-y-1">
                {STATUSES.map((status) => (
                  <li key={status}>
                    <Link to={hrefWith(kind.path, { spanish: status })} className="text-brand-700 underline hover:text-brand-800">
                      {`${SPANISH_STATUS_LABELS[status]}: ${counts[kind.key][status]}`}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
