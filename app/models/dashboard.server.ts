import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactMessages, faqs, media, properties } from "~/db/schema";

export type DashboardCounts = { properties: number; faqs: number; media: number; messages: number };

/**
 * The Overview's four cards. They count what docs/product.md §7 says the dashboard counts: the public
 * lists of properties and FAQs (active ones), all media and all messages.
 */
export function dashboardCounts(): DashboardCounts {
  const database = db();
  const total = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;
  return {
    properties: total(database.select({ n: count() }).from(properties).where(eq(properties.isActive, true))),
    faqs: total(database.select({ n: count() }).from(faqs).where(eq(faqs.isActive, true))),
    media: total(database.select({ n: count() }).from(media)),
    messages: total(database.select({ n: count() }).from(contactMessages)),
  };
}
