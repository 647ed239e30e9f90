import { Form, useNavigation, useSubmit } from "react-router";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { FIELD_EDGE } from "~/components/ui/control-styles";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A tab's search: a GET form, so the search is in the URL, works without JavaScript
 * and can be shared; with JavaScript it also searches as one types (debounced).
 * A search still waiting to run is dropped when this form or another is sent, so it never
 * cuts short what the person did next (a Link pressed right after typing).
 * `keep` holds other query values the form must carry along (a list behind a dialog);
 * `children` are more fields of the same form (filters, e.g. a FilterSelect), sent with
 * the search by its button.
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
  children?: ReactNode;
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
    <Form method="get" action={props.action} role="search" aria-label={props.label} preventScrollReset onSubmit={cancel} className={props.className ?? "mt-4 flex flex-wrap gap-2"}>
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
        className={`h-10 min-w-0 flex-1 rounded-md ${FIELD_EDGE} bg-white px-3 text-slate-900`}
      />
      {props.children}
      <button type="submit" className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100">
        Search
      </button>
    </Form>
  );
}

/**
 * A filter of a SearchForm: a labelled select, sent with the form's button; with
 * JavaScript the list follows as soon as the choice changes.
 */
export function FilterSelect(props: { id: string; name: string; label: string; value: string; options: readonly { value: string; label: string }[] }) {
  const submit = useSubmit();
  // Follows the URL (Back, a pager link) as well as the person's choice.
  const [value, setValue] = useState(props.value);
  useEffect(() => setValue(props.value), [props.value]);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-700">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          submit(event.currentTarget.form, { replace: true, preventScrollReset: true });
        }}
        className={`h-10 min-w-0 rounded-md ${FIELD_EDGE} bg-white px-2 text-sm text-slate-900`}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
