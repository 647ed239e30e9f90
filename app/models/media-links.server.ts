import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { media, properties } from "~/db/schema";

/**
 * Linking a media item to a property (SPEC section 4): a media item belongs to at most
 * one property, so linking it moves it, and unlinking only undoes the named link.
 * Both the Properties and the Media tab and their JSON calls go through here.
 */

export type LinkOutcome = { kind: "linked" } | { kind: "media_not_found" } | { kind: "property_not_found" };
export type UnlinkOutcome = { kind: "unlinked" } | { kind: "media_not_found" } | { kind: "property_not_found" } | { kind: "not_linked" };

function propertyExists(propertyId: number): boolean {
  return db().select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).get() !== undefined;
}

export function linkMediaToProperty(propertyId: number, mediaId: number): LinkOutcome {
  return db().transaction(() => {
    if (!propertyExists(propertyId)) return { kind: "property_not_found" } as const;
    const changed = db().update(media).set({ propertyId }).where(eq(media.id, mediaId)).run().changes;
    return changed ? ({ kind: "linked" } as const) : ({ kind: "media_not_found" } as const);
  });
}

export function unlinkMediaFromProperty(propertyId: number, mediaId: number): UnlinkOutcome {
  return db().transaction(() => {
    if (!propertyExists(propertyId)) return { kind: "property_not_found" } as const;
    const item = db().select({ propertyId: media.propertyId }).from(media).where(eq(media.id, mediaId)).get();
    if (!item) return { kind: "media_not_found" } as const;
    if (item.propertyId !== propertyId) return { kind: "not_linked" } as const;
    db().update(media).set({ propertyId: null }).where(and(eq(media.id, mediaId), eq(media.propertyId, propertyId))).run();
    return { kind: "unlinked" } as const;
  });
}
