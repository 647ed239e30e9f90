import { or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { db } from "./client.server";

/**
 * Case-insensitive "contains" over some columns, in SQL, so a search over thousands of
 * rows reads one page and a count, never every row. SQLite's LIKE folds ASCII letters
 * only; a search with other letters (Peñasco, ÁLAMO) goes through `casefold`, a function
 * registered on the connection that lowercases as JavaScript does. Calling JavaScript for
 * every row costs about three times a LIKE, so a LIKE with `_` for each of those letters
 * ("%pe_asco%") runs first and only the rows it lets through are casefolded: a search
 * over 100,000 messages that matches nothing then takes as long as an ASCII one.
 */

const registered = new WeakSet<object>();

function ensureCasefold() {
  const client = db().$client;
  if (registered.has(client)) return;
  client.function("casefold", { deterministic: true }, (value: unknown) => (typeof value === "string" ? value.toLocaleLowerCase() : value));
  registered.add(client);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The condition, or undefined for a blank search (no filter). A column may also be an
 * expression, e.g. a full name: sql`${first} || ' ' || ${last}`.
 */
export function containsText(columns: (SQLiteColumn | SQL)[], query: string): SQL | undefined {
  const needle = needleOf(query);
  if (!needle) return undefined;
  const pattern = `%${escapeLike(needle)}%`;
  if (/^[\x20-\x7e]*$/.test(needle)) {
    return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
  }
  ensureCasefold();
  // A letter and its lower case are one character each (all but a handful of rare ones).
  const rough = `%${[...needle].map((char) => (/^[\x20-\x7e]$/.test(char) ? escapeLike(char) : "_")).join("")}%`;
  return or(...columns.map((column) => sql`(${column} like ${rough} escape '\\' and casefold(${column}) like ${pattern} escape '\\')`));
}

/** What a search looks for: its text trimmed and in lower case; "" finds everything. */
const needleOf = (query: string) => query.trim().toLocaleLowerCase();

/**
 * containsText's condition asked of values already read, in JavaScript: whether any of
 * them contains the search, in any case. The same answer as the SQL for every text but
 * a handful of letters whose lower case is ASCII (the Kelvin sign), which LIKE leaves
 * alone. Search alerts ask it of one home and thousands of searches at once.
 */
export function textContains(values: string[], query: string): boolean {
  const needle = needleOf(query);
  return !needle || values.some((value) => value.toLocaleLowerCase().includes(needle));
}
