import { z } from "zod";
import { fitsOnOneLine } from "~/utils/control-characters";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { MEDIA_PATH } from "~/paths";

/**
 * The Media tab's rules and texts, shared by its page actions, its JSON calls and the
 * browser: the hero switch's schema, the link form's schema, the list's query (search
 * and page) and docs/product.md §8's toasts. Not a .server module: the browser uses it.
 */

export const MEDIA_PAGE_SIZE = 24;
/** The most a JSON caller gets in one page (`?limit=`). */
export const MEDIA_API_MAX_LIMIT = 100;
/** The link dialog lists at most this many properties; a longer name finds the rest. */
export const LINK_MATCH_LIMIT = 20;
export const MEDIA_QUERY_MAX_LENGTH = 200;

export const MEDIA_MESSAGES = {
  heroUpdated: "Hero image status updated successfully",
  heroFailed: "Failed to update hero image status",
  linked: "Image linked to property successfully",
  linkFailed: "Failed to link image to property",
  unlinked: "Image unlinked from property successfully",
  unlinkFailed: "Failed to unlink image from property",
  deleted: "File deleted successfully",
  deleteFailed: "Failed to delete file",
  urlCopied: "URL copied to clipboard",
  notFound: "That media item does not exist",
  propertyNotFound: "That property does not exist",
  notLinked: "That media item is not linked to that property",
  heroNotBoolean: "isHeroImage must be true or false",
  propertyRequired: "Choose a property",
  pageInvalid: "The page must be a whole number from 1",
  limitInvalid: `The limit must be a whole number from 1 to ${MEDIA_API_MAX_LIMIT}`,
  queryTooLong: `At most ${MEDIA_QUERY_MAX_LENGTH} characters`,
  unknownAction: "Unknown action",
} as const;

/** PATCH /api/admin/media/{id}/hero's body and the hero switch's form (docs/product.md §7). */
export const heroImageSchema = z.object({
  isHeroImage: z.boolean({ required_error: MEDIA_MESSAGES.heroNotBoolean, invalid_type_error: MEDIA_MESSAGES.heroNotBoolean }),
});

/** The switch posts "true" or "false"; anything else stays as sent, so the schema refuses it. */
export function heroImageFormValues(formData: FormData): { isHeroImage: unknown } {
  const value = formData.get("isHeroImage");
  return { isHeroImage: value === "true" ? true : value === "false" ? false : value ?? undefined };
}

const positiveId = z
  .string({ required_error: MEDIA_MESSAGES.propertyRequired, invalid_type_error: MEDIA_MESSAGES.propertyRequired })
  .regex(/^\d{1,15}$/, MEDIA_MESSAGES.propertyRequired)
  .transform(Number)
  .refine((id) => id > 0, MEDIA_MESSAGES.propertyRequired);

/** The link dialog's form: the property chosen from the search. */
export const linkMediaSchema = z.object({ propertyId: positiveId });

const wholeNumber = (message: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), message);

/**
 * The list's query: `q` (a part of the original file name), `page` (from 1) and, for
 * JSON callers, `limit`. The tab reads it leniently (a bad page shows the first);
 * GET /api/admin/media answers 400 with the field errors.
 */
export const mediaListQuerySchema = z.object({
  q: z.string().trim().max(MEDIA_QUERY_MAX_LENGTH, MEDIA_MESSAGES.queryTooLong).optional(),
  page: wholeNumber(MEDIA_MESSAGES.pageInvalid).optional(),
  limit: wholeNumber(MEDIA_MESSAGES.limitInvalid, MEDIA_API_MAX_LIMIT).optional(),
});

export function mediaListQueryValues(params: URLSearchParams) {
  const value = (name: string) => params.get(name) ?? undefined;
  return { q: value("q"), page: value("page"), limit: value("limit") };
}

/** The tab's search for a search text and a page: "?q=oak&page=2", "" for the first page of all. */
export function mediaTabSearchFor(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The tab's own search and page from a URL: the part dialogs carry back to the tab. */
export function mediaTabSearch(params: URLSearchParams): string {
  const page = params.get("page") ?? "";
  return mediaTabSearchFor(params.get("q")?.trim() ?? "", /^\d{1,9}$/.test(page) ? Number(page) : 1);
}

/** Back to the tab at the search and page a URL carries (a dialog's URL, an action's). */
export function mediaTabUrl(params: URLSearchParams): string {
  return `${MEDIA_PATH}${mediaTabSearch(params)}`;
}

/** "1.2 MB": sizes as people read them. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/**
 * The body of POST /api/admin/media/upload and PUT /api/admin/media/{id}/reupload
 * (docs/product.md §7). fileSize and mimeType are what the browser claims: accepted for
 * the contract, never believed; the record holds what the server measured.
 */
export const mediaUploadSchema = z.object({
  filename: z
    .string({ required_error: UPLOAD_MESSAGES.filenameRequired, invalid_type_error: UPLOAD_MESSAGES.filenameRequired })
    .trim()
    .min(1, UPLOAD_MESSAGES.filenameRequired)
    .max(1000, UPLOAD_MESSAGES.filenameRequired)
    // The name is shown in the Media tab and the change log; the browser's uploader
    // drops such characters from a file's name before it sends it (upload-client.ts).
    .refine(fitsOnOneLine, UPLOAD_MESSAGES.filenameControls),
  filePath: z
    .string({ required_error: UPLOAD_MESSAGES.filePathRequired, invalid_type_error: UPLOAD_MESSAGES.filePathRequired })
    .min(1, UPLOAD_MESSAGES.filePathRequired),
  fileSize: z.number().optional(),
  mimeType: z.string().optional(),
});

/** An image of the library offered as a property's main image. */
export type MediaImageChoice = { filePath: string; originalName: string };

/** PUT /api/property-images's body. */
export const propertyImageSchema = z.object({
  imageURL: z.string({ required_error: UPLOAD_MESSAGES.notUploadURL, invalid_type_error: UPLOAD_MESSAGES.notUploadURL }).min(1, UPLOAD_MESSAGES.notUploadURL),
});
