import fs from "node:fs/promises";
import path from "node:path";
import { config } from "~/config/env.server";
import { StorageUnavailable, type ListedObject, type ObjectInfo, type StorageBackend, type StoredObject } from "./storage/backend";
import { localBackend } from "./storage/local.server";
import { s3Backend } from "./storage/s3.server";

export type { ListedObject, ObjectInfo, StoredObject } from "./storage/backend";
export { StorageUnavailable } from "./storage/backend";

/**
 * Where media files live. Files are addressed by a key ("hero/hero-1.webp") and
 * served by the app at /objects/<key>, whatever the backing store: local disk under
 * data/uploads by default, an S3 bucket when S3_BUCKET is set. Callers use only the
 * functions below and never learn which. Whatever a store fails with reaches them as
 * StorageUnavailable, so each caller can tell "the store is down" from its own bugs.
 */

export const OBJECTS_PREFIX = "/objects/";

export function uploadsDir(): string {
  return path.join(config().dataDir, "uploads");
}

export function objectPath(key: string): string {
  return OBJECTS_PREFIX + key;
}

/** Rejects keys that could escape the uploads folder or need escaping in a URL. */
export function isSafeObjectKey(key: string): boolean {
  return /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/.test(key) && !key.includes("..");
}

/**
 * Browser uploads land here first (docs/product.md §7's uploadURL) and stay until the
 * server has checked them; nothing under it is ever served.
 */
export const QUARANTINE_PREFIX = "quarantine/";

/** Whether /objects and /variants may serve the key: a safe key outside quarantine. */
export function isServableObjectKey(key: string): boolean {
  return isSafeObjectKey(key) && !key.startsWith(QUARANTINE_PREFIX);
}

/** Work files (uploads being received, images being re-encoded): beside the uploads, so a rename moves them. */
export function workDir(): string {
  return path.join(config().dataDir, "tmp");
}

/** Where /variants/* keeps the resized copies it made (server/image-variants.ts). */
export function variantsCacheDir(dataDir = config().dataDir): string {
  return path.join(dataDir, "cache", "variants");
}

/** The file /variants/<width>/<key> is kept in: one folder per width, the key beneath it. */
export function cachedVariantPath(cacheDir: string, width: number | string, key: string): string {
  return path.join(cacheDir, String(width), `${key}.webp`);
}

/** The key a cached copy was made from, its path below its width folder ("demo/a.jpg.webp" → "demo/a.jpg"), or null. */
export function keyOfCachedVariant(pathInWidthFolder: string): string | null {
  const match = /^(.+)\.webp$/.exec(pathInWidthFolder.split(path.sep).join("/"));
  return match ? match[1] : null;
}

/** The width folders of the cache: every width a copy was ever made in, whether served today or not. */
export async function cachedWidthFolders(cacheDir = variantsCacheDir()): Promise<string[]> {
  try {
    const entries = await fs.readdir(cacheDir, { withFileTypes: true });
    return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** The key of one of our objects ("/objects/demo/hero-1.webp" → "demo/hero-1.webp"), or null. */
export function objectKeyOf(filePath: string): string | null {
  if (!filePath.startsWith(OBJECTS_PREFIX)) return null;
  const key = filePath.slice(OBJECTS_PREFIX.length);
  return isSafeObjectKey(key) ? key : null;
}

// Chosen once, on first use: the configuration does not change while the process runs.
let chosen: StorageBackend | undefined;
function backend(): StorageBackend {
  const s3 = config().s3;
  chosen ??= s3 ? s3Backend(s3) : localBackend(uploadsDir());
  return chosen;
}

function checked(key: string): string {
  if (!isSafeObjectKey(key)) throw new Error(`Unsafe object key: ${key}`);
  return key;
}

/** One call to the store; its failure, whatever it is, becomes StorageUnavailable. */
async function reaching<T>(operation: string, key: string, call: (store: StorageBackend) => Promise<T>): Promise<T> {
  try {
    return await call(backend());
  } catch (error) {
    throw new StorageUnavailable(operation, key, error);
  }
}

export async function putObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await reaching("put", checked(key), (store) => store.put(key, body, contentType));
}

/** Stores a local file under `key`, streamed; the file is moved or removed afterwards. */
export async function putFile(key: string, file: string, contentType: string): Promise<void> {
  await reaching("put", checked(key), (store) => store.putFile(key, file, contentType));
}

export async function* listObjects(prefix: string): AsyncIterable<ListedObject> {
  try {
    yield* backend().list(prefix);
  } catch (error) {
    throw new StorageUnavailable("list", prefix, error);
  }
}

/**
 * A URL the browser PUTs one object to, straight into the store, when the store can
 * sign one (S3); null on local disk, where the app receives the upload itself.
 */
export async function presignedPutUrl(key: string, seconds: number): Promise<string | null> {
  // Signing needs no request to the store, but the credentials may (an instance role).
  return reaching("presign", checked(key), async (store) => (store.presignPut ? store.presignPut(key, undefined, seconds) : null));
}

/**
 * The object as a stream, or null when there is none (an unsafe key names none). A
 * store failing once the stream has begun fails the stream, not this call.
 */
export async function getObject(key: string): Promise<StoredObject | null> {
  return isSafeObjectKey(key) ? reaching("get", key, (store) => store.get(key)) : null;
}

export async function headObject(key: string): Promise<ObjectInfo | null> {
  return isSafeObjectKey(key) ? reaching("head", key, (store) => store.head(key)) : null;
}

/**
 * Deletes a stored file and the resized copies made of it. A file already gone is not
 * an error: the caller wants it gone.
 */
export async function deleteObject(key: string): Promise<void> {
  await reaching("delete", checked(key), (store) => store.delete(key));
  await deleteCachedVariants(key);
}

/**
 * Every resized copy of `key`: the cache's own width folders are the list, not a list of
 * widths kept here, so the share image's width, a width added later and one no longer
 * served all go with the rest.
 */
async function deleteCachedVariants(key: string): Promise<void> {
  const cacheDir = variantsCacheDir();
  const widths = await cachedWidthFolders(cacheDir);
  await Promise.all(widths.map((width) => fs.rm(cachedVariantPath(cacheDir, width, key), { force: true })));
}
