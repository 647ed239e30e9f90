/**
 * A form's declaration: the names it posts and the most bytes its body may have. The
 * server reads a post against it (readForm, form-body.server.ts); plain values, so forms
 * shared with the browser can declare theirs beside their schema.
 */
export type FormShape = {
  /** Every name the form posts. */
  readonly fields: readonly string[];
  /** The most bytes its body may have, encoded (see formBytesFor). */
  readonly maxBytes: number;
  /**
   * The names that may come more than once, with the most times each may: a file input
   * taking several files (the uploader's `file`). Every other name comes once at most.
   */
  readonly repeats?: Readonly<Record<string, number>>;
};

/** How many times the form lets `name` come: its `repeats`, or once. */
export function mostTimesOf(shape: FormShape, name: string): number {
  return shape.repeats?.[name] ?? 1;
}

/**
 * The most bytes one character of a text may take in a urlencoded body: three UTF-8
 * bytes, each written as %XX. Caps derived from a form's text limits never refuse text
 * the form itself allows.
 */
const ENCODED_BYTES_PER_CHARACTER = 9;
/** Room for the names, separators and a browser's extra fields. */
const NAMES_ALLOWANCE = 2048;

/** The byte cap of a form whose texts hold at most `characters` characters in all. */
export function formBytesFor(characters: number): number {
  return characters * ENCODED_BYTES_PER_CHARACTER + NAMES_ALLOWANCE;
}

/**
 * The data of the answer a refused post gets (server/form-refusal-routes.ts), thrown as a
 * route error response: its texts already in the visitor's language, since the page's
 * loaders do not run after its action failed.
 */
export type FormRefusedData = { formRefused: true; title: string; error: string; home: string };

/** A form that posts no field at all (a confirmation button). */
export const NO_FIELDS: FormShape = { fields: [], maxBytes: NAMES_ALLOWANCE };

