import { Link } from "react-router";
import { MESSAGES_PATH } from "~/paths";

export type ResponseTimesView = { waiting: number; oldestWait: string | null; medianFirstReply: string | null };

/**
 * The Overview's answer times: the enquiries waiting for a reply (a link to them) and how
 * long the oldest has waited, and the median time to a first reply over the last 30 days.
 */
export function ResponseTimesPanel({ figures, loading }: { figures: ResponseTimesView; loading: boolean }) {
  return (
    <section aria-labelledby="response-times-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id="response-times-title" className="text-base font-semibold text-slate-900">
        Replies to enquiries
      </h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-600">Waiting for a reply</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-900" aria-busy={loading || undefined}>
            {loading ? "..." : figures.waiting}
          </dd>
          {!loading && figures.oldestWait ? (
            <dd className="mt-1 text-sm text-slate-700">
              {`The oldest has waited ${figures.oldestWait}. `}
              <Link to={`${MESSAGES_PATH}?stage=new`} className="font-semibold text-brand-700 underline">
                See them
              </Link>
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">Median time to first reply, last 30 days</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-900" aria-busy={loading || undefined}>
            {loading ? "..." : (figures.medianFirstReply ?? "No replies yet")}
          </dd>
        </div>
      </dl>
    </section>
  );
}
