import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { faqs, type Faq } from "~/db/schema";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { translateToSpanish } from "~/services/translate.server";
import { FAQ_LIMITS, type FaqInput, type TranslationStatus } from "~/models/faq-form";

const ORDER = [asc(faqs.sortOrder), asc(faqs.id)];

export function listActiveFaqs(): Faq[] {
  return db()
    .select()
    .from(faqs)
    .where(eq(faqs.isActive, true))
    .orderBy(...ORDER)
    .all();
}

/** Every FAQ, active or not, in the order the site shows them: the admin's list. */
export function listAllFaqs(): Faq[] {
  return db()
    .select()
    .from(faqs)
    .orderBy(...ORDER)
    .all();
}

export function getFaq(id: number): Faq | undefined {
  return db().select().from(faqs).where(eq(faqs.id, id)).get();
}

/** A FAQ's fields as the JSON calls show them (docs/product.md §3 and §7). */
export function faqJson({ id, question, answer, questionSpanish, answerSpanish, sortOrder, isActive, createdAt, updatedAt }: Faq) {
  return { id, question, answer, questionSpanish, answerSpanish, sortOrder, isActive, createdAt, updatedAt };
}

/**
 * The Spanish texts left blank, filled by machine translation of the English ones.
 * Called before any write (never inside a transaction: the service may take seconds).
 * When the service is not set up, fails or is too slow, the blanks stay blank and
 * the status says why; a translation too long for the field counts as failed.
 */
async function fillSpanish(input: FaqInput): Promise<{ values: FaqInput; translation: TranslationStatus }> {
  const missing = (
    [
      { field: "questionSpanish", english: input.question, max: FAQ_LIMITS.question },
      { field: "answerSpanish", english: input.answer, max: FAQ_LIMITS.answer },
    ] as const
  ).filter(({ field }) => !input[field]);
  if (!missing.length) return { values: input, translation: "not_needed" };

  const result = await translateToSpanish(missing.map(({ english }) => english));
  if (result.kind !== "done") return { values: input, translation: result.kind };
  if (result.texts.some((text, index) => text.length > missing[index].max)) return { values: input, translation: "failed" };
  const values = { ...input };
  missing.forEach(({ field }, index) => (values[field] = result.texts[index]));
  return { values, translation: "done" };
}

// What the change log shows of a FAQ.
const LOGGED_FIELDS = ["question", "answer", "questionSpanish", "answerSpanish", "sortOrder", "isActive"] as const;
const NAMING_FIELDS = ["question", "sortOrder", "isActive"] as const;

/** Adds a FAQ (its blank Spanish translated first); recorded in the change log with `actor`. */
export async function createFaq(input: FaqInput, actor: string): Promise<{ faq: Faq; translation: TranslationStatus }> {
  const { values, translation } = await fillSpanish(input);
  const faq = db().transaction((tx) => {
    const row = tx.insert(faqs).values(values).returning().get();
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
  const faq = db().transaction((tx) => {
    // Read again: it may have been deleted or changed while the translation was made.
    const before = tx.select().from(faqs).where(eq(faqs.id, id)).get();
    if (!before) return undefined;
    const row = tx
      .update(faqs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(faqs.id, id))
      .returning()
      .get();
    recordAudit({ actor, entity: "faq", entityId: id, action: "update", summary: summarizeChanges(before, row, LOGGED_FIELDS) }, tx);
    return row;
  });
  return faq ? { kind: "updated", faq, translation } : { kind: "not_found" };
}

/** True when the FAQ existed and is gone now; the change log records its question. */
export function deleteFaq(id: number, actor: string): boolean {
  return db().transaction((tx) => {
    const row = tx.delete(faqs).where(eq(faqs.id, id)).returning().get();
    if (row) recordAudit({ actor, entity: "faq", entityId: id, action: "delete", summary: summarizeChanges(null, row, NAMING_FIELDS) }, tx);
    return row !== undefined;
  });
}
