/**
 * Characters a visitor's text (decision 034) or a staff member's (decision 041) may not
 * carry into a mail, a page or the change log:
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

/**
 * Anything a multi-line text (a description, an answer) refuses: what a line refuses
 * but its line breaks (CR, LF, U+2028, U+2029) and tabs.
 */
const NOT_IN_A_TEXT = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`);

/** Every character a one-line field refuses, to find them all in a text. */
const EVERY_NOT_IN_A_LINE = new RegExp(NOT_IN_A_LINE.source, "g");

/** Any way of ending a line: CRLF, a lone CR or LF, and Unicode's line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

export function fitsOnOneLine(value: string): boolean {
  return !NOT_IN_A_LINE.test(value);
}

/** Whether a multi-line text holds no control character but line breaks and tabs, and no bidirectional control. */
export function fitsInText(value: string): boolean {
  return !NOT_IN_A_TEXT.test(value);
}

/** How staff are told why a one-line field was refused: `${label} ${ONE_LINE_RULE}`. */
export const ONE_LINE_RULE = "must be one line, without control characters or text direction overrides (such as NUL, ESC or U+202E)";
/** How staff are told why a multi-line text was refused: `${label} ${TEXT_RULE}`. */
export const TEXT_RULE = "may not contain control characters or text direction overrides (such as NUL, ESC or U+202E); line breaks and tabs are fine";

/** A name made one line by dropping, not replacing, each character a line refuses (an uploaded file's name). */
export function withoutLineControls(value: string): string {
  return value.replace(EVERY_NOT_IN_A_LINE, "");
}

/**
 * A text for the change log: each character a line refuses shown as its escape
 * ("\u202E", "\u0000"), so a stored override or line break can neither reorder nor
 * split the line it is shown in, and still says what was there.
 */
export function showControlCharacters(value: string): string {
  return value.replace(EVERY_NOT_IN_A_LINE, (character) => `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
}

/** A multi-line text with "\n" for each line break, tabs kept, every other control removed. */
export function cleanMultilineText(value: string): string {
  return value.replace(LINE_BREAK, "\n").replace(DROPPED_FROM_TEXT, "");
}

/** A text made one line (a mail header, a line of a mail): controls removed, any run of white space one space. */
export function cleanOneLine(value: string): string {
  return cleanMultilineText(value).replace(/\s+/g, " ").trim();
}
