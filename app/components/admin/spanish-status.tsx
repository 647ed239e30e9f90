import { Form, Link } from "react-router";
import {
  priceNeedsSpanish,
  SPANISH_CONFIRMED_INTENT,
  SPANISH_STATUS_LABELS,
  SPANISH_STILL_CORRECT,
  spanishStatus,
  translatedFromAfterSave,
  type SpanishChange,
  type SpanishStatus,
  type SpanishToDo,
} from "~/models/spanish-status";

const BADGE_CLASS: Record<SpanishToDo, string> = {
  missing: "bg-red-100 text-red-800",
  outdated: "bg-amber-100 text-amber-900",
};

/** "Spanish missing" or "Spanish out of date" beside a record; nothing when its Spanish is up to date. */
export function SpanishBadge({ status }: { status: SpanishStatus }) {
  if (status === "current") return null;
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_CLASS[status]}`}>{SPANISH_STATUS_LABELS[status]}</span>;
}

/**
 * A record whose English changed after its Spanish was written: what changed (each
 * English text as the Spanish was written against it, and as it is now), then its button
 * to say the Spanish still reads right. A post to the tab's own action (JavaScript or
 * not), which answers with a redirect back to the same list and a toast.
 */
export function SpanishStillCorrectButton(props: { action: string; id: number; name: string; changes: SpanishChange[] }) {
  return (
    <div className="w-full space-y-2">
      {props.changes.length ? (
        <details open className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <summary className="cursor-pointer font-semibold">What changed in the English</summary>
          <dl className="mt-1 space-y-2">
            {props.changes.map((change) => (
              <div key={change.label}>
                <dt className="font-medium">{change.label}</dt>
                <dd className="whitespace-pre-line break-words">
                  <span className="font-medium">Was: </span>
                  <del>{change.was || "(blank)"}</del>
                </dd>
                <dd className="whitespace-pre-line break-words">
                  <span className="font-medium">Now: </span>
                  <ins className="no-underline">{change.now || "(blank)"}</ins>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      <Form method="post" action={props.action} preventScrollReset>
        <input type="hidden" name="intent" value={SPANISH_CONFIRMED_INTENT} />
        <input type="hidden" name="id" value={props.id} />
        <button
          type="submit"
          aria-label={`${SPANISH_STILL_CORRECT}: ${props.name}`}
          className="inline-flex min-h-10 items-center rounded-md border border-amber-300 px-3 text-sm font-semibold text-amber-900 hover:bg-amber-50"
        >
          {SPANISH_STILL_CORRECT}
        </button>
      </Form>
    </div>
  );
}

const FILTERS: { value: SpanishToDo | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "missing", label: SPANISH_STATUS_LABELS.missing },
  { value: "outdated", label: SPANISH_STATUS_LABELS.outdated },
];

/**
 * A tab's Spanish filter: links (the filter is in the URL, so it works without
 * JavaScript and can be shared), each with how many records it shows. `hrefFor` builds
 * the tab's URL for a filter, keeping its search.
 */
export function SpanishFilter(props: {
  current: SpanishToDo | null;
  counts: Record<SpanishToDo | "all", number>;
  hrefFor: (filter: SpanishToDo | null) => string;
}) {
  return (
    <nav aria-label="Filter by Spanish" className="mt-3">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map(({ value, label }) => {
          const selected = props.current === value;
          return (
            <li key={label}>
              <Link
                to={props.hrefFor(value)}
                preventScrollReset
                aria-current={selected ? "page" : undefined}
                className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-3 text-sm font-semibold ${
                  selected ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-700 hover:bg-slate-100"
                }`}
              >
                {label}
                <span className={`rounded-full px-1.5 text-xs ${selected ? "bg-white/20" : "bg-slate-100"}`}>{props.counts[value ?? "all"]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** One English text of a form, and the English its Spanish was written against. */
export type SpanishSource = { label: string; was: string | null; now: string };

/**
 * Inside a form's Spanish block: why the Spanish needs a look. Out of date, it shows the
 * English each Spanish text was written against where that changed since, so the
 * Spanish can be brought up to date without guessing what changed.
 */
export function SpanishFormNotice(props: { id: string; status: SpanishStatus; sources: SpanishSource[]; missing: string }) {
  if (props.status === "current") return null;
  const changed = props.sources.filter((source) => source.was !== null && source.was !== source.now);
  return (
    <div id={props.id} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="font-semibold">{SPANISH_STATUS_LABELS[props.status]}</p>
      {props.status === "missing" ? (
        <p className="mt-1">{props.missing}</p>
      ) : (
        <>
          <p className="mt-1">The English changed after the Spanish was written. Update the Spanish, or save it as it is and use “{SPANISH_STILL_CORRECT}” on the list.</p>
          {changed.map((source) => (
            <div key={source.label} className="mt-2">
              <p className="font-medium">{`${source.label} when the Spanish was written:`}</p>
              <p className="whitespace-pre-line break-words">{source.was}</p>
            </div>
          ))}
        </>
      )}
    </div>
  );
}

/** A home's Spanish as stored: what the form compares its fields with. */
export type StoredPropertySpanish = {
  priceSpanish: string | null;
  priceTranslatedFrom: string | null;
  descriptionSpanish: string | null;
  descriptionTranslatedFrom: string | null;
  lotRentIncludesSpanish: string | null;
  lotRentIncludesTranslatedFrom: string | null;
  otherMonthlyFeesNoteSpanish: string | null;
  otherMonthlyFeesNoteTranslatedFrom: string | null;
  petsNoteSpanish: string | null;
  petsNoteTranslatedFrom: string | null;
};

/** The facts' texts with a Spanish of their own, by their English field. */
const FACT_TEXTS = ["lotRentIncludes", "otherMonthlyFeesNote", "petsNote"] as const;
type FactText = (typeof FACT_TEXTS)[number];

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The property form's word on the Spanish, worked out from what the form holds now (as
 * the admin types, with JavaScript; as stored or as last sent, without): a hint of what
 * a save does with blank Spanish, and a warning, which does not stop the save, when an
 * active home would be saved with its Spanish missing or out of date.
 */
export function PropertySpanishWarning(props: {
  id: string;
  values: { isActive: unknown; price: unknown; priceSpanish: unknown; description: unknown; descriptionSpanish: unknown } & Record<FactText | `${FactText}Spanish`, unknown>;
  stored: StoredPropertySpanish | null;
  machineTranslation: boolean;
}) {
  const { values, stored, machineTranslation } = props;
  const price = text(values.price);
  const pairs = [
    { english: price, spanish: text(values.priceSpanish), needed: priceNeedsSpanish(price), before: stored && { spanish: stored.priceSpanish, translatedFrom: stored.priceTranslatedFrom } },
    { english: text(values.description), spanish: text(values.descriptionSpanish), needed: true, before: stored && { spanish: stored.descriptionSpanish, translatedFrom: stored.descriptionTranslatedFrom } },
    // A fact's text wants Spanish once it has English.
    ...FACT_TEXTS.map((name) => ({
      english: text(values[name]),
      spanish: text(values[`${name}Spanish`]),
      needed: text(values[name]).trim() !== "",
      before: stored && { spanish: stored[`${name}Spanish`], translatedFrom: stored[`${name}TranslatedFrom`] },
    })),
  ].map((pair) => {
    // A blank Spanish text the save will translate counts as written.
    const machineTranslated = machineTranslation && pair.needed && !pair.spanish.trim();
    return machineTranslated
      ? { ...pair, spanish: pair.english, translatedFrom: pair.english }
      : { ...pair, translatedFrom: translatedFromAfterSave(pair) };
  });
  const status = spanishStatus(pairs);
  const active = values.isActive === "on" || values.isActive === true;
  return (
    <div id={props.id} className="space-y-2 text-sm sm:col-span-2">
      <p className="text-slate-600">
        {machineTranslation
          ? "Left blank, the Spanish price (when it has words) and description are translated by machine when you save; you can edit them afterwards."
          : "No translation service is set up: Spanish left blank stays blank, and the Spanish site shows this home in English until its Spanish is written here."}
      </p>
      {active && status !== "current" ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          <span className="font-semibold">{`${SPANISH_STATUS_LABELS[status]}. `}</span>
          {status === "missing"
            ? "This home is listed, and the Spanish site will show it in English until its Spanish is written. You can still save."
            : "This home is listed, and its English changed after its Spanish was written. You can still save; then check the Spanish, or mark it as still correct."}
        </p>
      ) : null}
    </div>
  );
}
