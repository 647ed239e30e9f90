import { and, eq, isNull } from "drizzle-orm";
import { type Transaction, writeTransaction } from "~/db/client.server";
import { media, properties } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { propertyMediaOrder } from "~/models/media.server";
import { mainFirst } from "~/models/photo-order";

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
  | { kind: "not_an_image" };

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

/** Moves a linked photo one place earlier ("up") or later ("down"); at an end nothing changes. */
export function moveLinkedPhoto(propertyId: number, mediaId: number, direction: "up" | "down", actor: string): PhotoOutcome {
  return writeTransaction((tx) => {
    const property = tx.select({ name: properties.name, imageUrl: properties.imageUrl }).from(properties).where(eq(properties.id, propertyId)).get();
    if (!property) return { kind: "property_not_found" };
    const linked = mainFirst(linkedInOrder(tx, propertyId), property.imageUrl);
    const from = linked.findIndex((item) => item.id === mediaId);
    if (from < 0) return { kind: "not_linked" };
    const to = direction === "up" ? from - 1 : from + 1;
    // The main image keeps the first place; nothing moves into it.
    const pinned = linked[0]?.filePath === property.imageUrl ? 1 : 0;
    if (from < pinned || to < pinned || to >= linked.length) return { kind: "unchanged" };
    [linked[from], linked[to]] = [linked[to], linked[from]];
    renumber(
      tx,
      linked.map((item) => item.id),
    );
    const summary = `${property.name}: media ${mediaId} ${linked[to].originalName} moved ${direction}, now ${to + 1} of ${linked.length}`;
    recordAudit({ actor, entity: "property", entityId: propertyId, action: "reorder", summary }, tx);
    return { kind: "done" };
  });
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
