import { and, eq, ne } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { media, properties, type Media } from "~/db/schema";
import { recordAudit, summarizeChanges } from "~/models/audit.server";
import { isFileShown } from "~/services/uploads/published-objects.server";
import { deleteObject, objectKeyOf, StorageUnavailable } from "~/services/storage.server";
import { rejected, takeInUpload, type IntakeOutcome, type PublishedImage } from "~/services/uploads/intake.server";
import { withoutLineControls } from "~/utils/control-characters";
import { PLACEHOLDER_IMAGE } from "~/utils/image-variants";
import { log } from "~/config/logger.server";
import { MEDIA_MESSAGES } from "~/models/media-form";

/**
 * Media made from uploads: a new item (POST /api/admin/media/upload, the upload
 * dialog) and a new image for an existing one (PUT /api/admin/media/{id}/reupload),
 * each written only once the upload has passed the server's checks
 * (services/uploads/intake.server.ts), and deleting an item with its file.
 */

/** The name a visitor's browser gave the file, as a plain label: no folders, no control characters. */
export function cleanOriginalName(name: string, fallback: string): string {
  // A form's file name is what the admin's system called the file: it loses what a line
  // refuses (controls, direction overrides) rather than the upload being refused.
  const base = withoutLineControls(name.split(/[\\/]/).pop()!).trim();
  return base.slice(0, 255) || fallback;
}

/** A stored file no row shows any more, with its resized copies; a failure leaves an orphan, logged. */
async function deleteUnusedFile(filePath: string, context: Record<string, unknown>) {
  const key = objectKeyOf(filePath);
  if (!key) return;
  try {
    await deleteObject(key);
  } catch (error) {
    log.error("media: file not deleted", { ...context, key, error: String(error) });
  }
}

/** A media row's columns that describe its file, as a new upload or a re-upload writes them. */
function uploadedFileColumns(image: PublishedImage, originalName: string) {
  return {
    filename: image.filename,
    originalName: cleanOriginalName(originalName, image.filename),
    filePath: image.filePath,
    fileSize: image.fileSize,
    mimeType: image.mimeType,
    width: image.width,
    height: image.height,
  };
}

// What the change log shows of an uploaded file (the stored name and path are generated).
const LOGGED_FIELDS = ["originalName", "mimeType", "fileSize"] as const;

/**
 * Records an upload as a new media item, after the checks; the caller answers with the
 * outcome. `adminEmail` owns the upload and is recorded in the change log with the row.
 */
export function recordUploadedMedia(slotId: string, adminEmail: string, originalName: string): Promise<IntakeOutcome<Media>> {
  return takeInUpload(slotId, adminEmail, (image: PublishedImage) =>
    writeTransaction((tx) => {
      const row = tx
        .insert(media)
        .values(uploadedFileColumns(image, originalName))
        .returning()
        .get();
      recordAudit({ actor: adminEmail, entity: "media", entityId: row.id, action: "upload", summary: summarizeChanges(null, row, LOGGED_FIELDS) }, tx);
      return row;
    }),
  );
}

/**
 * Gives media item `id` the uploaded image in place of its own. Properties that showed
 * the old image as their main image show the new one; the old file and its resized
 * copies go unless another item still shows them.
 */
export async function reuploadMedia(id: number, slotId: string, adminEmail: string, originalName: string): Promise<IntakeOutcome<Media>> {
  if (!db().select({ id: media.id }).from(media).where(eq(media.id, id)).get()) return rejected(404, MEDIA_MESSAGES.notFound);
  let oldFilePath = "";
  const outcome = await takeInUpload(slotId, adminEmail, (image: PublishedImage) =>
    writeTransaction((tx) => {
      const old = tx.select().from(media).where(eq(media.id, id)).get();
      if (!old) return rejected(404, MEDIA_MESSAGES.notFound);
      oldFilePath = old.filePath;
      tx.update(properties).set({ imageUrl: image.filePath }).where(eq(properties.imageUrl, old.filePath)).run();
      const row = tx
        .update(media)
        .set(uploadedFileColumns(image, originalName))
        .where(eq(media.id, id))
        .returning()
        .get();
      recordAudit({ actor: adminEmail, entity: "media", entityId: id, action: "reupload", summary: summarizeChanges(old, row, ["originalName", "filePath", "mimeType", "fileSize"]) }, tx);
      return row;
    }),
  );
  if (outcome.kind === "recorded" && oldFilePath && !isFileShown(oldFilePath)) {
    await deleteUnusedFile(oldFilePath, { id, reason: "re-uploaded" });
  }
  return outcome;
}

export type DeleteOutcome = { kind: "deleted"; media: Media } | { kind: "not_found" } | { kind: "storage_unavailable" };

/**
 * Deletes a media item and its file. The file goes first, the row after it
 * (docs/decisions/028): while the store is down the item stays, whole and shown, and the
 * admin is told to try again; a row is never left pointing at a missing file, and no
 * file is left that no row names. Unless another media item shows the same file (the
 * demo catalogue shares some), it and its resized copies are deleted, and properties
 * that used it as their main image fall back to the stock placeholder in the row's
 * transaction. The change log records the deletion, by `actor`, with the row.
 */
export async function deleteMedia(id: number, actor: string): Promise<DeleteOutcome> {
  const item = db().select().from(media).where(eq(media.id, id)).get();
  if (!item) return { kind: "not_found" };
  const key = objectKeyOf(item.filePath);
  if (key && !isSharedByOtherMedia(item)) {
    try {
      // A missing object is no failure: a delete that failed after this step is tried again.
      await deleteObject(key);
    } catch (error) {
      if (!(error instanceof StorageUnavailable)) throw error;
      log.warn("media: not deleted, storage unavailable", { id, key, error: error.message });
      return { kind: "storage_unavailable" };
    }
  }
  const removed = writeTransaction((tx) => {
    const row = tx.delete(media).where(eq(media.id, id)).returning().get();
    if (!row) return undefined;
    const sharedByMedia = tx.select({ id: media.id }).from(media).where(eq(media.filePath, row.filePath)).limit(1).get();
    const placeholders = sharedByMedia
      ? 0
      : tx.update(properties).set({ imageUrl: PLACEHOLDER_IMAGE }).where(eq(properties.imageUrl, row.filePath)).run().changes;
    const fallback = placeholders ? `; main image of ${placeholders} ${placeholders === 1 ? "property" : "properties"} now the placeholder` : "";
    recordAudit({ actor, entity: "media", entityId: id, action: "delete", summary: `${summarizeChanges(null, row, LOGGED_FIELDS)}${fallback}` }, tx);
    return row;
  });
  // Deleted meanwhile by another request: that one answered for it.
  if (!removed) return { kind: "not_found" };
  return { kind: "deleted", media: removed };
}

function isSharedByOtherMedia(item: Media): boolean {
  return Boolean(db().select({ id: media.id }).from(media).where(and(eq(media.filePath, item.filePath), ne(media.id, item.id))).limit(1).get());
}
