import { ONE_LINE_RULE } from "~/utils/control-characters";

/**
 * The upload rules (docs/product.md §7 and §9), shared by the server's checks and the
 * browser's uploader: images only, at most 10485760 bytes, one file per upload. The
 * uploaders take up to MOST_FILES_AT_ONCE files at a time, each its own upload.
 */

export const MAX_UPLOAD_BYTES = 10_485_760;
/** The most files an uploader takes at once (the Media tab's, Property Images'). */
export const MOST_FILES_AT_ONCE = 10;

/** The image types the uploader offers and the server accepts, by their bytes. */
export const UPLOAD_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** The file picker's `accept`: the types and their usual extensions. */
export const UPLOAD_ACCEPT = [...UPLOAD_IMAGE_TYPES, ".jpg", ".jpeg", ".png", ".gif", ".webp"].join(",");

export function isUploadImageType(type: string): type is UploadImageType {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(type);
}

/** What the uploader sends as it is: an image of a kind the server takes, within the limit (others are made smaller or refused by name). */
export function acceptableUpload(file: { size: number; type: string }): boolean {
  return file.size > 0 && file.size <= MAX_UPLOAD_BYTES && isUploadImageType(file.type);
}

export const UPLOAD_MESSAGES = {
  imageUploaded: "Image uploaded successfully",
  fileUploaded: "File uploaded successfully",
  imageReuploaded: "Image re-uploaded successfully",
  tooLarge: "The file is larger than 10 MB (10485760 bytes)",
  empty: "The file is empty",
  nothingUploaded: "No file was uploaded to that URL",
  notAnImage: "The file is not a JPEG, PNG, GIF or WebP image",
  tooManyPixels: "The image has too many pixels (at most 50 megapixels)",
  unreadable: "The image could not be read",
  notYourUpload: "That upload does not exist or is not yours",
  alreadyUsed: "That upload was already used",
  refusedBefore: "That upload was refused; please upload the file again",
  expired: "The upload link has expired; please try again",
  notUploadURL: "imageURL must be an upload URL from POST /api/objects/upload",
  filenameRequired: "filename is required",
  filenameControls: `filename ${ONE_LINE_RULE}`,
  filePathRequired: "filePath is required",
  storageUnavailable: "File storage is unavailable; please try again later",
  noFile: "Choose an image to upload",
  /** A file the browser cannot make fit: over 10 MB and not a photo it can read and shrink. */
  cannotShrink: "The file is larger than 10 MB and cannot be made smaller here",
} as const;

/** What an uploader says once its files are up: "Image uploaded successfully", "3 images uploaded successfully". */
export function imagesUploaded(count: number): string {
  return count === 1 ? UPLOAD_MESSAGES.imageUploaded : `${count} images uploaded successfully`;
}

/**
 * What became of an uploader's post without JavaScript that did not all go through: the
 * names of the files uploaded, and a refusal naming each of the others.
 */
export type UploadFormAnswer = { uploaded: string[]; refused: string[] };

/** The hint under an uploader's file picker. */
export function uploadHint(most: number): string {
  return most === 1 ? "JPEG, PNG, GIF or WebP, up to 10 MB; one file per upload." : `JPEG, PNG, GIF or WebP, up to 10 MB each; up to ${most} files at once, each its own upload.`;
}

/**
 * A refusal that names the file it is about (docs/product.md §2, the uploader): staff
 * choosing several files, or a phone's HEIC photo, learn which one and why.
 * "“scan.pdf” was not uploaded: the file is not a JPEG, PNG, GIF or WebP image."
 */
export function refusalNaming(filename: string | null | undefined, reason: string): string {
  if (!filename) return reason;
  return `“${filename}” was not uploaded: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.`;
}
