import { translationServiceIsSetUp, translateToSpanish } from "~/services/translate.server";
import type { TranslationStatus } from "~/models/spanish-status";

/** Whether a save fills blank Spanish texts (TRANSLATE_URL is set): what the forms' hints say. */
export function machineTranslationIsSetUp(): boolean {
  return translationServiceIsSetUp();
}

/** One Spanish field a save may fill: its English source and the most it may hold. */
export type BlankSpanishField<Field extends string> = { field: Field; english: string; max: number; wanted: boolean };

/**
 * The Spanish texts left blank (those `wanted`), filled by machine translation of their
 * English. Called before any write (never inside a transaction: the service may take
 * seconds). When the service is not set up, fails or is too slow, the blanks stay blank
 * and the status says why; a translation too long for its field counts as failed, and
 * so does a half-done one: a record mixing languages helps nobody.
 */
export async function fillBlankSpanish<Field extends string, Values extends Record<Field, string | null>>(
  values: Values,
  fields: BlankSpanishField<Field>[],
): Promise<{ values: Values; translation: TranslationStatus }> {
  const missing = fields.filter(({ field, wanted }) => wanted && !values[field]?.trim());
  if (!missing.length) return { values, translation: "not_needed" };

  const result = await translateToSpanish(missing.map(({ english }) => english));
  if (result.kind !== "done") return { values, translation: result.kind };
  if (result.texts.some((text, index) => text.length > missing[index].max)) return { values, translation: "failed" };
  const filled = { ...values };
  missing.forEach(({ field }, index) => ((filled as Record<Field, string | null>)[field] = result.texts[index]));
  return { values: filled, translation: "done" };
}
