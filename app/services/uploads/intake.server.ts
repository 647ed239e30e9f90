import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pLimit from "p-limit";
import { finishChecking, quarantineKey, startChecking } from "~/services/uploads/upload-slots.server";
import { deleteObject, getObject, objectPath, putFile, workDir } from "~/services/storage.server";
import { log } from "~/config/logger.server";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { byteLimit, TooLarge } from "./byte-limit.server";
import { checkImageHeader, EXTENSION, reencodeImage, sniffImageType, type ReencodedImage } from "./image-check.server";

/**
 * The record step of docs/product.md §7's upload flow, shared by POST /api/admin/media/upload,
 * PUT /api/admin/media/{id}/reupload and the forms that upload without JavaScript. The
 * stored object itself is judged (size, first bytes, pixel count), re-encoded and
 * published under a new key; only then is the caller's row written. A rejected upload
 * is deleted from quarantine and answered with its reason.
 */

/** Where a published upload lives: a new key each time, so /objects may cache it for good. */
export const PUBLISHED_PREFIX = "media/";

/** A checked upload, published: where it is served from, and its size in bytes and in pixels. */
export type PublishedImage = { key: string; filePath: string; filename: string; fileSize: number; mimeType: string; width: number; height: number };
export type Rejection = { kind: "rejected"; status: number; error: string };
export type IntakeOutcome<T> = { kind: "recorded"; result: T } | Rejection;

const rejected = (status: number, error: string): Rejection => ({ kind: "rejected", status, error });

/**
 * One re-encoding at a time: decoding an image takes memory by its pixels (up to 50
 * megapixels), so several at once would multiply the server's peak; uploads queue here
 * for the second or two each one takes.
 */
const reencoding = pLimit(1);

async function checkAndPublish(slotId: string, work: string): Promise<PublishedImage | Rejection> {
  const key = quarantineKey(slotId);
  // Judged by its stated size before a byte is read; then copied to a work file,
  // streamed and capped again (what a store states and sends could differ): the checks
  // and sharp then read a file, never the whole upload in memory.
  const stored = await getObject(key);
  if (!stored) return rejected(400, UPLOAD_MESSAGES.nothingUploaded);
  const refused = stored.size > MAX_UPLOAD_BYTES ? rejected(413, UPLOAD_MESSAGES.tooLarge) : stored.size === 0 ? rejected(400, UPLOAD_MESSAGES.empty) : null;
  if (refused) {
    stored.body.destroy();
    return refused;
  }
  const input = `${work}.in`;
  try {
    await pipeline(stored.body, byteLimit(MAX_UPLOAD_BYTES), createWriteStream(input));
  } catch (error) {
    if (TooLarge.is(error)) return rejected(413, UPLOAD_MESSAGES.tooLarge);
    throw error;
  }

  const type = await sniffImageType(input);
  if (!type) return rejected(415, UPLOAD_MESSAGES.notAnImage);
  const check = await checkImageHeader(input, type);
  if (check.kind === "too_many_pixels") return rejected(422, UPLOAD_MESSAGES.tooManyPixels);
  if (check.kind === "unreadable") return rejected(422, UPLOAD_MESSAGES.unreadable);

  const output = `${work}.out`;
  let reencoded: ReencodedImage;
  try {
    reencoded = await reencoding(() => reencodeImage(input, output, check));
  } catch (error) {
    log.info("upload: image not re-encoded", { slotId, error: String(error) });
    return rejected(422, UPLOAD_MESSAGES.unreadable);
  }
  const filename = `${randomUUID()}.${EXTENSION[type]}`;
  const publishedKey = PUBLISHED_PREFIX + filename;
  await putFile(publishedKey, output, type);
  return { key: publishedKey, filePath: objectPath(publishedKey), filename, mimeType: type, ...reencoded };
}

async function removeQuietly(key: string, why: string) {
  try {
    await deleteObject(key);
  } catch (error) {
    // The periodic cleanup (upload-cleanup.server.ts) removes what is left.
    log.warn("upload: object not deleted", { key, why, error: String(error) });
  }
}

/**
 * Checks the upload in slot `slotId` (which must be `adminEmail`'s and not yet used),
 * publishes the re-encoded image and hands it to `record`, which writes the row and
 * returns what the caller answers with, or a rejection of its own (the media item gone
 * meanwhile, say). Anything that fails after publishing takes the published image away
 * again; the quarantine copy goes in every case.
 */
export async function takeInUpload<T>(
  slotId: string,
  adminEmail: string,
  record: (image: PublishedImage) => T | Rejection,
): Promise<IntakeOutcome<T>> {
  const claim = startChecking(slotId, adminEmail);
  if (claim.kind === "not_yours") return rejected(404, UPLOAD_MESSAGES.notYourUpload);
  if (claim.kind === "used") return rejected(409, UPLOAD_MESSAGES.alreadyUsed);
  if (claim.kind === "refused") return rejected(409, UPLOAD_MESSAGES.refusedBefore);

  const quarantined = quarantineKey(slotId);
  await fs.mkdir(workDir(), { recursive: true });
  const work = path.join(workDir(), `${slotId}-${randomUUID()}`);
  let published: PublishedImage | Rejection;
  try {
    published = await checkAndPublish(slotId, work);
  } catch (error) {
    // The store failed (S3 unreachable, disk full): nothing was recorded, and the upload
    // may be recorded again once the store is back.
    log.error("upload: storage failed", { slotId, error: String(error) });
    finishChecking(slotId, "retry");
    return rejected(503, UPLOAD_MESSAGES.storageUnavailable);
  } finally {
    await Promise.all([fs.rm(`${work}.in`, { force: true }), fs.rm(`${work}.out`, { force: true })]);
  }

  if ("kind" in published) {
    finishChecking(slotId, "rejected");
    await removeQuietly(quarantined, "rejected");
    return published;
  }
  let result: T | Rejection;
  try {
    result = record(published);
  } catch (error) {
    finishChecking(slotId, "rejected");
    await Promise.all([removeQuietly(published.key, "not recorded"), removeQuietly(quarantined, "not recorded")]);
    throw error;
  }
  if (isRejection(result)) {
    finishChecking(slotId, "rejected");
    await Promise.all([removeQuietly(published.key, "not recorded"), removeQuietly(quarantined, "not recorded")]);
    return result;
  }
  finishChecking(slotId, "recorded");
  await removeQuietly(quarantined, "recorded");
  return { kind: "recorded", result };
}

function isRejection(value: unknown): value is Rejection {
  return typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "rejected";
}

export { rejected };
