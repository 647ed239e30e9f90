/**
 * The rental criteria page's texts (docs/product.md, "What it costs"): dictionary entries
 * under `criteria.`, edited in the Text tab like every public text. They are seeded with
 * an example the office must review; the Overview says so while any is as seeded.
 */
export const RENTAL_CRITERIA_TEXTS = "criteria.";

/** The page's sections, in order: each a title and a text in the dictionary. */
export const RENTAL_CRITERIA_SECTIONS = ["income", "history", "credit", "background", "occupancy", "pets", "fair_housing"] as const;
