import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { media, properties, type Media } from "~/db/schema";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { config } from "~/config/env.server";
import type { MediaImageChoice } from "~/models/media-form";

const mediaOrder = [asc(media.createdAt), asc(media.id)];
/**
 * A home's photos in the order staff set (Move up / Move down): by position, then, for
 * one linked without a position (none is, since migration 0008), by when it was added.
 */
export const propertyMediaOrder = [sql`${media.position} is null`, asc(media.position), ...mediaOrder];
/**
 * The back office lists media newest first. createdAt is the time of the insert and is
 * never written after it, so ids come in the same order: the primary key pages through
 * 20,000 items without sorting them (createdAt would need a sort of the whole table).
 */
const newestFirst = [desc(media.id)];

export function listHeroImages(): Media[] {
  return db().select().from(media).where(eq(media.isHeroImage, true)).orderBy(...mediaOrder).all();
}

export function listPropertyMedia(propertyId: number): Media[] {
  return db().select().from(media).where(eq(media.propertyId, propertyId)).orderBy(...propertyMediaOrder).all();
}

/** The linked media of several listings in one query, grouped by listing. */
export function mediaByProperty(propertyIds: number[]): Map<number, Media[]> {
  const grouped = new Map<number, Media[]>();
  if (!propertyIds.length) return grouped;
  const rows = db().select().from(media).where(inArray(media.propertyId, propertyIds)).orderBy(...propertyMediaOrder).all();
  for (const row of rows) {
    const list = grouped.get(row.propertyId!) ?? [];
    list.push(row);
    grouped.set(row.propertyId!, list);
  }
  return grouped;
}

// ---------------------------------------------------------------------------------
// The back office: the Media tab and /api/admin/media

/** A media item's fields as the JSON calls show them (docs/product.md §3). */
export function mediaJson({ id, filename, originalName, filePath, fileSize, mimeType, isHeroImage, propertyId, createdAt }: Media) {
  return { id, filename, originalName, filePath, fileSize, mimeType, isHeroImage, propertyId, createdAt };
}

export function getMedia(id: number): Media | undefined {
  return db().select().from(media).where(eq(media.id, id)).get();
}

/** Where a media file can be fetched from outside: APP_URL and its path. */
export function absoluteMediaUrl(filePath: string): string {
  return new URL(filePath, config().appUrl).href;
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function nameContains(q: string | undefined) {
  const needle = q?.trim();
  // SQLite's LIKE ignores case (ASCII letters), which suits file names.
  return needle ? sql`${media.originalName} like ${containsPattern(needle)} escape '\\'` : undefined;
}

export function countMedia(q?: string): number {
  return db().select({ n: count() }).from(media).where(nameContains(q)).get()?.n ?? 0;
}

/** Media newest first, those whose original name contains `q`; one page when `limit` is given. */
export function listMedia(options: { q?: string; limit?: number; offset?: number } = {}): Media[] {
  const query = db().select().from(media).where(nameContains(options.q)).orderBy(...newestFirst);
  return options.limit === undefined ? query.all() : query.limit(options.limit).offset(options.offset ?? 0).all();
}

export type MediaCard = Media & { propertyName: string | null };
export type MediaPage = { items: MediaCard[]; total: number; page: number; pageCount: number };

function mediaWithPropertyName() {
  return db().select({ media, propertyName: properties.name }).from(media).leftJoin(properties, eq(media.propertyId, properties.id));
}

const toCard = (row: { media: Media; propertyName: string | null }): MediaCard => ({ ...row.media, propertyName: row.propertyName });

/** A media item with the name of the property it is linked to. */
export function getMediaCard(id: number): MediaCard | undefined {
  const row = mediaWithPropertyName().where(eq(media.id, id)).get();
  return row ? toCard(row) : undefined;
}

/**
 * One page of the Media tab: a count and LIMIT/OFFSET, so 20,000 rows never load at
 * once. A page past the end shows the last one (after a delete emptied it, say).
 */
export function mediaPage(options: { q?: string; page: number; pageSize: number }): MediaPage {
  const total = countMedia(options.q);
  const pageCount = Math.max(1, Math.ceil(total / options.pageSize));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const items = mediaWithPropertyName()
    .where(nameContains(options.q))
    .orderBy(...newestFirst)
    .limit(options.pageSize)
    .offset((page - 1) * options.pageSize)
    .all()
    .map(toCard);
  return { items, total, page, pageCount };
}

/** Properties whose name contains `q` (all when blank), by name: the link dialog's choices. */
export function propertiesMatchingName(q: string, limit: number) {
  const needle = q.trim();
  return db()
    .select({ id: properties.id, name: properties.name, location: properties.location, isActive: properties.isActive })
    .from(properties)
    .where(needle ? sql`${properties.name} like ${containsPattern(needle)} escape '\\'` : undefined)
    .orderBy(asc(sql`${properties.name} collate nocase`), asc(properties.id))
    .limit(limit)
    .all();
}

export type HeroOutcome = { kind: "updated"; media: Media } | { kind: "not_found" };

/** Turns a media item's hero flag on or off; hero images feed the home carousel. */
export function setHeroImage(id: number, isHeroImage: boolean, actor: string): HeroOutcome {
  return writeTransaction((tx) => {
    const before = tx.select().from(media).where(eq(media.id, id)).get();
    if (!before) return { kind: "not_found" } as const;
    const updated = tx.update(media).set({ isHeroImage }).where(eq(media.id, id)).returning().get();
    recordAudit({ actor, entity: "media", entityId: id, action: "hero", summary: `${before.originalName}: ${summarizeChanges(before, updated, ["isHeroImage"])}` }, tx);
    return { kind: "updated", media: updated } as const;
  });
}

/** The newest images of the library, offered as a property's main image in its form. */
export function recentMediaImages(limit: number): MediaImageChoice[] {
  return db()
    .select({ filePath: media.filePath, originalName: media.originalName })
    .from(media)
    .where(sql`${media.mimeType} like 'image/%'`)
    .orderBy(...newestFirst)
    .limit(limit)
    .all();
}
