import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { SearchForm } from "~/components/admin/search-form";
import { TabPanel } from "~/components/admin/tab-panel";
import { searchTextEntries } from "~/models/texts.server";
import { requireAdmin } from "~/auth/admin-guard.server";
import { TEXT_PATH } from "~/paths";
import { NO_STORE } from "~/http/no-store";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const entries = searchTextEntries(q).map(({ id, key, englishText, spanishText }) => ({ id, key, englishText, spanishText }));
  return json({ q, entries }, { headers: NO_STORE });
}

export default function TextTab() {
  const { q, entries } = useLoaderData<typeof loader>();
  const search = q ? `?${new URLSearchParams({ q })}` : "";
  return (
    <TabPanel
      id="text-title"
      title="Text Dictionary"
      description="Update existing translatable text entries for the application"
      toolbar={
        <SearchForm action={TEXT_PATH} id="text-search" label="Search text entries" placeholder="Search by key, English or Spanish text" value={q} />
      }
    >
      {entries.length === 0 ? (
        <p className="p-5 text-slate-600">{q ? "No text entries match your search" : "No text entries found"}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-start justify-between gap-3 p-5">
              <div className="min-w-0 flex-1">
                <p className="break-all font-mono text-sm font-semibold text-brand-900">{entry.key}</p>
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
              <Link
                to={`${TEXT_PATH}/${entry.id}/edit${search}`}
                preventScrollReset
                aria-label={`Edit ${entry.key}`}
                className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100"
              >
                Edit
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </TabPanel>
  );
}
