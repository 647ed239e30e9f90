import { and, asc, count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, type Property } from "~/db/schema";

// Listings appear in the order they were added.
const listingOrder = [asc(properties.createdAt), asc(properties.id)];

export function listActiveProperties(limit?: number): Property[] {
  const query = db().select().from(properties).where(eq(properties.isActive, true)).orderBy(...listingOrder);
  return (limit === undefined ? query : query.limit(limit)).all();
}

export function countActiveProperties(): number {
  return db().select({ n: count() }).from(properties).where(eq(properties.isActive, true)).get()?.n ?? 0;
}

/** An active listing, or undefined: inactive homes are not public. */
export function getActiveProperty(id: number): Property | undefined {
  return db()
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.isActive, true)))
    .get();
}
