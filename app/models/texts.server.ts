import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { textEntries, type TextEntry } from "~/db/schema";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { isLinkEntryKey } from "~/utils/link-rules";
import type { Language } from "~/utils/locale";
import type { SpanishStatus } from "~/models/spanish-status";
import { spanishRules, type SpanishToDoCounts } from "~/models/spanish-status.server";
import type { Messages } from "~/utils/translate";

export type Dictionary = Record<Language, Messages>;

/** One language's dictionary as the browser loads it: its JSON and a hash of that JSON. */
export type TextsFile = { version: string; json: string };

// Every page needs the dictionary; it changes only when an admin edits an entry, through
// this process or another one on the same database file. This process's own edits empty
// it; another connection's commits change SQLite's data_version, read on every use, so a
// second process's edit shows here too (then within the page cache's lifetime).
let cachedDictionary: { dictionary: Dictionary; files: Record<Language, TextsFile>; dataVersion: number } | null = null;

/** Changes whenever another connection (another process) commits to the database. */
function dataVersion(): number {
  return db().$client.pragma("data_version", { simple: true }) as number;
}

export function listTextEntries(): TextEntry[] {
  return db().select().from(textEntries).orderBy(asc(textEntries.key)).all();
}

/**
 * A link entry's blank Spanish is no gap: the Spanish site links where the English one
 * does (link-rules.ts). Every other entry needs its Spanish.
 */
const SPANISH = spanishRules<TextEntry>(textEntries, [
  {
    label: "English text",
    english: "englishText",
    spanish: "spanishText",
    translatedFrom: "translatedFrom",
    // isLinkEntryKey in SQL: a key starting "links." or ending "_url".
    needed: { row: (entry) => !isLinkEntryKey(entry.key), sql: sql`not (${textEntries.key} like 'links.%' or substr(${textEntries.key}, -4) = '_url')` },
  },
]);

export function textSpanishStatus(entry: TextEntry): SpanishStatus {
  return SPANISH.status(entry);
}

/** A tab's card's Spanish: its status, and the English changes when it is out of date. */
export function textSpanishCard(entry: TextEntry) {
  return SPANISH.card(entry);
}

/** The Overview's "Spanish to do" for site texts. */
export function textSpanishToDo(): SpanishToDoCounts {
  return SPANISH.toDo();
}

/**
 * Case-insensitive "contains" over the key, the English and the Spanish text. The
 * dictionary is a few hundred rows, so it is filtered here, where lowercasing also
 * covers accented letters (SQLite's lower() knows ASCII only).
 */
export function searchTextEntries(query: string): TextEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  const entries = listTextEntries();
  if (!needle) return entries;
  return entries.filter((entry) =>
    [entry.key, entry.englishText, entry.spanishText].some((text) => text.toLocaleLowerCase().includes(needle)),
  );
}

/** An entry's fields as the JSON calls show them (docs/product.md §7). */
export function textEntryJson({ id, key, englishText, spanishText, createdAt, updatedAt }: TextEntry) {
  return { id, key, englishText, spanishText, createdAt, updatedAt };
}

export function getTextEntry(id: number): TextEntry | undefined {
  return db().select().from(textEntries).where(eq(textEntries.id, id)).get();
}

function currentDictionary(): NonNullable<typeof cachedDictionary> {
  // Read before the entries: a commit in between makes the next use read them again.
  const version = dataVersion();
  if (cachedDictionary?.dataVersion !== version) {
    const en: Messages = {};
    const es: Messages = {};
    for (const entry of listTextEntries()) {
      en[entry.key] = entry.englishText;
      // A Spanish text left blank shows the English one rather than nothing.
      es[entry.key] = entry.spanishText.trim() ? entry.spanishText : entry.englishText;
    }
    cachedDictionary = { dictionary: { en, es }, files: { en: textsFile(en), es: textsFile(es) }, dataVersion: version };
  }
  return cachedDictionary;
}

/** The entries are read in key order, so the same texts always make the same JSON and hash. */
function textsFile(messages: Messages): TextsFile {
  const json = JSON.stringify(messages);
  return { json, version: crypto.createHash("sha256").update(json).digest("hex").slice(0, 12) };
}

export function getDictionary(): Dictionary {
  return currentDictionary().dictionary;
}

/**
 * A language's dictionary as one file (`/texts/{language}.json`), with its version: the
 * first 12 hex digits of the SHA-256 of that JSON, which changes with any edit of a text
 * of that language. Pages name the file by its version so the browser may keep it for good.
 */
export function getTextsFile(language: Language): TextsFile {
  return currentDictionary().files[language];
}

/** A language's dictionary and the version of the file that holds it, read together. */
export function getTexts(language: Language): { version: string; messages: Messages } {
  const { dictionary, files } = currentDictionary();
  return { version: files[language].version, messages: dictionary[language] };
}

export function getDictionaryVersion(language: Language): string {
  return getTextsFile(language).version;
}

export function clearDictionaryCache() {
  cachedDictionary = null;
}

export type UpdateTextEntryResult = { kind: "updated"; entry: TextEntry } | { kind: "key_changed" } | { kind: "not_found" };

/**
 * Edits an entry's texts. The site looks texts up by key, so the key names the entry
 * and is never changed: values with another key are refused and nothing is written.
 * The change log records, with `actor`, the key and the language(s) changed.
 */
export function updateTextEntry(
  entry: TextEntry,
  values: { key: string; englishText: string; spanishText: string },
  actor: string,
): UpdateTextEntryResult {
  if (values.key !== entry.key) return { kind: "key_changed" };
  const updated = writeTransaction((tx) => {
    const before = tx.select().from(textEntries).where(eq(textEntries.id, entry.id)).get();
    if (!before) return undefined;
    const row = tx
      .update(textEntries)
      .set({
        englishText: values.englishText,
        spanishText: values.spanishText,
        ...SPANISH.translatedFrom({ ...before, ...values }, before),
        updatedAt: new Date(),
      })
      .where(eq(textEntries.id, entry.id))
      .returning()
      .get();
    const changes = summarizeChanges(before, row, ["englishText", "spanishText"]);
    recordAudit({ actor, entity: "text", entityId: entry.id, action: "update", summary: `${entry.key}: ${changes}` }, tx);
    return row;
  });
  clearDictionaryCache();
  // Gone between the read and the write (no delete exists today, but the answer stays true).
  return updated ? { kind: "updated", entry: updated } : { kind: "not_found" };
}

/**
 * "Spanish is still correct": the Spanish text as it is is recorded as written against
 * today's English. Not an edit: updatedAt keeps its value. False when there is no such entry.
 */
export function confirmTextSpanish(id: number, actor: string): boolean {
  return writeTransaction((tx) => {
    const row = tx.select().from(textEntries).where(eq(textEntries.id, id)).get();
    if (!row) return false;
    tx.update(textEntries)
      .set({ ...SPANISH.translatedFrom(row, null), updatedAt: sql`${textEntries.updatedAt}` })
      .where(eq(textEntries.id, id))
      .run();
    recordAudit({ actor, entity: "text", entityId: id, action: "spanish-confirmed", summary: row.key }, tx);
    return true;
  });
}

/** Adds the entries whose keys are missing; existing (possibly edited) texts are kept. */
export function insertMissingTextEntries(entries: { key: string; en: string; es: string }[]): number {
  const rows = entries.map((entry) => ({ key: entry.key, englishText: entry.en, spanishText: entry.es, translatedFrom: entry.es.trim() ? entry.en : null }));
  if (!rows.length) return 0;
  let inserted = 0;
  writeTransaction((tx) => {
    for (const row of rows) {
      const result = tx.insert(textEntries).values(row).onConflictDoNothing({ target: textEntries.key }).run();
      inserted += result.changes;
    }
  });
  clearDictionaryCache();
  return inserted;
}
