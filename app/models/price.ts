/**
 * Reading a number out of a listing's free-text price (a listing keeps its price as text:
 * '$1,150/month', '$89,900', 'Desde $950 al mes', 'Call for price'), so that homes can
 * be filtered and sorted by what they cost. Not a .server module: the property form
 * shows the reading as the admin types.
 *
 * The rules, in order:
 * - The first amount in the text counts ('$900 - $1,100/mo' reads 900: a range is
 *   listed by where it starts). Digits grouped by ',' or '.' in threes are thousands
 *   ('1,150', '1.150' as Spanish writes it); a final ',' or '.' with one or two digits
 *   is cents. A 'k' or 'm' right after the number multiplies it.
 * - Words for a period make it rent per month: month, mo, monthly, mes, mensual
 *   ('/mo', 'al mes'); week (×52/12) and year (÷12) are turned into a month. Words
 *   for a sale (sale, sell, venta, vende, purchase, compra) make it a sale. Rent words
 *   (rent, renta, alquiler, lease) without a period are rent per month too.
 * - A bare amount is a sale from 20,000 up and a monthly rent below it: no home in
 *   the company's market sells for less, and no lot or home rents for more a month.
 * - No digits ('Call for price', 'Llame para precio') read as nothing.
 */

// The few readings the public pages make themselves live apart, so that the browser's
// first load of a page carries them without the rest (the staff form's reading).
import { SALE_WORDS } from "./price-words";

export { readRoomCount, saysSale } from "./price-words";

export const PRICE_KINDS = ["rent", "sale"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export type PriceReading = { amount: number; kind: PriceKind };

const SALE_FROM = 20_000;

const WEEK_WORDS = /(\/\s*(wk|week)\b|\b(per|a|each)\s+week\b|\bweekly\b|\bsemana(l|s)?\b|\bpor\s+semana\b|\/\s*sem\b)/i;
const YEAR_WORDS = /(\/\s*(yr|year|a(ñ|n)o)\b|\b(per|a|each)\s+year\b|\byearly\b|\bannual(ly)?\b|\banual\b|\bal\s+a(ñ|n)o\b)/i;
const MONTH_WORDS = /(\/\s*(mo|mth|month|mes)\b|\b(per|a|each)\s+month\b|\bmonthly\b|\bmo\.|\bmes(es)?\b|\bmensual(es)?\b|\bal\s+mes\b|\bpor\s+mes\b|\bmonth\b)/i;
const RENT_WORDS = /\b(rent|rental|renta|rento|alquiler|arriendo|lease|leasing)\b/i;

// An amount: digits with optional thousands groups and cents, and an optional k / m.
const AMOUNT = String.raw`(\d{1,3}(?:([.,])\d{3})(?:\2\d{3})*(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d))(?:\s?(k|m|mil)\b)?`;
// An amount after a currency sign wins over one before it ('2 BR, $800/mo' is 800).
const AMOUNT_AFTER_SIGN = new RegExp(String.raw`(?:\$|usd|us\$)\s*` + AMOUNT, "i");
const ANY_AMOUNT = new RegExp(AMOUNT, "i");

function readAmount(text: string): number | null {
  const match = AMOUNT_AFTER_SIGN.exec(text) ?? ANY_AMOUNT.exec(text);
  if (!match) return null;
  let digits = match[1];
  const groupSeparator = match[2];
  if (groupSeparator) {
    // '1,150' or '1.150' (thousands), perhaps with cents after the other mark.
    const centsMatch = /[.,](\d{1,2})$/.exec(digits);
    let cents = "";
    if (centsMatch && digits[digits.length - centsMatch[0].length] !== groupSeparator) {
      cents = centsMatch[1];
      digits = digits.slice(0, -centsMatch[0].length);
    }
    digits = digits.split(groupSeparator).join("") + (cents ? `.${cents}` : "");
  } else {
    digits = digits.replace(",", ".");
  }
  let amount = Number(digits);
  if (!Number.isFinite(amount)) return null;
  const scale = match[3]?.toLowerCase();
  if (scale === "k" || scale === "mil") amount *= 1_000;
  if (scale === "m") amount *= 1_000_000;
  return Math.round(amount * 100) / 100;
}

/** The amount and kind a price text names, or null when it names none. */
export function readPrice(text: string | null | undefined): PriceReading | null {
  if (!text) return null;
  const amount = readAmount(text);
  if (amount === null || amount <= 0) return null;
  if (SALE_WORDS.test(text) && !MONTH_WORDS.test(text) && !WEEK_WORDS.test(text)) return { amount, kind: "sale" };
  if (WEEK_WORDS.test(text)) return { amount: Math.round(((amount * 52) / 12) * 100) / 100, kind: "rent" };
  if (YEAR_WORDS.test(text) && !SALE_WORDS.test(text)) return { amount: Math.round((amount / 12) * 100) / 100, kind: "rent" };
  if (MONTH_WORDS.test(text) || RENT_WORDS.test(text)) return { amount, kind: "rent" };
  return { amount, kind: kindOfBareAmount(amount) };
}

/** A bare amount's kind: a sale from 20,000 up, a month's rent below. */
export function kindOfBareAmount(amount: number): PriceKind {
  return amount >= SALE_FROM ? "sale" : "rent";
}

/** The English text first, the Spanish one when the English names no amount. */
export function readListingPrice(price: string | null | undefined, priceSpanish?: string | null): PriceReading | null {
  return readPrice(price) ?? readPrice(priceSpanish);
}

/**
 * A square footage written as a number: '1,216' is 1216, '1200-1400' is 1200 (where a
 * range starts), '924 sq ft' is 924; 'N/A' or 'Varies' is none. The migration that
 * gave today's homes their facts reads them the same way (0013_home_facts.sql).
 */
export function readSquareFeet(text: string | null | undefined): number | null {
  const match = /^\d+/.exec((text ?? "").trim().replaceAll(",", ""));
  if (!match) return null;
  const value = Number(match[0]);
  return value >= 1 && value <= 100_000 ? value : null;
}
