/**
 * Whether the Spanish of a record keeps up with its English (docs/product.md §4).
 *
 * A record (a home, a FAQ, a site text) has pairs of texts: an English one and its
 * Spanish. Beside each Spanish text the record keeps the English it was written (or last
 * confirmed) against, its "translated from". The record's Spanish is:
 * - missing when a Spanish text it needs is blank (the Spanish site shows the English);
 * - out of date when an English text differs from the one its Spanish was written
 *   against: the English changed after the Spanish was last looked at;
 * - up to date otherwise.
 * Not a .server module: the dashboard's forms work the same out in the browser.
 */

export const SPANISH_STATUSES = ["missing", "outdated", "current"] as const;
export type SpanishStatus = (typeof SPANISH_STATUSES)[number];
/** The statuses staff act on: the dashboard's filters and its "to do" count. */
export type SpanishToDo = Exclude<SpanishStatus, "current">;

export const SPANISH_STATUS_LABELS: Record<SpanishStatus, string> = {
  missing: "Spanish missing",
  outdated: "Spanish out of date",
  current: "Spanish up to date",
};

/** What became of the Spanish texts left blank in a save: machine-translated, or why not. */
export type TranslationStatus = "done" | "not_needed" | "unavailable" | "failed";

/** A filtered list with nothing in it: "No FAQs with Spanish out of date". */
export function noneWithSpanish(plural: string, filter: SpanishToDo): string {
  return `No ${plural} with ${SPANISH_STATUS_LABELS[filter]}`;
}

export const SPANISH_STILL_CORRECT = "Spanish is still correct";
/** The `intent` of a tab's "Spanish is still correct" button. */
export const SPANISH_CONFIRMED_INTENT = "spanish-confirmed";

export const SPANISH_NOTES = {
  outdated: "The English changed and the Spanish did not, so the Spanish is marked out of date until it is updated or marked as still correct.",
  confirmed: "Spanish marked as still correct",
  confirmFailed: "Failed to mark the Spanish as still correct",
} as const;

/** What a save's toast says of a record's Spanish left missing. */
export type MissingSpanishNotes = { failed: string; unavailable: string; blank: string };

/**
 * The note a save's toast adds about the Spanish it leaves to do: missing (and why: the
 * translation failed, no service is set up, or nobody wrote it) or out of date; none
 * when the Spanish is up to date.
 */
export function spanishSaveNote(status: SpanishStatus, translation: TranslationStatus, missing: MissingSpanishNotes): string | null {
  if (status === "outdated") return SPANISH_NOTES.outdated;
  if (status === "current") return null;
  if (translation === "failed") return missing.failed;
  return translation === "unavailable" ? missing.unavailable : missing.blank;
}

/** The toast after a save: 'Success' with the message, and the note about the Spanish when there is one. */
export function savedToast(message: string, note: string | null): { title: string; description: string } {
  return { title: "Success", description: note ? `${message}. ${note}` : message };
}

/** An English text changed since its Spanish was written: shown beside "Spanish is still correct". */
export type SpanishChange = { label: string; was: string; now: string };

export type SpanishPair = {
  english: string;
  spanish: string | null;
  translatedFrom: string | null;
  /** False where a blank Spanish text is right: a price of digits only, a link. */
  needed: boolean;
};

const isBlank = (text: string | null | undefined) => !text?.trim();

export function spanishStatus(pairs: SpanishPair[]): SpanishStatus {
  if (pairs.some((pair) => pair.needed && isBlank(pair.spanish))) return "missing";
  if (pairs.some((pair) => !isBlank(pair.spanish) && pair.translatedFrom !== pair.english)) return "outdated";
  return "current";
}

export function isSpanishToDo(status: SpanishStatus): status is SpanishToDo {
  return status !== "current";
}

/** Reads a `?spanish=` filter: one of the to-do statuses, else no filter. */
export function readSpanishFilter(value: string | null | undefined): SpanishToDo | null {
  return value === "missing" || value === "outdated" ? value : null;
}

/**
 * A price needs its Spanish only when it has words to translate ('$795/month',
 * 'Call for price'); digits and signs alone ('$64,500') read the same in Spanish.
 */
export function priceNeedsSpanish(price: string): boolean {
  return /[A-Za-z]/.test(price);
}

/**
 * What a Spanish text is recorded as written against after a save: the English of this
 * save when the Spanish was written now (new, changed, or made by machine translation),
 * what it was before when the Spanish was left as it was, and nothing when there is
 * no Spanish. So an English edit alone leaves the Spanish out of date.
 */
export function translatedFromAfterSave(pair: {
  english: string;
  spanish: string | null;
  before: { spanish: string | null; translatedFrom: string | null } | null;
}): string | null {
  const { english, spanish, before } = pair;
  if (isBlank(spanish)) return null;
  const keptAsItWas = before !== null && (before.spanish ?? "").trim() === (spanish ?? "").trim();
  return keptAsItWas ? before.translatedFrom : english;
}
