import { useLocation } from "react-router";
import { useSavedHomes } from "~/hooks/use-saved-homes";
import { useT } from "~/i18n/use-t";
import { FAVORITES_PATH } from "~/paths";
import { Icon } from "~/components/ui/icon";

/** What the form posts: the change asked for, the home, and the page to go back to. */
export const SAVE_INTENTS = { save: "save", remove: "remove", saveAll: "save-all" } as const;

/**
 * 'Save' / 'Guardar' with a heart; pressed while the home is in the visitor's list, and
 * then it says so: 'Saved' / 'Guardada'.
 * Without JavaScript it is a small form posting to /favorites (which keeps the list in a
 * cookie and sends the visitor back here); with it the list is the browser's own
 * (useSavedHomes) and nothing is posted.
 *
 * `named`: the home's name follows "Save" for screen readers, where several homes share
 * the page (as "View Details: {name}" on the cards). `compact`: the label is visible
 * only from sm up (the details dialog's footer on a phone has room for an icon).
 */
export function SaveToggle({ id, name, named = false, compact = false, className = "" }: { id: number; name: string; named?: boolean; compact?: boolean; className?: string }) {
  const { t } = useT();
  const location = useLocation();
  const { isSaved, toggle } = useSavedHomes();
  const saved = isSaved(id);
  // Back to where the visitor was, at the card they used.
  const returnTo = `${location.pathname}${location.search}${named ? `#listing-${id}-name` : ""}`;
  const label = saved ? t("favorites.saved_one", "Saved") : t("favorites.save", "Save");
  return (
    <form
      method="post"
      action={FAVORITES_PATH}
      className={className ? `flex ${className}` : "flex"}
      onSubmit={(event) => {
        event.preventDefault();
        toggle(id);
      }}
    >
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        name="intent"
        value={saved ? SAVE_INTENTS.remove : SAVE_INTENTS.save}
        aria-pressed={saved}
        className={compact ? "button-save min-w-11 px-0 sm:px-4" : "button-save"}
      >
        <Icon name="heart" className={`h-5 w-5 shrink-0 ${saved ? "fill-current" : ""}`} />
        <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{label}</span>
        {named ? <span className="sr-only">{`: ${name}`}</span> : null}
      </button>
    </form>
  );
}
