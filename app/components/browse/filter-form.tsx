import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { useEffect, useRef, type ReactNode } from "react";
import {
  BATH_CHOICES,
  BED_CHOICES,
  BROWSE_SORTS,
  DEFAULT_WITHIN,
  MAX_BROWSE_TEXT,
  activeFilterCount,
  browseHref,
  defaultSortOf,
  isFiltered,
  type BrowseQuery,
  type BrowseSort,
} from "~/models/browse-query";
import { HOME_TYPES, PET_FILTERS, WITHIN_CHOICES, chosenSort } from "~/models/browse-choices";
import { useT } from "~/i18n/use-t";
import { BROWSE_PATH } from "~/paths";
import { Icon } from "~/components/ui/icon";

const DEBOUNCE_MS = 300;
// Marks the history entries of the form's own navigations.
const FROM_FORM = "browseForm";

// Wide enough for the filters to sit beside the list's top rather than fill a phone's first screen (Tailwind's md).
const WIDE_SCREEN = "(min-width: 768px)";

const KIND_CHOICES = [
  ["", "browse.kind_all", "All"],
  ["rent", "browse.kind_rent", "Rent"],
  ["sale", "browse.kind_sale", "Buy"],
  ["rent_to_own", "browse.kind_rent_to_own", "Rent to own"],
  ["owner_finance", "browse.kind_owner_finance", "Owner financing"],
] as const;

const SORT_LABELS: Record<BrowseSort, [key: string, fallback: string]> = {
  newest: ["browse.sort_newest", "Newest"],
  "price-asc": ["browse.sort_price_asc", "Price: low to high"],
  "price-desc": ["browse.sort_price_desc", "Price: high to low"],
  distance: ["browse.sort_distance", "Nearest first"],
};

// Borders and placeholder as dark as the contact form's: a field's edge at 3:1, its hint at 4.5:1.
const fieldClass = "mt-1 block h-11 w-full min-w-0 rounded-md border border-slate-500 bg-white px-2 text-slate-900 placeholder:text-slate-500 sm:px-3";

/** The form's values as the URL holds them (blank for no filter); the alert form sends the same. */
export function fieldValues(query: BrowseQuery): Record<string, string> {
  return {
    q: query.q,
    near: query.near?.name ?? "",
    // Ready for a place typed next (the list reads no miles without one).
    within: String(query.within ?? DEFAULT_WITHIN),
    kind: query.kind ?? "",
    minPrice: query.minPrice?.toString() ?? "",
    maxPrice: query.maxPrice?.toString() ?? "",
    beds: query.beds?.toString() ?? "",
    baths: query.baths?.toString() ?? "",
    pets: query.pets ?? "",
    homeType: query.homeType ?? "",
    senior: query.senior ? "1" : "",
    availableBy: query.availableBy ?? "",
    // Blank for the query's default: a place typed without JavaScript then lists the nearest first.
    sort: chosenSort(query) ?? "",
  };
}

/**
 * The filters and sort of /properties: a GET form, so a search works without JavaScript
 * and is a URL one can share. With JavaScript the list follows the fields as they change
 * (typing debounced, choices at once), the URL kept in step without a page load; the
 * field being typed in keeps its focus and its text.
 *
 * On a phone the form is folded behind "Filters (n)" (a details element, so it opens
 * without JavaScript too) and the count of results comes first; on a wide screen it is
 * always open (by CSS where the browser can style a details' content, and by script).
 */
/**
 * `unreadable`: price limits the URL gave that name no amount, and a place it names that
 * is not known, as typed (kept in their fields, and said so). `resultsId`: the count of
 * results, brought into view when 'Apply filters' folds the form on a phone.
 */
export function FilterForm({ query, unreadable = {}, resultsId }: { query: BrowseQuery; unreadable?: Partial<Record<"minPrice" | "maxPrice" | "near", string>>; resultsId?: string }) {
  const { t } = useT();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current && window.matchMedia(WIDE_SCREEN).matches) details.current.open = true;
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);
  // A change still waiting is dropped when the person goes elsewhere (Clear filters, a page).
  const navigation = useNavigation();
  const leaving = navigation.state === "loading" && !(navigation.location.state as Record<string, unknown> | null)?.[FROM_FORM];
  useEffect(() => {
    if (leaving) cancel();
  }, [leaving]);

  const show = () => {
    cancel();
    if (!form.current) return;
    const values = Object.fromEntries([...new FormData(form.current)].map(([name, value]) => [name, String(value)]));
    navigate(browseHref(values), {
      replace: true,
      preventScrollReset: true,
      state: { [FROM_FORM]: true },
    });
  };

  // The fields follow the URL when something else changes it (Clear filters, a page link,
  // Back), all but the one in use. A list the form asked for changes none of them: the
  // person may have typed on since, and the fields are already what they want.
  const location = useLocation();
  const values: Record<string, string> = { ...fieldValues(query) };
  Object.assign(values, unreadable);
  useEffect(() => {
    if ((location.state as Record<string, unknown> | null)?.[FROM_FORM]) return;
    for (const [name, value] of Object.entries(values)) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement && field.type === "checkbox") field.checked = value === field.value;
      else if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement) field.value = value;
      // A radio group (Rent or buy): the choice follows.
      if (field instanceof RadioNodeList) field.value = value;
    }
    // Once per location: values come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const filters = activeFilterCount(query);
  return (
    <details ref={details} className="rounded-xl border border-slate-200 bg-white shadow-sm md:[&::details-content]:[content-visibility:visible]">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-2 font-semibold text-brand-900 md:hidden">
        {filters ? t("browse.filters_count", "Filters ({{n}})", { n: filters }) : t("browse.filters", "Filters")}
        <Icon name="filters" className="h-5 w-5 shrink-0" />
      </summary>
      <form
        ref={form}
        method="get"
        action={BROWSE_PATH}
        role="search"
        aria-label={t("browse.filters_label", "Filter homes")}
        onSubmit={(event) => {
          event.preventDefault();
          show();
          // On a phone the filters fold, as after the page load without JavaScript, and the count of results comes into view.
          if (details.current && !window.matchMedia(WIDE_SCREEN).matches) {
            details.current.open = false;
            if (resultsId) document.getElementById(resultsId)?.scrollIntoView({ block: "center" });
          }
        }}
        onChange={(event) => {
          cancel();
          const choice = event.target instanceof HTMLSelectElement || (event.target instanceof HTMLInputElement && ["radio", "checkbox"].includes(event.target.type));
          if (choice) show();
          else timer.current = setTimeout(show, DEBOUNCE_MS);
        }}
        className="grid grid-cols-2 items-start gap-3 border-t border-slate-200 p-3 sm:gap-4 sm:p-5 md:grid-cols-4 md:border-t-0"
      >
        <Field label={t("browse.search", "Name or location")} htmlFor="browse-q" className="col-span-2">
          <input
            id="browse-q"
            type="search"
            name="q"
            defaultValue={values.q}
            maxLength={MAX_BROWSE_TEXT}
            placeholder={t("browse.search_placeholder", "e.g. Fort Worth")}
            autoComplete="off"
            className={fieldClass}
          />
        </Field>
        {/* A place's name and its miles each take a phone's row: "Grand Prairie, TX" is read whole. */}
        <Field label={t("browse.near", "Near")} htmlFor="browse-near" className="col-span-2 md:col-span-1">
          <input
            id="browse-near"
            type="text"
            name="near"
            defaultValue={values.near}
            maxLength={MAX_BROWSE_TEXT}
            placeholder={t("browse.near_placeholder", "Town or ZIP")}
            autoComplete="off"
            aria-invalid={"near" in unreadable || undefined}
            aria-describedby={"near" in unreadable ? "place-unknown" : undefined}
            className={fieldClass}
          />
        </Field>
        <Choice
          className="col-span-2 md:col-span-1"
          label={t("browse.within", "Within")}
          name="within"
          value={values.within}
          blank={false}
          choices={WITHIN_CHOICES.map((miles) => [String(miles), miles === "any" ? t("browse.within_any", "Any distance") : t("browse.within_miles", undefined, { n: miles })])}
        />
        <fieldset className="col-span-2 md:col-span-4">
          <legend className="text-sm font-medium text-slate-700">{t("browse.kind", "Rent or buy")}</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {KIND_CHOICES.map(([value, key, fallback]) => (
              <label
                key={value || "all"}
                className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-500 px-3 text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
              >
                <input type="radio" name="kind" value={value} defaultChecked={values.kind === value} className="h-6 w-6 shrink-0 accent-brand-700" />
                {t(key, fallback)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="col-span-2 grid grid-cols-2 gap-x-3 sm:gap-x-4">
          <PriceField label={t("browse.min_price", "Min price ($)")} name="minPrice" value={values.minPrice} unreadable={"minPrice" in unreadable} />
          <PriceField label={t("browse.max_price", "Max price ($)")} name="maxPrice" value={values.maxPrice} unreadable={"maxPrice" in unreadable} />
          <p id="browse-price-hint" className="col-span-2 mt-1 text-sm text-slate-600">
            {t("browse.price_hint", "A month's rent or the sale price.")}
          </p>
          {[unreadable.minPrice, unreadable.maxPrice].filter((typed): typed is string => Boolean(typed)).map((typed) => (
            <p key={typed} id="browse-price-error" className="col-span-2 mt-1 text-sm font-medium text-red-700">
              {t("browse.price_unreadable", undefined, { value: typed })}
            </p>
          ))}
        </div>
        <AtLeast label={t("properties.beds", "Beds")} name="beds" value={values.beds} choices={BED_CHOICES} />
        <AtLeast label={t("properties.baths", "Baths")} name="baths" value={values.baths} choices={BATH_CHOICES} />
        <Choice label={t("browse.pets", "Pets")} name="pets" value={values.pets} choices={PET_FILTERS.map((pets) => [pets, t(`browse.pets_${pets}`)])} />
        <Choice label={t("browse.home_type", "Home type")} name="homeType" value={values.homeType} choices={HOME_TYPES.map((type) => [type, t(`home_type.${type}`)])} />
        <Field label={t("browse.available_by", "Available by")} htmlFor="browse-availableBy">
          <input id="browse-availableBy" type="date" name="availableBy" defaultValue={values.availableBy} className={fieldClass} />
        </Field>
        <label className="col-span-2 flex min-h-11 cursor-pointer items-center gap-2 self-end text-slate-900 md:col-span-1">
          <input type="checkbox" name="senior" value="1" defaultChecked={values.senior === "1"} className="h-6 w-6 shrink-0 accent-brand-700" />
          {t("browse.senior", "55+ communities only")}
        </label>
        <Field label={t("browse.sort", "Sort by")} htmlFor="browse-sort" className="col-span-2">
          <select id="browse-sort" name="sort" defaultValue={values.sort} className={fieldClass}>
            {/* The query's own default first, blank: nearest first with a place, else newest. */}
            {[defaultSortOf(query), ...BROWSE_SORTS.filter((sort) => sort !== defaultSortOf(query) && (sort !== "distance" || query.near))].map((sort, at) => (
              <option key={sort} value={at === 0 ? "" : sort}>
                {t(...SORT_LABELS[sort])}
              </option>
            ))}
          </select>
        </Field>
        <div className="col-span-2 flex flex-wrap gap-3 md:self-end">
          <button type="submit" className="inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
            {t("browse.apply", "Apply filters")}
          </button>
          {isFiltered(query) ? <ClearFiltersLink /> : null}
        </div>
      </form>
    </details>
  );
}

function Field(props: { label: string; htmlFor: string; className?: string; children: ReactNode }) {
  return (
    // A label on two lines (Spanish on a phone) keeps its field level with its neighbour's.
    <div className={`flex flex-col justify-between ${props.className ?? "col-span-1"}`}>
      <label htmlFor={props.htmlFor} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/**
 * Dollars as people write them ("90000", "90,000", "$90k"): a text field, as a number
 * field would drop "$90k" unread ("minPrice" is the field #browse-min-price). Both share
 * the hint below them, and the message when a value names no amount.
 */
function PriceField(props: { label: string; name: "minPrice" | "maxPrice"; value: string; unreadable: boolean }) {
  const id = props.name === "minPrice" ? "browse-min-price" : "browse-max-price";
  return (
    <Field label={props.label} htmlFor={id}>
      <input
        id={id}
        type="text"
        name={props.name}
        defaultValue={props.value}
        maxLength={30}
        autoComplete="off"
        aria-invalid={props.unreadable || undefined}
        aria-describedby={props.unreadable ? "browse-price-hint browse-price-error" : "browse-price-hint"}
        className={fieldClass}
      />
    </Field>
  );
}

/** "At least" a number of rooms: Any, 1+, 2+… */
function AtLeast(props: { label: string; name: string; value: string; choices: readonly number[] }) {
  return <Choice label={props.label} name={props.name} value={props.value} choices={props.choices.map((n) => [String(n), `${n}+`])} />;
}

/** One of a few choices, or Any (unless `blank` is false). */
function Choice(props: { label: string; name: string; value: string; choices: [string, string][]; blank?: boolean; className?: string }) {
  const { t } = useT();
  const id = `browse-${props.name}`;
  return (
    <Field label={props.label} htmlFor={id} className={props.className}>
      <select id={id} name={props.name} defaultValue={props.value} className={fieldClass}>
        {props.blank === false ? null : <option value="">{t("browse.any", "Any")}</option>}
        {props.choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Back to every home (the sort goes back to the default too). */
export function ClearFiltersLink() {
  const { t } = useT();
  return (
    <Link
      to={BROWSE_PATH}
      preventScrollReset
      className="inline-flex h-11 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-100"
    >
      {t("browse.clear", "Clear filters")}
    </Link>
  );
}
