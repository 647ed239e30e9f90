import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A tab's search: a GET form, so the search is in the URL, works without JavaScript
 * and can be shared; with JavaScript it also searches as one types (debounced).
 * A search still waiting to run is dropped when this form or another is sent, so it never
 * cuts short what the person did next (a Link pressed right after typing).
 * `keep` holds other query values the form must carry along (a list behind a dialog).
 */
export function SearchForm(props: {
  action: string;
  id: string;
  label: string;
  placeholder: string;
  name?: string;
  value: string;
  keep?: Record<string, string>;
  className?: string;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);
  useEffect(() => {
    if (navigation.state === "submitting") cancel();
  }, [navigation.state]);
  return (
    <Form method="get" action={props.action} role="search" preventScrollReset onSubmit={cancel} className={props.className ?? "mt-4 flex flex-wrap gap-2"}>
      {Object.entries(props.keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={props.id} className="sr-only">
        {props.label}
      </label>
      <input
        id={props.id}
        type="search"
        name={props.name ?? "q"}
        defaultValue={props.value}
        placeholder={props.placeholder}
        onChange={(event) => {
          const form = event.currentTarget.form;
          cancel();
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
        }}
        className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <button type="submit" className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100">
        Search
      </button>
    </Form>
  );
}
