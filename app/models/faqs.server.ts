import { asc, eq, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { faqs, type Faq } from "~/db/schema";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { FAQ_LIMITS, type FaqInput } from "~/models/faq-form";
import { fillBlankSpanish } from "~/models/machine-translation.server";
import type { SpanishStatus, SpanishToDo, TranslationStatus } from "~/models/spanish-status";
import { spanishRules, type SpanishCounts, type SpanishToDoCounts } from "~/models/spanish-status.server";

const ORDER = [asc(faqs.sortOrder), asc(faqs.id)];

export function listActiveFaqs(): Faq[] {
  return db()
    .select()
    .from(faqs)
    .where(eq(faqs.isActive, true))
    .orderBy(...ORDER)
    .all();
}

const SPANISH = spanishRules<Faq>(faqs, [
  { label: "Question", english: "question", spanish: "questionSpanish", translatedFrom: "questionTranslatedFrom" },
  { label: "Answer", english: "answer", spanish: "answerSpanish", translatedFrom: "answerTranslatedFrom" },
]);

/** Every FAQ, active or not, in the order the site shows them: the admin's list, or those whose Spanish is to do. */
export function listAllFaqs(spanish: SpanishToDo | null = null): Faq[] {
  return db()
    .select()
    .from(faqs)
    .where(SPANISH.filterSql(spanish))
    .orderBy(...ORDER)
    .all();
}

export function faqSpanishStatus(faq: Faq): SpanishStatus {
  return SPANISH.status(faq);
}

/** A tab's card's Spanish: its status, and the English changes when it is out of date. */
export function faqSpanishCard(faq: Faq) {
  return SPANISH.card(faq);
}

/** How many FAQs there are, and how many, active or not, have their Spanish missing and out of date. */
export function faqSpanishCounts(): SpanishCounts {
  return SPANISH.counts();
}

/** The Overview's "Spanish to do" for FAQs. */
export function faqSpanishToDo(): SpanishToDoCounts {
  return SPANISH.toDo();
}

/** What each Spanish text of a saved FAQ was written against (spanish-status.ts). */
function translatedFrom(values: FaqInput, before: Faq | null) {
  return SPANISH.translatedFrom(values as Faq, before);
}

export function getFaq(id: number): Faq | undefined {
  return db().select().from(faqs).where(eq(faqs.id, id)).get();
}

/** A FAQ's fields as the JSON calls show them (docs/product.md §3 and §7). */
export function faqJson({ id, question, answer, questionSpanish, answerSpanish, sortOrder, isActive, createdAt, updatedAt }: Faq) {
  return { id, question, answer, questionSpanish, answerSpanish, sortOrder, isActive, createdAt, updatedAt };
}

/** The blank Spanish texts of a FAQ, machine-translated when a service is set up. */
function fillSpanish(input: FaqInput) {
  return fillBlankSpanish(input, [
    { field: "questionSpanish", english: input.question, max: FAQ_LIMITS.question, wanted: true },
    { field: "answerSpanish", english: input.answer, max: FAQ_LIMITS.answer, wanted: true },
  ]);
}

// What the change log shows of a FAQ.
const LOGGED_FIELDS = ["question", "answer", "questionSpanish", "answerSpanish", "sortOrder", "isActive"] as const;
const NAMING_FIELDS = ["question", "sortOrder", "isActive"] as const;

/** Adds a FAQ (its blank Spanish translated first); recorded in the change log with `actor`. */
export async function createFaq(input: FaqInput, actor: string): Promise<{ faq: Faq; translation: TranslationStatus }> {
  const { values, translation } = await fillSpanish(input);
  const faq = writeTransaction((tx) => {
    const row = tx
      .insert(faqs)
      .values({ ...values, ...translatedFrom(values, null) })
      .returning()
      .get();
    recordAudit({ actor, entity: "faq", entityId: row.id, action: "create", summary: summarizeChanges(null, row, NAMING_FIELDS) }, tx);
    return row;
  });
  return { faq, translation };
}

export type UpdateFaqResult = { kind: "updated"; faq: Faq; translation: TranslationStatus } | { kind: "not_found" };

export async function updateFaq(id: number, input: FaqInput, actor: string): Promise<UpdateFaqResult> {
  // Nothing is translated for a FAQ that does not exist.
  if (!getFaq(id)) return { kind: "not_found" };
  const { values, translation } = await fillSpanish(input);
  const faq = writeTransaction((tx) => {
    // Read again: it may have been deleted or changed while the translation was made.
    const before = tx.select().from(faqs).where(eq(faqs.id, id)).get();
    if (!before) return undefined;
    const row = tx
      .update(faqs)
      .set({ ...values, ...translatedFrom(values, before), updatedAt: new Date() })
      .where(eq(faqs.id, id))
      .returning()
      .get();
    recordAudit({ actor, entity: "faq", entityId: id, action: "update", summary: summarizeChanges(before, row, LOGGED_FIELDS) }, tx);
    return row;
  });
  return faq ? { kind: "updated", faq, translation } : { kind: "not_found" };
}

/**
 * "Spanish is still correct": the Spanish texts as they are are recorded as written
 * against today's English, so an out-of-date FAQ is up to date again. Not an edit:
 * updatedAt keeps its value. False when there is no such FAQ.
 */
export function confirmFaqSpanish(id: number, actor: string): boolean {
  return writeTransaction((tx) => {
    const row = tx.select().from(faqs).where(eq(faqs.id, id)).get();
    if (!row) return false;
    tx.update(faqs)
      .set({ ...translatedFrom(row, null), updatedAt: sql`${faqs.updatedAt}` })
      .where(eq(faqs.id, id))
      .run();
    recordAudit({ actor, entity: "faq", entityId: id, action: "spanish-confirmed", summary: summarizeChanges(null, row, ["question"]) }, tx);
    return true;
  });
}

/** True when the FAQ existed and is gone now; the change log records its question. */
export function deleteFaq(id: number, actor: string): boolean {
  return writeTransaction((tx) => {
    const row = tx.delete(faqs).where(eq(faqs.id, id)).returning().get();
    if (row) recordAudit({ actor, entity: "faq", entityId: id, action: "delete", summary: summarizeChanges(null, row, NAMING_FIELDS) }, tx);
    return row !== undefined;
  });
}
