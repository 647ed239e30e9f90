import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Page } from "@playwright/test";
import sharp from "sharp";
import { withE2eDatabase } from "./support";

// Files for the Media tab's upload tests (admin-uploads*.spec.ts), and their cleanup.

/** A file on disk for the file picker: `bytes` written under a name of our choosing. */
export function fileNamed(name: string, bytes: Buffer): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-upload-"));
  const file = path.join(folder, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** A photo-like JPEG of noise: about 2 MB, so a slowed upload takes a few seconds. */
export async function noisyJpeg(width = 1400, height = 1000, quality = 95): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** Removes the media rows (and their files through the app's own delete) whose original name starts with `prefix`. */
export async function removeUploads(page: Page, prefix: string) {
  const ids = withE2eDatabase((db) => db.prepare("select id from media where original_name like ?").all(`${prefix}%`) as { id: number }[]);
  for (const { id } of ids) await page.request.delete(`/api/admin/media/${id}`, { headers: { Origin: new URL(page.url()).origin } });
}
