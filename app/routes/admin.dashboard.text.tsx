import { Link, Outlet, useLoaderData, data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { SearchForm } from "~/components/admin/search-form";
import { TabPanel } from "~/components/admin/tab-panel";
import { SpanishBadge, SpanishFilter, SpanishStillCorrectButton } from "~/components/admin/spanish-status";
import { confirmTextSpanish, searchTextEntries, textSpanishCard } from "~/models/texts.server";
import { noneWithSpanish, readSpanishFilter } from "~/models/spanish-status";
import { spanishConfirmedAnswer } from "~/http/spanish-confirmed.server";
import { hrefWith } from "~/utils/paging";
import { requireAdmin } from "~/auth/admin-guard.server";
import { TEXT_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim() ?? "";
  const spanish = readSpanishFilter(params.get("spanish"));
  const found = searchTextEntries(q).map((entry) => ({
    id: entry.id,
    key: entry.key,
    englishText: entry.englishText,
    spanishText: entry.spanishText,
    ...textSpanishCard(entry),
  }));
  const counts = {
    all: found.length,
    missing: found.filter((entry) => entry.spanishStatus === "missing").length,
    outdated: found.filter((entry) => entry.spanishStatus === "outdated").length,
  };
  const entries = spanish ? found.filter((entry) => entry.spanishStatus === spanish) : found;
  return data({ q, spanish, counts, entries }, { headers: NO_STORE });
}

/** An entry's "Spanish is still correct": back to the same search and filter, with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const back = hrefWith(TEXT_PATH, { q: params.get("q"), spanish: readSpanishFilter(params.get("spanish")) });
  return spanishConfirmedAnswer(request, back, (id) => confirmTextSpanish(id, admin.email));
}

export default function TextTab() {
  const { q, spanish, counts, entries } = useLoaderData<typeof loader>();
  const search = hrefWith("", { q, spanish });
  return (
    <TabPanel
      id="text-title"
      title="Text Dictionary"
      description="Update existing translatable text entries for the application"
      toolbar={
        <>
          <SearchForm
            action={TEXT_PATH}
            id="text-search"
            label="Search text entries"
            placeholder="Search by key, English or Spanish text"
            value={q}
            keep={spanish ? { spanish } : undefined}
          />
          <SpanishFilter current={spanish} counts={counts} hrefFor={(filter) => hrefWith(TEXT_PATH, { q, spanish: filter })} />
        </>
      }
    >
      {entries.length === 0 ? (
        <p className="p-5 text-slate-600">{q ? "No text entries match your search" : spanish ? noneWithSpanish("text entries", spanish) : "No text entries found"}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-start justify-between gap-3 p-5">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="break-all font-mono text-sm font-semibold text-brand-900">{entry.key}</span>
                  <SpanishBadge status={entry.spanishStatus} />
                </p>
                <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="font-medium text-slate-500">English</dt>
                    <dd className="whitespace-pre-line break-words text-slate-800">{entry.englishText}</dd>
                  </div>
                  <div>
                    <dt className="font-medium text-slate-500">Spanish</dt>
                    <dd className="whitespace-pre-line break-words text-slate-800">{entry.spanishText}</dd>
                  </div>
                </dl>
              </div>
              <div className="flex flex-wrap gap-2">
                {entry.spanishStatus === "outdated" ? <SpanishStillCorrectButton action={`${TEXT_PATH}${search}`} id={entry.id} name={entry.key} changes={entry.spanishChanges} /> : null}
                <Link
                  to={`${TEXT_PATH}/${entry.id}/edit${search}`}
                  preventScrollReset
                  aria-label={`Edit ${entry.key}`}
                  className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                >
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </TabPanel>
  );
}
