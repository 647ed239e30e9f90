/**
 * An amount of dollars as people type it: "90000", "90,000", "$90,000", "$90k", "1.5k",
 * "$1,050.50". Not a .server module: the staff form and the browse filters read it in
 * the browser too. Thousands are grouped by commas only (a dot is always the decimal
 * point: "1.050" is one dollar and five cents, not a thousand and fifty).
 */

const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?\s*(k)?$/i;

/** The amount a text names, or null when it is not an amount of dollars (blank included). */
export function readDollars(text: string): number | null {
  const match = DOLLARS.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  const amount = Number(`${(match[1] ?? "0").replaceAll(",", "")}${match[2] ?? ""}`);
  if (!Number.isFinite(amount)) return null;
  return match[3] ? Math.round(amount * 1000 * 100) / 100 : amount;
}
