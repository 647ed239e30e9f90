import { and, count, desc, eq, isNull, like, max } from "drizzle-orm";
import { db, writeTransaction, type Transaction } from "~/db/client.server";
import { media, properties, type Media } from "~/db/schema";
import { containsText } from "~/db/text-search.server";
import { recordAudit } from "~/models/audit.server";
import { pageWindow } from "~/utils/paging";

/**
 * Linking a media item to a property (docs/product.md §4): a media item belongs to at most
 * one property, so linking it moves it, and unlinking only undoes the named link.
 * Both the Properties and the Media tab and their JSON calls go through here.
 */

export type LinkOutcome = { kind: "linked" } | { kind: "media_not_found" } | { kind: "property_not_found" };
export type UnlinkOutcome = { kind: "unlinked" } | { kind: "media_not_found" } | { kind: "property_not_found" } | { kind: "not_linked" };

type Executor = Pick<ReturnType<typeof db>, "select">;

/** The property's name and the media item (its name and property), or which of them does not exist. */
function linkParties(propertyId: number, mediaId: number, tx: Executor) {
  const property = tx.select({ name: properties.name }).from(properties).where(eq(properties.id, propertyId)).get();
  if (!property) return { kind: "property_not_found" } as const;
  const item = tx.select({ originalName: media.originalName, propertyId: media.propertyId }).from(media).where(eq(media.id, mediaId)).get();
  if (!item) return { kind: "media_not_found" } as const;
  return { kind: "found", summary: `${property.name}: media ${mediaId} ${item.originalName}`, linkedTo: item.propertyId } as const;
}

/** Media item `mediaId` becomes the home's, after its other photos. */
function linkAsLastPhoto(tx: Transaction, propertyId: number, mediaId: number): void {
  const last = tx.select({ n: max(media.position) }).from(media).where(eq(media.propertyId, propertyId)).get()?.n ?? 0;
  tx.update(media).set({ propertyId, position: last + 1 }).where(eq(media.id, mediaId)).run();
}

/**
 * Links media item `mediaId` to the property (moving it from another one); recorded in
 * the change log as the property's, with `actor`.
 */
export function linkMediaToProperty(propertyId: number, mediaId: number, actor: string): LinkOutcome {
  return writeTransaction((tx) => {
    const found = linkParties(propertyId, mediaId, tx);
    if (found.kind !== "found") return found;
    // A photo linked here already keeps its place; a newly linked one goes last.
    if (found.linkedTo !== propertyId) linkAsLastPhoto(tx, propertyId, mediaId);
    const moved = found.linkedTo !== null && found.linkedTo !== propertyId ? ` (moved from property ${found.linkedTo})` : "";
    recordAudit({ actor, entity: "property", entityId: propertyId, action: "link", summary: `${found.summary}${moved}` }, tx);
    return { kind: "linked" } as const;
  });
}

/**
 * The main image a save of the Add or Edit form (or of the JSON calls) gives a home, when
 * it is an image of the library linked to no home: an image uploaded with the form, or
 * one picked or typed. It becomes the home's, the last of its photos (Property Images
 * lists the main image first), in the save's transaction, with a change-log entry. One
 * that belongs to another home stays with it, and one the home has already is left where
 * it is (decision 080).
 */
export function linkNewMainImage(tx: Transaction, property: { id: number; name: string; imageUrl: string | null }, actor: string): void {
  if (!property.imageUrl) return;
  // The demo catalogue shares some files between items: the home's own copy, or the newest free one.
  const items = tx
    .select({ id: media.id, originalName: media.originalName, propertyId: media.propertyId })
    .from(media)
    .where(and(eq(media.filePath, property.imageUrl), like(media.mimeType, "image/%")))
    .orderBy(desc(media.id))
    .all();
  if (items.some((item) => item.propertyId === property.id)) return;
  const free = items.find((item) => item.propertyId === null);
  if (!free) return;
  linkAsLastPhoto(tx, property.id, free.id);
  recordAudit({ actor, entity: "property", entityId: property.id, action: "link", summary: `${property.name}: media ${free.id} ${free.originalName} (its main image)` }, tx);
}

export function unlinkMediaFromProperty(propertyId: number, mediaId: number, actor: string): UnlinkOutcome {
  return writeTransaction((tx) => {
    const found = linkParties(propertyId, mediaId, tx);
    if (found.kind !== "found") return found;
    if (found.linkedTo !== propertyId) return { kind: "not_linked" } as const;
    tx.update(media).set({ propertyId: null, position: null }).where(and(eq(media.id, mediaId), eq(media.propertyId, propertyId))).run();
    recordAudit({ actor, entity: "property", entityId: propertyId, action: "unlink", summary: found.summary }, tx);
    return { kind: "unlinked" } as const;
  });
}

export const UNLINKED_MEDIA_PAGE_SIZE = 12;

export type UnlinkedMediaPage = { media: Media[]; total: number; page: number; pageCount: number };

/**
 * The media linked to no property, newest first, whose original name contains `q`
 * (any case): what the Properties tab offers to link. One page and a count, so 20,000
 * media rows cost what a dozen do. A page past the last shows the last one.
 */
export function unlinkedMediaPage(options: { q?: string; page?: number; limit?: number } = {}): UnlinkedMediaPage {
  const limit = options.limit ?? UNLINKED_MEDIA_PAGE_SIZE;
  const where = and(isNull(media.propertyId), containsText([media.originalName], options.q ?? ""));
  const total = db().select({ n: count() }).from(media).where(where).get()?.n ?? 0;
  const { page, pageCount, offset } = pageWindow(total, options.page, limit);
  const rows = db().select().from(media).where(where).orderBy(desc(media.createdAt), desc(media.id)).limit(limit).offset(offset).all();
  return { media: rows, total, page, pageCount };
}
