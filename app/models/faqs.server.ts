import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { faqs, type Faq } from "~/db/schema";

export function listActiveFaqs(): Faq[] {
  return db()
    .select()
    .from(faqs)
    .where(eq(faqs.isActive, true))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id))
    .all();
}
