import { formatFileSize } from "~/models/media-form";
import { acceptableUpload, isUploadImageType, MAX_UPLOAD_BYTES, refusalNaming, UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";

/**
 * A phone photo over the upload limit, made to fit in the browser before it goes up
 * (docs/product.md §2, the uploader): a JPEG, PNG or WebP over 10 MB is decoded (turned
 * as its EXIF says), scaled so its longest side is at most 2560 px, as the server would
 * store it, and encoded again: a JPEG as JPEG, the others as WebP (which keeps
 * transparency), at falling quality until it fits. The server still checks everything.
 * A file that is not such an image (a PDF, a phone's HEIC photo), or one too large that
 * cannot be read or made to fit, is refused with a message that names it.
 */

export const LONGEST_SIDE_PX = 2560;
const SHRINKABLE = ["image/jpeg", "image/png", "image/webp"];
const QUALITIES = [0.9, 0.82, 0.72];

export type Shrunk = { from: { size: number; width: number; height: number }; to: { width: number; height: number } };
export type PreparedUpload = { kind: "ready"; file: File; shrunk?: Shrunk } | { kind: "refused"; message: string };

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

function renamed(name: string, type: string): string {
  const extension = type === "image/jpeg" ? ".jpg" : ".webp";
  const base = name.replace(/\.[^.]*$/, "") || "image";
  return `${base}${extension}`;
}

/** "Made smaller to fit the 10 MB limit: 12.3 MB, 4032 × 3024 px before; 2.1 MB, 2560 × 1920 px now." */
export function shrunkNote(shrunk: Shrunk, file: File): string {
  const { from, to } = shrunk;
  return `Made smaller to fit the 10 MB limit: ${formatFileSize(from.size)}, ${from.width} × ${from.height} px before; ${formatFileSize(file.size)}, ${to.width} × ${to.height} px now.`;
}

function refused(file: File, reason: string): PreparedUpload {
  return { kind: "refused", message: refusalNaming(file.name, reason) };
}

export async function prepareUpload(file: File): Promise<PreparedUpload> {
  if (acceptableUpload(file)) return { kind: "ready", file };
  if (!isUploadImageType(file.type)) return refused(file, UPLOAD_MESSAGES.notAnImage);
  if (file.size === 0) return refused(file, UPLOAD_MESSAGES.empty);
  if (!SHRINKABLE.includes(file.type)) return refused(file, UPLOAD_MESSAGES.cannotShrink);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return refused(file, UPLOAD_MESSAGES.cannotShrink);
  }
  const scale = Math.min(1, LONGEST_SIDE_PX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const shrunk = { from: { size: file.size, width: bitmap.width, height: bitmap.height }, to: { width: canvas.width, height: canvas.height } };
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === "image/jpeg" ? "image/jpeg" : "image/webp";
  for (const quality of QUALITIES) {
    const blob = await encode(canvas, type, quality);
    if (blob && blob.size > 0 && blob.size <= MAX_UPLOAD_BYTES) {
      return { kind: "ready", file: new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified }), shrunk };
    }
  }
  return refused(file, UPLOAD_MESSAGES.cannotShrink);
}
