import fs from "node:fs/promises";
import path from "node:path";
import { config } from "~/utils/env.server";
import { VARIANT_WIDTHS } from "~/utils/image-variants";

/**
 * Where media files live. Files are addressed by a key ("hero/hero-1.webp") and
 * served by the app at /objects/<key>, whatever the backing store.
 */

export const OBJECTS_PREFIX = "/objects/";

export function uploadsDir(): string {
  return path.join(config().dataDir, "uploads");
}

export function objectPath(key: string): string {
  return OBJECTS_PREFIX + key;
}

/** Rejects keys that could escape the uploads folder. */
export function isSafeObjectKey(key: string): boolean {
  return /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/.test(key) && !key.includes("..");
}

export async function putLocalObject(key: string, body: Buffer): Promise<void> {
  if (!isSafeObjectKey(key)) throw new Error(`Unsafe object key: ${key}`);
  const file = path.join(uploadsDir(), key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, body);
}

/** Where /variants/* keeps the resized copies it made (server/image-variants.ts). */
export function variantsCacheDir(dataDir = config().dataDir): string {
  return path.join(dataDir, "cache", "variants");
}

/** The key of one of our objects ("/objects/demo/hero-1.webp" → "demo/hero-1.webp"), or null. */
export function objectKeyOf(filePath: string): string | null {
  if (!filePath.startsWith(OBJECTS_PREFIX)) return null;
  const key = filePath.slice(OBJECTS_PREFIX.length);
  return isSafeObjectKey(key) ? key : null;
}

/**
 * Deletes a stored file and the resized copies made of it. A file already gone is not
 * an error: the caller wants it gone.
 */
export async function deleteLocalObject(key: string): Promise<void> {
  if (!isSafeObjectKey(key)) throw new Error(`Unsafe object key: ${key}`);
  await fs.rm(path.join(uploadsDir(), key), { force: true });
  await Promise.all(VARIANT_WIDTHS.map((width) => fs.rm(path.join(variantsCacheDir(), String(width), `${key}.webp`), { force: true })));
}
