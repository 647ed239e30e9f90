import { and, count, not, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import type { SpanishToDo } from "./spanish-status";

/**
 * The rules of spanish-status.ts as SQL conditions, so a filter or a count over
 * thousands of homes reads one page and a count, never every row.
 */
export type SpanishColumns = {
  english: SQLiteColumn;
  spanish: SQLiteColumn;
  translatedFrom: SQLiteColumn;
  /** When a blank Spanish text is missing; always, when left out. */
  needed?: SQL;
};

const blank = (column: SQLiteColumn) => sql`trim(coalesce(${column}, '')) = ''`;

export function spanishMissingSql(pairs: SpanishColumns[]): SQL {
  return or(...pairs.map((pair) => (pair.needed ? and(pair.needed, blank(pair.spanish)) : blank(pair.spanish))))!;
}

export function spanishOutdatedSql(pairs: SpanishColumns[]): SQL {
  const changed = pairs.map((pair) => and(not(blank(pair.spanish)), sql`${pair.translatedFrom} is not ${pair.english}`));
  return and(not(spanishMissingSql(pairs)), or(...changed))!;
}

/** The condition for a `?spanish=` filter, or undefined for none. */
export function spanishFilterSql(pairs: SpanishColumns[], filter: SpanishToDo | null): SQL | undefined {
  if (filter === "missing") return spanishMissingSql(pairs);
  if (filter === "outdated") return spanishOutdatedSql(pairs);
  return undefined;
}

/** Both to-do statuses at once: what the Overview counts. */
export function spanishToDoSql(pairs: SpanishColumns[]): SQL {
  return or(spanishMissingSql(pairs), spanishOutdatedSql(pairs))!;
}

/** How many records there are (`all`), and how many have their Spanish missing, and out of date. */
export type SpanishCounts = Record<SpanishToDo | "all", number>;

/** The counts of one table, of the records `within` a search when there is one. */
export function countSpanishToDo(table: SQLiteTable, pairs: SpanishColumns[], within?: SQL): SpanishCounts {
  const rows = (where?: SQL) => db().select({ n: count() }).from(table).where(and(within, where)).get()?.n ?? 0;
  return { all: rows(), missing: rows(spanishMissingSql(pairs)), outdated: rows(spanishOutdatedSql(pairs)) };
}
