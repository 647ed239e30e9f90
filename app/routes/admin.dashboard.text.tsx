import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { TabPanel } from "~/components/admin/tab-panel";
import { TEXT_PATH } from "~/components/admin/tabs";
import { searchTextEntries } from "~/models/texts.server";
import { requireAdmin } from "~/utils/auth.server";

const SEARCH_DEBOUNCE_MS = 300;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const entries = searchTextEntries(q).map(({ id, key, englishText, spanishText }) => ({ id, key, englishText, spanishText }));
  return json({ q, entries }, { headers: { "Cache-Control": "no-store" } });
}

export default function TextTab() {
  const { q, entries } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const search = q ? `?${new URLSearchParams({ q })}` : "";
  return (
    <TabPanel
      id="text-title"
      title="Text Dictionary"
      description="Update existing translatable text entries for the application"
      // A GET form: the search is in the URL, works without JavaScript and can be shared.
      toolbar={
        <Form method="get" action={TEXT_PATH} role="search" className="mt-4 flex flex-wrap gap-2">
          <label htmlFor="text-search" className="sr-only">
            Search text entries
          </label>
          <input
            id="text-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search by key, English or Spanish text"
            onChange={(event) => {
              const form = event.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
            }}
            className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <button type="submit" className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Search
          </button>
        </Form>
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
