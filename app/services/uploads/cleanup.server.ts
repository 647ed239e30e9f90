import fs from "node:fs/promises";
import path from "node:path";
import {
  finishedSlotsBefore,
  forgetSlots,
  quarantineKey,
  UNRECORDED_UPLOAD_TTL_MS,
  unrecordedSlotsBefore,
} from "~/services/uploads/upload-slots.server";
import { isRecordedObject } from "~/services/uploads/published-objects.server";
import {
  cachedWidthFolders,
  deleteObject,
  keyOfCachedVariant,
  listObjects,
  QUARANTINE_PREFIX,
  variantsCacheDir,
  workDir,
} from "~/services/storage.server";
import { PUBLISHED_PREFIX } from "./intake.server";
import { log } from "~/config/logger.server";

/**
 * The periodic cleanup of uploads (issue: media): what a browser uploaded but nobody
 * recorded, and whatever else sits in quarantine, goes after a day; a finished
 * upload's quarantine key is deleted once more after its URL expired (on S3 a
 * presigned URL could still be used until then), and its slot is forgotten. A
 * published image no row names (its record failed after publishing, a deletion failed
 * half-way) goes after a day too: it is never served, only stored. A resized copy in the
 * cache whose original no row names any more goes too, whatever its width.
 */

export const CLEANUP_INTERVAL_MS = 60 * 60_000;

export type CleanupReport = {
  objectsDeleted: number;
  orphansDeleted: number;
  cachedCopiesDeleted: number;
  slotsForgotten: number;
  workFilesDeleted: number;
};

export async function cleanUpUploads(now = Date.now()): Promise<CleanupReport> {
  const dayAgo = new Date(now - UNRECORDED_UPLOAD_TTL_MS);
  const report: CleanupReport = { objectsDeleted: 0, orphansDeleted: 0, cachedCopiesDeleted: 0, slotsForgotten: 0, workFilesDeleted: 0 };

  const slots = [...finishedSlotsBefore(new Date(now)), ...unrecordedSlotsBefore(dayAgo)];
  for (const slot of slots) await deleteObject(quarantineKey(slot.id));
  forgetSlots(slots.map((slot) => slot.id));
  report.slotsForgotten = slots.length;

  for await (const object of listObjects(QUARANTINE_PREFIX)) {
    if (object.lastModified < dayAgo) {
      await deleteObject(object.key);
      report.objectsDeleted += 1;
    }
  }

  // Older than a day: a record step that is still running has its row by then.
  for await (const object of listObjects(PUBLISHED_PREFIX)) {
    if (object.lastModified < dayAgo && !isRecordedObject(object.key)) {
      await deleteObject(object.key);
      report.orphansDeleted += 1;
    }
  }

  report.cachedCopiesDeleted = await deleteOrphanedCachedCopies(dayAgo);

  // Work files of uploads cut off by a crash or a restart.
  const names = await fs.readdir(workDir()).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(workDir(), name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtime < dayAgo) {
      await fs.rm(file, { force: true });
      report.workFilesDeleted += 1;
    }
  }
  return report;
}

/**
 * Resized copies left behind: one being made while its original was deleted, one a
 * deletion could not remove, one of a width no longer in the list (never served again,
 * nor removed with its original before). Every width folder is walked, not today's
 * widths. A copy is made only of a recorded object, so a copy of an unrecorded one is
 * an orphan at once; anything else there (a copy half-written when the process was
 * killed) goes after a day, so a copy being written now is left alone.
 */
async function deleteOrphanedCachedCopies(dayAgo: Date): Promise<number> {
  const cacheDir = variantsCacheDir();
  let deleted = 0;
  for (const width of await cachedWidthFolders(cacheDir)) {
    const folder = path.join(cacheDir, width);
    const names = await fs.readdir(folder, { recursive: true }).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(folder, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) continue;
      const key = keyOfCachedVariant(name);
      const orphaned = key ? !isRecordedObject(key) : stat.mtime < dayAgo;
      if (orphaned) {
        await fs.rm(file, { force: true });
        deleted += 1;
      }
    }
  }
  return deleted;
}

/** Runs the cleanup now and then every hour, in the background; a failure is logged and tried again next time. */
export function startUploadCleanup(): () => void {
  const run = () => {
    cleanUpUploads()
      .then((report) => {
        if (Object.values(report).some(Boolean)) log.info("uploads cleaned up", report);
      })
      .catch((error) => log.warn("upload cleanup failed", { error: String(error) }));
  };
  run();
  const timer = setInterval(run, CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
