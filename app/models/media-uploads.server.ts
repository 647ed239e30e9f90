import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { media, properties, type Media } from "~/db/schema";
import { isFileShown } from "~/models/published-objects.server";
import { deleteObject, objectKeyOf } from "~/services/storage.server";
import { rejected, takeInUpload, type IntakeOutcome, type PublishedImage } from "~/services/uploads/intake.server";
import { PLACEHOLDER_IMAGE } from "~/utils/image-variants";
import { log } from "~/utils/logger.server";
import { MEDIA_MESSAGES } from "~/utils/media-form";

/**
 * Media made from uploads: a new item (POST /api/admin/media/upload, the upload
 * dialog) and a new image for an existing one (PUT /api/admin/media/{id}/reupload),
 * each written only once the upload has passed the server's checks
 * (services/uploads/intake.server.ts), and deleting an item with its file.
 */

/** The name a visitor's browser gave the file, as a plain label: no folders, no control characters. */
export function cleanOriginalName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, "").trim();
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

/** Records an upload as a new media item, after the checks; the caller answers with the outcome. */
export function recordUploadedMedia(slotId: string, adminEmail: string, originalName: string): Promise<IntakeOutcome<Media>> {
  return takeInUpload(slotId, adminEmail, (image: PublishedImage) =>
    db()
      .insert(media)
      .values({
        filename: image.filename,
        originalName: cleanOriginalName(originalName, image.filename),
        filePath: image.filePath,
        fileSize: image.fileSize,
        mimeType: image.mimeType,
      })
      .returning()
      .get(),
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
    db().transaction((tx) => {
      const old = tx.select().from(media).where(eq(media.id, id)).get();
      if (!old) return rejected(404, MEDIA_MESSAGES.notFound);
      oldFilePath = old.filePath;
      tx.update(properties).set({ imageUrl: image.filePath }).where(eq(properties.imageUrl, old.filePath)).run();
      return tx
        .update(media)
        .set({
          filename: image.filename,
          originalName: cleanOriginalName(originalName, image.filename),
          filePath: image.filePath,
          fileSize: image.fileSize,
          mimeType: image.mimeType,
        })
        .where(eq(media.id, id))
        .returning()
        .get();
    }),
  );
  if (outcome.kind === "recorded" && oldFilePath && !isFileShown(oldFilePath)) {
    await deleteUnusedFile(oldFilePath, { id, reason: "re-uploaded" });
  }
  return outcome;
}

export type DeleteOutcome = { kind: "deleted"; media: Media } | { kind: "not_found" };

/**
 * Deletes a media item and its file. Unless another media item shows the same file (the
 * demo catalogue shares some), properties that used it as their main image fall back
 * to the stock placeholder in the same transaction, and the file and its resized copies
 * are deleted after it: a failure there leaves an orphan file, logged, never a row that
 * points at a missing file.
 */
export async function deleteMedia(id: number): Promise<DeleteOutcome> {
  const removed = db().transaction((tx) => {
    const row = tx.delete(media).where(eq(media.id, id)).returning().get();
    if (!row) return undefined;
    const sharedByMedia = tx.select({ id: media.id }).from(media).where(eq(media.filePath, row.filePath)).limit(1).get();
    if (sharedByMedia) return { row, fileInUse: true };
    tx.update(properties).set({ imageUrl: PLACEHOLDER_IMAGE }).where(eq(properties.imageUrl, row.filePath)).run();
    return { row, fileInUse: false };
  });
  if (!removed) return { kind: "not_found" };
  if (!removed.fileInUse) await deleteUnusedFile(removed.row.filePath, { id });
  return { kind: "deleted", media: removed.row };
}
