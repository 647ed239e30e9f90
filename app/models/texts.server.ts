import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { textEntries, type TextEntry } from "~/db/schema";
import type { Language } from "~/utils/locale";
import type { Messages } from "~/utils/translate";

export type Dictionary = Record<Language, Messages>;

// Every page needs the dictionary; it changes only when an admin edits an entry.
let cachedDictionary: Dictionary | null = null;

export function listTextEntries(): TextEntry[] {
  return db().select().from(textEntries).orderBy(asc(textEntries.key)).all();
}

export function getDictionary(): Dictionary {
  if (!cachedDictionary) {
    const en: Messages = {};
    const es: Messages = {};
    for (const entry of listTextEntries()) {
      en[entry.key] = entry.englishText;
      es[entry.key] = entry.spanishText;
    }
    cachedDictionary = { en, es };
  }
  return cachedDictionary;
}

export function clearDictionaryCache() {
  cachedDictionary = null;
}

export function updateTextEntry(
  id: number,
  values: { key: string; englishText: string; spanishText: string },
): TextEntry | undefined {
  const updated = db()
    .update(textEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(textEntries.id, id))
    .returning()
    .get();
  clearDictionaryCache();
  return updated;
}

/** Adds the entries whose keys are missing; existing (possibly edited) texts are kept. */
export function insertMissingTextEntries(entries: { key: string; en: string; es: string }[]): number {
  const rows = entries.map((entry) => ({ key: entry.key, englishText: entry.en, spanishText: entry.es }));
  if (!rows.length) return 0;
  let inserted = 0;
  db().transaction((tx) => {
    for (const row of rows) {
      const result = tx.insert(textEntries).values(row).onConflictDoNothing({ target: textEntries.key }).run();
      inserted += result.changes;
    }
  });
  clearDictionaryCache();
  return inserted;
}
