import { usStateName } from "~/services/address-search/address-search";

/**
 * The Settings tab's "Address search" form (English, like the back office): the office's
 * state (`officeState`, a code of US_STATES), whose places the property form's address
 * search shows first. Not a .server module: the tab shows its texts.
 */

export const OFFICE_STATE_INTENT = "office-state";
export const OFFICE_STATE_FIELD = "officeState";

export const OFFICE_STATE_MESSAGES = {
  updated: (name: string) => `The office's state is now ${name}: the address search shows its places first.`,
  invalid: "Choose the office's state from the list.",
} as const;

/** The form's value as a state's code, or null when it names none. */
export function officeStateFromForm(form: FormData): string | null {
  const value = String(form.get(OFFICE_STATE_FIELD) ?? "").trim().toUpperCase();
  return usStateName(value) ? value : null;
}
