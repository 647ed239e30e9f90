import type { BrowseFilters } from "./browse-query";
import type { Language } from "~/utils/locale";
import { longDay } from "~/utils/long-day";
import type { Translate } from "~/utils/translate";

const dollars = (amount: number, language: Language) => `$${amount.toLocaleString(language === "es" ? "es-US" : "en-US")}`;

/**
 * The groups of a search's filters, each named by its first field: the place and its
 * miles are one, and so is the price range. What "Without …" removes from an empty list.
 */
export const FILTER_GROUPS = [["near", "within"], ["kind"], ["minPrice", "maxPrice"], ["beds"], ["baths"], ["pets"], ["homeType"], ["senior"], ["availableBy"], ["q"]] as const satisfies readonly (keyof BrowseFilters)[][];
export type FilterGroup = (typeof FILTER_GROUPS)[number][0];

/** Each filter of a search in words, with its group: [["beds", "2+ beds"], ["q", "“Oak”"]]. */
export function searchParts(filters: BrowseFilters, t: Translate, language: Language): [FilterGroup, string][] {
  const parts: [FilterGroup, string][] = [];
  if (filters.near) {
    const place = filters.near.name;
    parts.push(["near", filters.within === "any" || filters.within === null ? t("alerts.search.near", undefined, { place }) : t("alerts.search.within", undefined, { n: filters.within, place })]);
  }
  if (filters.kind) parts.push(["kind", t(`browse.kind_${filters.kind}`)]);
  const { minPrice: low, maxPrice: high } = filters;
  if (low !== null && high !== null) {
    const [from, to] = low > high ? [high, low] : [low, high];
    parts.push(["minPrice", t("alerts.search.price_between", undefined, { from: dollars(from, language), to: dollars(to, language) })]);
  } else if (low !== null) parts.push(["minPrice", t("alerts.search.price_from", undefined, { amount: dollars(low, language) })]);
  else if (high !== null) parts.push(["minPrice", t("alerts.search.price_to", undefined, { amount: dollars(high, language) })]);
  if (filters.beds !== null) parts.push(["beds", t("alerts.search.beds", undefined, { n: filters.beds })]);
  if (filters.baths !== null) parts.push(["baths", t("alerts.search.baths", undefined, { n: filters.baths })]);
  if (filters.pets) parts.push(["pets", t(`browse.pets_${filters.pets}`)]);
  if (filters.homeType) parts.push(["homeType", t(`home_type.${filters.homeType}`)]);
  if (filters.senior) parts.push(["senior", t("alerts.search.senior")]);
  if (filters.availableBy) parts.push(["availableBy", t("alerts.search.available_by", undefined, { date: longDay(filters.availableBy, language) })]);
  if (filters.q) parts.push(["q", `“${filters.q}”`]);
  return parts;
}

/**
 * A search in words, for the form, the mails and the list of a visitor's alerts:
 * "Within 25 miles of Denton, TX · Rent · $800 to $1,500 · 2+ beds · “Oak”", or "Every available home".
 */
export function describeSearch(filters: BrowseFilters, t: Translate, language: Language): string {
  const parts = searchParts(filters, t, language).map(([, words]) => words);
  return parts.length ? parts.join(" · ") : t("alerts.search.all");
}
