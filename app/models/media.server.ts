import { asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { media, type Media } from "~/db/schema";

const mediaOrder = [asc(media.createdAt), asc(media.id)];

export function listHeroImages(): Media[] {
  return db().select().from(media).where(eq(media.isHeroImage, true)).orderBy(...mediaOrder).all();
}

export function listPropertyMedia(propertyId: number): Media[] {
  return db().select().from(media).where(eq(media.propertyId, propertyId)).orderBy(...mediaOrder).all();
}

/** The linked media of several listings in one query, grouped by listing. */
export function mediaByProperty(propertyIds: number[]): Map<number, Media[]> {
  const grouped = new Map<number, Media[]>();
  if (!propertyIds.length) return grouped;
  const rows = db().select().from(media).where(inArray(media.propertyId, propertyIds)).orderBy(...mediaOrder).all();
  for (const row of rows) {
    const list = grouped.get(row.propertyId!) ?? [];
    list.push(row);
    grouped.set(row.propertyId!, list);
  }
  return grouped;
}
