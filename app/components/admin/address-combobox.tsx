import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import {
  ADDRESS_CHOICE_FIELD,
  ADDRESS_SEARCH,
  ADDRESS_SEARCH_TEXTS,
  centreNote,
  centreTag,
  encodeAddressChoice,
  FIND_ADDRESS_FIELD,
  FIND_ADDRESS_INTENT,
  type AddressFindResult,
  type AddressSuggestion,
} from "~/services/address-search/address-search";
import { GEOCODE_API } from "~/paths";

type SearchState =
  | { kind: "idle" }
  | { kind: "searching" }
  | { kind: "done"; suggestions: AddressSuggestion[] }
  | { kind: "failed"; message: string };

/** A coordinate with at most 6 decimals (about 10 cm), as the fields get it. */
function coordinateText(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** A suggestion's coordinates, and whose they are when they are a town's or ZIP code's centre. */
function SuggestionCoordinates({ suggestion }: { suggestion: AddressSuggestion }) {
  return (
    <span className="block text-xs text-slate-600">
      {`${coordinateText(suggestion.latitude)}, ${coordinateText(suggestion.longitude)}${suggestion.centreOf ? ` (${centreTag(suggestion.centreOf)})` : ""}`}
    </span>
  );
}

/**
 * The property form's Location field with address suggestions (docs/product.md §2's
 * address autocomplete: from 3 characters, at most 8, the US only, 300 ms after the
 * last key). With JavaScript it is a WAI-ARIA 1.2 combobox: the suggestions from
 * GET /api/admin/geocode in a listbox, ArrowDown and ArrowUp move through them, Enter
 * or a click chooses, Escape closes the list (not the dialog); 'Searching addresses...'
 * and 'No addresses found.' are said in a live region. Choosing fills Location,
 * Latitude and Longitude, which stay editable. Without JavaScript a 'Find' button sends
 * the form to its action, which shows it again with the addresses found as radio
 * choices (`found`); the one checked is saved with the form. A suggestion whose
 * coordinates are a town's or ZIP code's centre says so; once chosen, the form says so
 * next to the coordinates (the property form with JavaScript, the choice itself without).
 */
export function AddressCombobox(props: {
  field: FieldMetadata<string | number | boolean | null | undefined>;
  className: string;
  maxLength: number;
  placeholder?: string;
  /** The addresses the action found for 'Find'. */
  found: AddressFindResult | undefined;
  onChoose: (suggestion: AddressSuggestion) => void;
}) {
  const hydrated = useHydrated();
  const listId = useId();
  const hintId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const { key, ...inputProps } = getInputProps(props.field, { type: "text" });
  // What the admin typed (never what a choice put in the field): each change searches.
  const [query, setQuery] = useState<string | null>(null);
  const [search, setSearch] = useState<SearchState>({ kind: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (query === null) return;
    const text = query.trim();
    setActive(-1);
    if (text.length < ADDRESS_SEARCH.minChars) {
      setSearch({ kind: "idle" });
      return;
    }
    setSearch({ kind: "searching" });
    setOpen(true);
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`${GEOCODE_API}?q=${encodeURIComponent(text)}`, { signal: controller.signal, headers: { Accept: "application/json" } });
        const body = (await response.json().catch(() => null)) as { suggestions?: AddressSuggestion[]; error?: string } | null;
        if (!response.ok || !Array.isArray(body?.suggestions)) {
          setSearch({ kind: "failed", message: response.status === 429 ? ADDRESS_SEARCH_TEXTS.rateLimited : ADDRESS_SEARCH_TEXTS.failed });
        } else {
          setSearch({ kind: "done", suggestions: body.suggestions.slice(0, ADDRESS_SEARCH.maxResults) });
        }
      } catch {
        if (!controller.signal.aborted) setSearch({ kind: "failed", message: ADDRESS_SEARCH_TEXTS.failed });
      }
    }, ADDRESS_SEARCH.debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const suggestions = search.kind === "done" ? search.suggestions : [];
  const expanded = hydrated && open && suggestions.length > 0;

  const choose = (suggestion: AddressSuggestion) => {
    props.onChoose(suggestion);
    setOpen(false);
    setActive(-1);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === "ArrowDown" && count) {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(0);
      } else setActive((active + 1) % count);
    } else if (event.key === "ArrowUp" && count) {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(count - 1);
      } else setActive(active <= 0 ? count - 1 : active - 1);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      // Chooses instead of sending the form.
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape" && open) {
      // The dialog leaves an open combobox's Escape to it (RouteDialog).
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    !hydrated || !open
      ? ""
      : search.kind === "searching"
        ? ADDRESS_SEARCH_TEXTS.searching
        : search.kind === "failed"
          ? search.message
          : search.kind === "done"
            ? search.suggestions.length
              ? `${search.suggestions.length} ${search.suggestions.length === 1 ? "address" : "addresses"} found. Use the arrow keys and Enter to choose.`
              : ADDRESS_SEARCH_TEXTS.none
            : "";

  return (
    <>
      <div className="flex gap-2">
        <input
          key={key}
          {...inputProps}
          ref={inputRef}
          maxLength={props.maxLength}
          required
          placeholder={props.placeholder}
          autoComplete="off"
          aria-describedby={[inputProps["aria-describedby"], hintId].filter(Boolean).join(" ")}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": expanded,
                "aria-controls": listId,
                "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
              }
            : {})}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => {
            if (suggestions.length) setOpen(true);
          }}
          className={`${props.className} min-w-0 flex-1`}
        />
        {hydrated ? null : (
          <button
            type="submit"
            name={FIND_ADDRESS_FIELD}
            value={FIND_ADDRESS_INTENT}
            formNoValidate
            className="mt-1 inline-flex h-11 shrink-0 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100"
          >
            Find
          </button>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {hydrated
          ? `Type ${ADDRESS_SEARCH.minChars} or more characters of a city, ZIP code or address for suggestions; choosing one fills the coordinates.`
          : "Type a city, ZIP code or address and press Find for suggestions that fill the coordinates."}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Address suggestions"
        hidden={!expanded}
        className="mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.label}|${index}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps focus in the field, so the list is not closed before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
            onMouseMove={() => setActive(index)}
            className="cursor-pointer px-3 py-2 text-sm text-slate-800 aria-selected:bg-brand-50 aria-selected:text-brand-900"
          >
            <span className="block break-words">{suggestion.label}</span>
            <SuggestionCoordinates suggestion={suggestion} />
          </li>
        ))}
      </ul>
      <p role="status" className="mt-1 text-sm text-slate-600">
        {status}
      </p>
      {props.found ? <FoundAddresses found={props.found} onChoose={props.onChoose} /> : null}
    </>
  );
}

/**
 * The addresses 'Find' found, as radio choices that go with the form. A centre's choice
 * shows its note once checked: CSS (:has(:checked)) does it, so it works without JavaScript.
 */
function FoundAddresses({ found, onChoose }: { found: AddressFindResult; onChoose: (suggestion: AddressSuggestion) => void }) {
  return (
    <fieldset className="mt-2 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{`Addresses found for “${found.query}”`}</legend>
      {found.suggestions.length ? (
        <>
          <p className="text-xs text-slate-500">Choose one, then save: it replaces the location, latitude and longitude above.</p>
          <ul className="mt-2 space-y-1">
            {found.suggestions.map((suggestion) => (
              <li key={encodeAddressChoice(suggestion)} className="group">
                <label className="flex cursor-pointer items-center gap-2 rounded-md p-1 text-sm text-slate-800 has-[:checked]:bg-brand-50">
                  <input
                    type="radio"
                    name={ADDRESS_CHOICE_FIELD}
                    value={encodeAddressChoice(suggestion)}
                    onChange={() => onChoose(suggestion)}
                    className="h-6 w-6 shrink-0 accent-brand-700"
                  />
                  <span className="min-w-0 break-words">
                    {suggestion.label}
                    <SuggestionCoordinates suggestion={suggestion} />
                  </span>
                </label>
                {suggestion.centreOf ? (
                  <p className="ml-9 hidden rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 group-has-[:checked]:block">
                    {centreNote(suggestion.centreOf)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          {found.message ?? ADDRESS_SEARCH_TEXTS.none}
        </p>
      )}
    </fieldset>
  );
}
