import { useState, type FormEvent } from "react";
import { primaryLinkClass, secondaryLinkClass } from "~/components/favorites/list-links";
import { useHydrated } from "~/hooks/use-hydrated";
import { useT } from "~/i18n/use-t";
import type { Listing } from "~/models/listing";
import { COMPARE_PATH } from "~/paths";
import { BACK_TO_LIST_PARAM } from "~/utils/back-to-list";
import { IDS_PARAM, MAX_COMPARED_HOMES } from "~/utils/saved-homes";

/**
 * Choosing the homes to compare (docs/product.md §2, "Compare"): a "Compare" tick on each
 * card of a list and one form that opens /compare with the ticked homes. The ticks belong
 * to the form through their `form` attribute, so without JavaScript the browser sends the
 * ticked ones (`?ids=1&ids=2`); /compare refuses more than four and says so. With
 * JavaScript the page keeps the ticks while the visitor pages and filters the list (the
 * ones not on the page ride in the form as hidden fields), stops a fifth tick with a
 * message, and the form follows the visitor down the list once a home is ticked.
 */

const FORM_ID = "compare-picks";

export type ComparePicks = {
  /** The ticked homes, in the order ticked. */
  ids: number[];
  /** Why the last tick was refused, if it was. */
  refusal: "full" | "too_few" | null;
  toggle: (id: number, on: boolean) => void;
  clear: () => void;
  refuse: (why: "too_few") => void;
};

/**
 * The ticks of one list. `defaults`: the homes ticked until the visitor changes them
 * (the first four saved homes on /favorites, none on /properties); `among`: the only
 * homes that can stay ticked (a saved list: a home taken out of it is no longer ticked).
 */
export function useComparePicks({ defaults = [], among }: { defaults?: number[]; among?: number[] } = {}): ComparePicks {
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [refusal, setRefusal] = useState<ComparePicks["refusal"]>(null);
  const ids = (chosen ?? defaults.slice(0, MAX_COMPARED_HOMES)).filter((id) => !among || among.includes(id));
  return {
    ids,
    refusal,
    toggle: (id, on) => {
      if (on && !ids.includes(id) && ids.length >= MAX_COMPARED_HOMES) {
        setRefusal("full");
        return;
      }
      setRefusal(null);
      setChosen(on ? [...ids.filter((item) => item !== id), id] : ids.filter((item) => item !== id));
    },
    clear: () => {
      setRefusal(null);
      setChosen([]);
    },
    refuse: (why) => setRefusal(why),
  };
}

/** A card's "Compare" tick, named with its home for screen readers. */
export function CompareTick({ listing, picks }: { listing: Listing; picks: ComparePicks }) {
  const { t } = useT();
  return (
    <label className="mt-3 inline-flex min-h-11 cursor-pointer items-center gap-2 self-start font-medium text-slate-700">
      <input
        type="checkbox"
        form={FORM_ID}
        name={IDS_PARAM}
        value={listing.id}
        checked={picks.ids.includes(listing.id)}
        onChange={(event) => picks.toggle(listing.id, event.currentTarget.checked)}
        className="h-6 w-6 shrink-0 accent-brand-700"
      />
      {t("compare.tick", "Compare")}
      <span className="sr-only">{`: ${listing.name}`}</span>
    </label>
  );
}

/**
 * The form that opens /compare with the ticked homes. `shown`: the homes whose ticks are
 * on this page (the others the visitor ticked ride along as hidden fields); `list`: the
 * list /compare offers to go back to.
 */
export function ComparePicksForm({ picks, shown, list, className = "" }: { picks: ComparePicks; shown: number[]; list?: string; className?: string }) {
  const { t } = useT();
  // Without JavaScript the page cannot follow the ticks: it gives the hint, and the form does the rest.
  const hydrated = useHydrated();
  const elsewhere = picks.ids.filter((id) => !shown.includes(id));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (picks.ids.length >= 2) return;
    event.preventDefault();
    picks.refuse("too_few");
  };
  const message =
    picks.refusal === "full"
      ? t("compare.picks_full", "You can compare up to {{max}} homes: untick one first.", { max: MAX_COMPARED_HOMES })
      : picks.refusal === "too_few"
        ? t("compare.picks_too_few", "Tick at least two homes to compare.")
        : null;
  // Once a home is ticked the form stays in sight at the bottom of the screen while the list scrolls.
  const following = hydrated && picks.ids.length > 0 ? "sticky bottom-0 z-10 shadow-lg" : "";
  return (
    <form
      id={FORM_ID}
      method="get"
      action={COMPARE_PATH}
      onSubmit={onSubmit}
      aria-labelledby={`${FORM_ID}-title`}
      className={`flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4 ${following} ${className}`}
    >
      {elsewhere.map((id) => (
        <input key={id} type="hidden" name={IDS_PARAM} value={id} />
      ))}
      {list ? <input type="hidden" name={BACK_TO_LIST_PARAM} value={list} /> : null}
      <div className="min-w-0 flex-1 basis-56">
        <h2 id={`${FORM_ID}-title`} className="font-semibold text-slate-900">
          {t("compare.title", "Compare homes")}
        </h2>
        <p aria-live="polite" className="text-sm text-slate-600">
          {message ? (
            <span className="font-semibold text-red-800">{message}</span>
          ) : hydrated && picks.ids.length ? (
            t("compare.picks_count", "{{count}} of {{max}} homes ticked", { count: picks.ids.length, max: MAX_COMPARED_HOMES })
          ) : (
            t("compare.picks_hint", "Tick “Compare” on up to {{max}} homes, then compare them side by side.", { max: MAX_COMPARED_HOMES })
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {hydrated && picks.ids.length ? (
          <button type="button" onClick={picks.clear} className={secondaryLinkClass}>
            {t("compare.picks_clear", "Clear")}
          </button>
        ) : null}
        <button type="submit" className={primaryLinkClass}>
          {t("compare.picks_submit", "Compare ticked homes")}
        </button>
      </div>
    </form>
  );
}
