import fs from "node:fs/promises";
import path from "node:path";
import { config } from "~/utils/env.server";

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
