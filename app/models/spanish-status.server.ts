import { and, count, getTableColumns, not, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import { spanishStatus, translatedFromAfterSave, type SpanishChange, type SpanishStatus, type SpanishToDo } from "./spanish-status";

/**
 * One English text of a table and its Spanish, by field name. `needed` says when a
 * blank Spanish text is a gap, once for a row and once as SQL (the same rule); a
 * Spanish text is always needed when it is left out.
 */
export type SpanishField<Row> = {
  /** How the back office names the English text ("Description"). */
  label: string;
  english: keyof Row & string;
  spanish: keyof Row & string;
  translatedFrom: keyof Row & string;
  needed?: { row: (row: Row) => boolean; sql: SQL };
};

type ColumnPair = { english: SQLiteColumn; spanish: SQLiteColumn; translatedFrom: SQLiteColumn; needed?: SQL };

/** How many records have their Spanish missing, and out of date. */
export type SpanishToDoCounts = Record<SpanishToDo, number>;
/** The same, with how many records there are (`all`): a tab's filter links. */
export type SpanishCounts = SpanishToDoCounts & { all: number };

const blank = (column: SQLiteColumn) => sql`trim(coalesce(${column}, '')) = ''`;

function missingSql(pairs: ColumnPair[]): SQL {
  return or(...pairs.map((pair) => (pair.needed ? and(pair.needed, blank(pair.spanish)) : blank(pair.spanish))))!;
}

function outdatedSql(pairs: ColumnPair[]): SQL {
  const changed = pairs.map((pair) => and(not(blank(pair.spanish)), sql`${pair.translatedFrom} is not ${pair.english}`));
  return and(not(missingSql(pairs)), or(...changed))!;
}

/**
 * The rules of spanish-status.ts for one table, from its fields: a row's status, what a
 * save records as each Spanish text's "translated from", and the same rules as SQL, so
 * a filter or a count over thousands of homes reads one page and a count, never every row.
 */
export type SpanishCard = { spanishStatus: SpanishStatus; spanishChanges: SpanishChange[] };

export function spanishRules<Row>(table: SQLiteTable, fields: SpanishField<Row>[]) {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const pairs: ColumnPair[] = fields.map((field) => ({
    english: columns[field.english],
    spanish: columns[field.spanish],
    translatedFrom: columns[field.translatedFrom],
    needed: field.needed?.sql,
  }));
  const text = (value: unknown) => (value ?? null) as string | null;
  const rowsWhere = (condition: SQL) => sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  // One pass over the records for every count: at thousands of homes each pass reads
  // every row's texts, so the Overview's and a tab's counts are not one pass each.
  const countsIn = (within?: SQL): SpanishCounts => {
    const counted = db()
      .select({ missing: rowsWhere(missingSql(pairs)), outdated: rowsWhere(outdatedSql(pairs)), all: count() })
      .from(table)
      .where(within)
      .get();
    return { missing: Number(counted?.missing ?? 0), outdated: Number(counted?.outdated ?? 0), all: counted?.all ?? 0 };
  };
  const toDo = (within?: SQL): SpanishToDoCounts => {
    const { missing, outdated } = countsIn(within);
    return { missing, outdated };
  };

  const status = (row: Row): SpanishStatus =>
    spanishStatus(
      fields.map((field) => ({
        english: text(row[field.english]) ?? "",
        spanish: text(row[field.spanish]),
        translatedFrom: text(row[field.translatedFrom]),
        needed: field.needed?.row(row) ?? true,
      })),
    );
  /** The English texts changed since their Spanish was written (a row out of date): each as it was then and as it is now. */
  const changes = (row: Row): SpanishChange[] =>
    fields.flatMap((field) => {
      const now = text(row[field.english]) ?? "";
      const was = text(row[field.translatedFrom]);
      const spanish = text(row[field.spanish]);
      return spanish?.trim() && was !== now ? [{ label: field.label, was: was ?? "", now }] : [];
    });

  return {
    status,
    /**
     * What a tab's card shows of the row's Spanish: its status and, only when it is out
     * of date (the card shows them beside "Spanish is still correct"), the English changes.
     */
    card(row: Row): SpanishCard {
      const spanishStatus = status(row);
      return { spanishStatus, spanishChanges: spanishStatus === "outdated" ? changes(row) : [] };
    },
    /** The "translated from" fields of a save of `values` over `before` (none: a new record, or "still correct"). */
    translatedFrom(values: Row, before: Row | null): Partial<Row> {
      const entries = fields.map((field) => [
        field.translatedFrom,
        translatedFromAfterSave({
          english: text(values[field.english]) ?? "",
          spanish: text(values[field.spanish]),
          before: before && { spanish: text(before[field.spanish]), translatedFrom: text(before[field.translatedFrom]) },
        }),
      ]);
      return Object.fromEntries(entries) as Partial<Row>;
    },
    /** The condition for a `?spanish=` filter, or undefined for none. */
    filterSql(filter: SpanishToDo | null): SQL | undefined {
      if (filter === "missing") return missingSql(pairs);
      if (filter === "outdated") return outdatedSql(pairs);
      return undefined;
    },
    /** The Overview's count: records with their Spanish missing, and out of date. */
    toDo,
    /** A tab's counts, of the records `within` a search; `all`: the caller's own count when it has one. */
    counts(within?: SQL, all?: number): SpanishCounts {
      const counted = countsIn(within);
      return { ...counted, all: all ?? counted.all };
    },
  };
}
