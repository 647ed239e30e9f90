import { desc, eq, max } from "drizzle-orm";
import { db } from "~/db/client.server";
import { faqs, properties, textEntries } from "~/db/schema";

export type SitemapHome = { id: number; updatedAt: Date };

/** Every active home with its last change, newest first: one indexed read. */
export function activeHomesForSitemap(): SitemapHome[] {
  return db()
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(eq(properties.isActive, true))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .all();
}

/** When what the home page shows last changed: its homes, its FAQs or its texts. */
export function homePageLastChange(homes: SitemapHome[]): Date | null {
  const faqChange = db().select({ at: max(faqs.updatedAt) }).from(faqs).where(eq(faqs.isActive, true)).get()?.at ?? null;
  const textChange = db().select({ at: max(textEntries.updatedAt) }).from(textEntries).get()?.at ?? null;
  const times = [...homes.map((home) => home.updatedAt.getTime()), faqChange, textChange]
    .map((value) => (value instanceof Date ? value.getTime() : value))
    .filter((value): value is number => typeof value === "number" && Number.isFinite(value));
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}
