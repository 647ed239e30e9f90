/**
 * The Overview's search alerts: how many visitors' alerts are confirmed, and how many alert
 * mails went out in the last 30 days. Counts only: the dashboard lists no subscriber's address.
 */
export function SearchAlertCounts({ counts, loading }: { counts: { confirmed: number; sentLast30Days: number }; loading: boolean }) {
  const items = [
    ["Confirmed search alerts", counts.confirmed],
    ["Alert e-mails sent in the last 30 days", counts.sentLast30Days],
  ] as const;
  return (
    <section aria-labelledby="search-alerts-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id="search-alerts-title" className="text-base font-semibold text-slate-900">
        Search alerts
      </h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-brand-900" aria-busy={loading || undefined}>
              {loading ? "..." : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
