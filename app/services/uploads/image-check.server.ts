import fs from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import type { UploadImageType } from "~/services/uploads/upload-rules";

/**
 * What the server itself finds in an uploaded file, whatever the browser claimed: the
 * type by its first bytes, the size in pixels from the header, then a fresh encoding
 * of the pixels alone, so no metadata (EXIF, GPS, comments) and none of the original
 * bytes reach a visitor.
 */

/** More pixels than any photo needs; a small file can declare far more (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * The longest side of a published image: twice the widest place a photo is shown (the
 * 1280 px variant), so a full-screen view on a high-density screen is still sharp. It
 * also bounds the memory a re-encoding takes (bench: about 60 MiB for 14 MP in).
 */
export const MAX_PUBLISHED_EDGE = 2560;

const SIGNATURES: { type: UploadImageType; matches: (head: Buffer) => boolean }[] = [
  { type: "image/jpeg", matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { type: "image/png", matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/gif", matches: (head) => ["GIF87a", "GIF89a"].includes(head.toString("latin1", 0, 6)) },
  { type: "image/webp", matches: (head) => head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WEBP" },
];

const SHARP_FORMAT: Record<UploadImageType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

export const EXTENSION: Record<UploadImageType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** The image type a file's first bytes announce, or null for anything else (text, SVG, HTML). */
export async function sniffImageType(file: string): Promise<UploadImageType | null> {
  const handle = await fs.open(file);
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead < head.length) return null;
    return SIGNATURES.find((signature) => signature.matches(head))?.type ?? null;
  } finally {
    await handle.close();
  }
}

export type ImageCheck =
  | { kind: "ok"; type: UploadImageType; animated: boolean }
  | { kind: "too_many_pixels" }
  | { kind: "unreadable" };

/** Reads only the header: the declared size is judged before a single pixel is decoded. */
export async function checkImageHeader(file: string, type: UploadImageType): Promise<ImageCheck> {
  let metadata: Metadata;
  try {
    metadata = await sharp(file, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    return { kind: "unreadable" };
  }
  if (metadata.format !== SHARP_FORMAT[type] || !metadata.width || !metadata.height) return { kind: "unreadable" };
  // For an animation, height counts every frame: all of them are decoded.
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) return { kind: "too_many_pixels" };
  return { kind: "ok", type, animated: (metadata.pages ?? 1) > 1 };
}

/** The file written by reencodeImage: its bytes, and its pixels as a visitor's browser lays them out (one frame of an animation). */
export type ReencodedImage = { fileSize: number; width: number; height: number };

/**
 * Writes the image anew in its own format to `output`: turned upright, at most
 * MAX_PUBLISHED_EDGE on its longest side, with no metadata (sharp keeps none unless
 * asked).
 */
export async function reencodeImage(input: string, output: string, check: Extract<ImageCheck, { kind: "ok" }>): Promise<ReencodedImage> {
  let image = sharp(input, { animated: check.animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true });
  if (!check.animated) image = image.autoOrient();
  image = image.resize({ width: MAX_PUBLISHED_EDGE, height: MAX_PUBLISHED_EDGE, fit: "inside", withoutEnlargement: true });
  switch (check.type) {
    case "image/jpeg":
      // libjpeg-turbo, not mozjpeg: the latter saves a little and takes ten times as long.
      image = image.jpeg({ quality: 85 });
      break;
    case "image/png":
      image = image.png();
      break;
    case "image/gif":
      image = image.gif();
      break;
    case "image/webp":
      image = image.webp({ quality: 85 });
      break;
  }
  const info = await image.toFile(output);
  // An animation's height counts every frame; a frame's is the one a page shows.
  return { fileSize: info.size, width: info.width, height: info.pageHeight ?? info.height };
}
