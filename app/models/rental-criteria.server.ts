import { like } from "drizzle-orm";
import { db } from "~/db/client.server";
import { DICTIONARY } from "~/db/dictionary";
import { textEntries } from "~/db/schema";
import { RENTAL_CRITERIA_TEXTS } from "./rental-criteria";

// The texts that state the office's rules (not the titles).
const RULES = new Map(DICTIONARY.filter((entry) => entry.key.startsWith(RENTAL_CRITERIA_TEXTS) && entry.key.endsWith(".text")).map((entry) => [entry.key, entry.en]));

/**
 * How many of the rental criteria's rules still read as the seeded example: the Overview
 * asks the office to review them, as they state rules only the office can vouch for. A
 * rule whose English was edited counts as reviewed.
 */
export function criteriaTextsAsSeeded(): number {
  const rows = db()
    .select({ key: textEntries.key, englishText: textEntries.englishText })
    .from(textEntries)
    .where(like(textEntries.key, `${RENTAL_CRITERIA_TEXTS}%`))
    .all();
  return rows.filter((row) => RULES.has(row.key) && RULES.get(row.key) === row.englishText).length;
}
