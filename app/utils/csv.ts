/**
 * CSV for spreadsheet programs (RFC 4180), written a row at a time so a file of any
 * length can be streamed (the messages-csv note in docs/decisions says why it is ours).
 *
 * - Records end with CRLF. Every text field is put in double quotes, with its double
 *   quotes doubled; line breaks inside a field are kept. Quoting only the fields RFC 4180
 *   requires (a comma, a quote, CR or LF) is not enough: a spreadsheet program that splits
 *   on ";" (Excel where that is the list separator) or on tabs would cut `Ana;=1+1` into
 *   a cell that starts with "=", and a quoted field is one cell whatever the separator.
 * - Formula injection (CSV injection, OWASP): a spreadsheet runs a cell that starts with
 *   =, +, - or @ as a formula, and tab, CR, LF or NUL can hide such a start. Text from
 *   visitors (a name, a message) that starts with one of them, or with its full-width
 *   form, which some spreadsheet programs read the same way, gets a single quote in front,
 *   so it shows as the text it is. Numbers we write ourselves (ids) are not text and stay
 *   bare, as they are.
 * - The file starts with a byte order mark, so Excel reads it as UTF-8 (accents, ñ).
 */

export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

const FORMULA_START = /^[=+\-@\t\r\n\0\uFF1D\uFF0B\uFF0D\uFF20]/;

export type CsvValue = string | number | null | undefined;

/** One field: text guarded against formulas and quoted, a number bare, no value empty. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One record, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
