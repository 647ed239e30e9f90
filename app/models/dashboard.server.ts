import { count, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, faqs, media, properties } from "~/db/schema";
import { faqSpanishToDo } from "./faqs.server";
import { propertySpanishToDo } from "./properties.server";
import type { SpanishToDo } from "./spanish-status";
import { textSpanishToDo } from "./texts.server";

/** `allProperties`: every home, public or not (the Properties tab lists them all). */
export type DashboardCounts = { properties: number; allProperties: number; faqs: number; media: number; messages: number };

/**
 * The Overview's four cards. They count what docs/product.md §7 says the dashboard counts: the public
 * lists of properties and FAQs (active ones), all media and all messages.
 */
export function dashboardCounts(): DashboardCounts {
  const database = db();
  const total = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;
  // Both home counts in one pass over the table.
  const homes = database
    .select({ all: count(), active: sql<number>`coalesce(sum(${properties.isActive}), 0)` })
    .from(properties)
    .get();
  return {
    properties: homes?.active ?? 0,
    allProperties: homes?.all ?? 0,
    faqs: total(database.select({ n: count() }).from(faqs).where(eq(faqs.isActive, true))),
    media: total(database.select({ n: count() }).from(media)),
    messages: total(database.select({ n: count() }).from(contactMessages)),
  };
}

type ToDo = Record<SpanishToDo, number>;
export type SpanishToDoCounts = { total: number; properties: ToDo; faqs: ToDo; texts: ToDo };

/**
 * The Overview's "Spanish to do": the homes, FAQs and site texts, active or not (an
 * inactive home is public the moment it is switched on), whose Spanish is missing or
 * out of date; each tab's filter lists them.
 */
export function spanishToDoCounts(): SpanishToDoCounts {
  const properties = propertySpanishToDo();
  const faqs = faqSpanishToDo();
  const texts = textSpanishToDo();
  const total = [properties, faqs, texts].reduce((sum, counts) => sum + counts.missing + counts.outdated, 0);
  return { total, properties, faqs, texts };
}
