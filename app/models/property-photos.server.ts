import { and, eq, isNull } from "drizzle-orm";
import { type Transaction, writeTransaction } from "~/db/client.server";
import { media, properties } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { propertyMediaOrder } from "~/models/media.server";
import { mainFirst, movedTo } from "~/models/photo-order";

/**
 * The order of a home's photos and its main image (Property Images, docs/product.md §2).
 * The public carousels show the main image, then the linked media by position, a file
 * never twice (toListing). A main image that is one of the linked photos stays first:
 * it is stored first, and the others move among themselves. Each change is one
 * transaction and one change-log entry.
 */

export type PhotoOutcome =
  | { kind: "done" }
  | { kind: "unchanged" }
  | { kind: "property_not_found" }
  | { kind: "not_linked" }
  | { kind: "not_an_image" }
  /** A place the home's photos do not have: there are `count`. */
  | { kind: "out_of_range"; count: number };

function linkedInOrder(tx: Transaction, propertyId: number) {
  return tx
    .select({ id: media.id, originalName: media.originalName, filePath: media.filePath, mimeType: media.mimeType })
    .from(media)
    .where(eq(media.propertyId, propertyId))
    .orderBy(...propertyMediaOrder)
    .all();
}

function renumber(tx: Transaction, ids: number[]) {
  ids.forEach((id, i) => tx.update(media).set({ position: i + 1 }).where(eq(media.id, id)).run());
}

/**
 * Where a move takes the photo at index `from` among `count`: its new index, or null when
 * the move names a place the list does not have.
 */
type Target = (from: number, count: number) => number | null;

/**
 * Moves a linked photo to the index `target` gives, the others keeping their order. The
 * main image keeps the first place: it does not move, and nothing moves into its place
 * (unchanged, as a move to where the photo already is). `says` words the change-log
 * entry before "N of M".
 */
function moveLinked(propertyId: number, mediaId: number, target: Target, says: string, actor: string): PhotoOutcome {
  return writeTransaction((tx) => {
    const property = tx.select({ name: properties.name, imageUrl: properties.imageUrl }).from(properties).where(eq(properties.id, propertyId)).get();
    if (!property) return { kind: "property_not_found" };
    const linked = mainFirst(linkedInOrder(tx, propertyId), property.imageUrl);
    const from = linked.findIndex((item) => item.id === mediaId);
    if (from < 0) return { kind: "not_linked" };
    const to = target(from, linked.length);
    if (to === null) return { kind: "out_of_range", count: linked.length };
    const pinned = linked[0]?.filePath === property.imageUrl ? 1 : 0;
    if (from < pinned || to < pinned || to === from) return { kind: "unchanged" };
    renumber(tx, movedTo(linked, from, to).map((item) => item.id));
    const summary = `${property.name}: media ${mediaId} ${linked[from].originalName} ${says} ${to + 1} of ${linked.length}`;
    recordAudit({ actor, entity: "property", entityId: propertyId, action: "reorder", summary }, tx);
    return { kind: "done" };
  });
}

/** Moves a linked photo one place earlier ("up") or later ("down"); at an end nothing changes. */
export function moveLinkedPhoto(propertyId: number, mediaId: number, direction: "up" | "down", actor: string): PhotoOutcome {
  const step = direction === "up" ? -1 : 1;
  return moveLinked(propertyId, mediaId, (from, count) => Math.min(Math.max(from + step, 0), count - 1), `moved ${direction}, now`, actor);
}

/**
 * Moves a linked photo to `position` (1 for the first) among the home's linked photos in
 * public order, as a drag in Property Images drops it; a place past the last, or before
 * the first, is out of range and changes nothing.
 */
export function moveLinkedPhotoTo(propertyId: number, mediaId: number, position: number, actor: string): PhotoOutcome {
  return moveLinked(propertyId, mediaId, (_, count) => (Number.isInteger(position) && position >= 1 && position <= count ? position - 1 : null), "moved to", actor);
}

/**
 * 'Make main image': a linked photo becomes the home's main image (its imageUrl). The
 * main image it replaces stays among the home's photos when it is a media item linked
 * to no home, taking the place the new main image leaves, so no photo is lost.
 */
export function makeMainImage(propertyId: number, mediaId: number, actor: string): PhotoOutcome {
  return writeTransaction((tx) => {
    const property = tx.select({ name: properties.name, imageUrl: properties.imageUrl }).from(properties).where(eq(properties.id, propertyId)).get();
    if (!property) return { kind: "property_not_found" };
    const linked = linkedInOrder(tx, propertyId);
    const chosen = linked.find((item) => item.id === mediaId);
    if (!chosen) return { kind: "not_linked" };
    if (!chosen.mimeType.startsWith("image/")) return { kind: "not_an_image" };
    if (property.imageUrl === chosen.filePath) return { kind: "unchanged" };

    const previous = property.imageUrl
      ? tx
          .select({ id: media.id })
          .from(media)
          .where(and(eq(media.filePath, property.imageUrl), isNull(media.propertyId)))
          .get()
      : undefined;
    const order = linked.map((item) => item.id);
    if (previous) {
      tx.update(media).set({ propertyId }).where(eq(media.id, previous.id)).run();
      order.splice(order.indexOf(chosen.id), 0, previous.id);
    }
    // The new main image first, the others in their order.
    renumber(tx, [chosen.id, ...order.filter((id) => id !== chosen.id)]);
    tx.update(properties).set({ imageUrl: chosen.filePath, updatedAt: new Date() }).where(eq(properties.id, propertyId)).run();
    const summary = `${property.name}: main image media ${mediaId} ${chosen.originalName}${previous ? ` (the previous one, media ${previous.id}, kept among its photos)` : ""}`;
    recordAudit({ actor, entity: "property", entityId: propertyId, action: "main-image", summary }, tx);
    return { kind: "done" };
  });
}
