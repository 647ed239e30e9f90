/**
 * The readings of a listing's texts that the public pages make in the browser: whether a
 * price says itself that it is a sale, and a room count. Apart from price.ts (the full
 * price reading, which only the server and the staff form need), so a visitor's first
 * load carries these few lines only.
 */

export const SALE_WORDS = /\b(for\s+sale|sale|sell|selling|sold|purchase|buy|venta|vende|vendo|compra|precio\s+de\s+venta)\b/i;

/** Whether a price text says itself that it is a sale ('$89,900 for sale', 'En venta $64,500'). */
export function saysSale(text: string): boolean {
  return SALE_WORDS.test(text);
}

/**
 * A count of rooms for "at least" filters: '3' is 3, '2.5' is 2.5, '2+' is 2, '3-4'
 * is 3 (where a range starts), 'Studio' or 'Estudio' is 0; anything else is none.
 */
export function readRoomCount(text: string | null | undefined): number | null {
  if (!text) return null;
  if (/\b(studio|estudio|efficiency)\b/i.test(text)) return 0;
  const match = /\d+(?:[.,]\d+)?/.exec(text);
  if (!match) return null;
  const value = Number(match[0].replace(",", "."));
  return Number.isFinite(value) ? value : null;
}
