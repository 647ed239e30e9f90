/**
 * How the back office's fields and buttons look in each state, in one place, so each
 * meets WCAG AA contrast in every state (decision 020): a field's edge and a switch's
 * off track are slate-500 (4.8:1 on white, where 3:1 is asked), red-600 when a field is
 * refused; a button that cannot be used yet is grey with dark text (8:1); a busy one (its
 * form on its way) keeps its colours, says what it does ('Saving...') and shows a
 * waiting cursor. Nothing fades by opacity, which took text below 4.5:1.
 * Keyboard focus is the site-wide ring of tailwind.css (decision 021).
 */

/** The edge of a field: slate-500, red-600 once refused (aria-invalid). */
export const FIELD_EDGE = "border border-slate-500 aria-[invalid=true]:border-red-600";

/** A full-width form field (input, textarea, select) under its label. */
export const FIELD_CLASS = `mt-1 block w-full rounded-md ${FIELD_EDGE} bg-white px-3 py-2 text-slate-900`;

/** A button that cannot be used yet (nothing chosen, nothing stored). */
export const DISABLED_BUTTON = "disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-700";

/** A button whose form is being sent: its own colours, a waiting cursor. */
export const BUSY_BUTTON = "cursor-wait";

/** The classes of a button that may be disabled, busy or neither. */
export function buttonState(busy: boolean): string {
  return busy ? BUSY_BUTTON : DISABLED_BUTTON;
}
