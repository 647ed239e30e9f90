/**
 * Characters a visitor's text may not carry into a mail or a screen (decision 034):
 * C0 controls (NUL, CR, LF, tab, ESC ...), DEL and C1 controls, which can start a new
 * line or header, cut a string short or drive a terminal; the bidirectional embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make a text display in
 * an order other than the one it is read in ("Trojan Source"); and in a one-line field
 * the line and paragraph separators U+2028 and U+2029.
 *
 * The marks U+200E, U+200F and U+061C are allowed: they change the direction of the
 * neutral characters beside them only, cannot reverse a run of text, and belong in
 * names written in Arabic or Hebrew.
 */

const BIDI_CONTROLS = "\\u202A-\\u202E\\u2066-\\u2069";

/** Anything a one-line field (a name, a phone number) refuses. */
const NOT_IN_A_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029${BIDI_CONTROLS}]`);

/** What a multi-line text loses once its line breaks are "\n": every control but "\n" and tab. */
const DROPPED_FROM_TEXT = new RegExp(`[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`, "g");

/** Any way of ending a line: CRLF, a lone CR or LF, and Unicode's line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

export function fitsOnOneLine(value: string): boolean {
  return !NOT_IN_A_LINE.test(value);
}

/** A multi-line text with "\n" for each line break, tabs kept, every other control removed. */
export function cleanMultilineText(value: string): string {
  return value.replace(LINE_BREAK, "\n").replace(DROPPED_FROM_TEXT, "");
}

/** A text made one line (a mail header, a line of a mail): controls removed, any run of white space one space. */
export function cleanOneLine(value: string): string {
  return cleanMultilineText(value).replace(/\s+/g, " ").trim();
}
