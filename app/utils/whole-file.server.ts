import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Writes `file` so that a reader (this process, another one, or a later start after a
 * kill) finds either what was there before or the whole new content, never part of it:
 * the bytes go to a file beside it, which is then renamed over it (a rename within one
 * folder is atomic). A write that fails removes its partial file.
 */
export async function writeWholeFile(file: string, data: Buffer | AsyncIterable<Uint8Array>): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  try {
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
}
