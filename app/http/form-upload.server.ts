import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { issueUploadSlot, startReceiving } from "~/services/uploads/upload-slots.server";
import { StorageUnavailable } from "~/services/storage.server";
import { log } from "~/config/logger.server";
import { fieldNameCheck, FormRefused, isMultipartForm, mostFieldsOf, readForm, tooManyFields } from "~/http/form-body.server";
import { MultipartLimitExceeded, readMultipart, type FilePart, type MultipartPart } from "~/http/multipart.server";
import type { FormShape } from "~/utils/form-shape";
import { MAX_UPLOAD_BYTES, refusalNaming, UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { TooLarge } from "~/services/uploads/byte-limit.server";
import { rejected, type Rejection } from "~/services/uploads/intake.server";
import { receiveIntoQuarantine } from "~/services/uploads/quarantine.server";

/**
 * The forms that upload without JavaScript (multipart/form-data, field `file`): the
 * file part is streamed into quarantine through a slot of the signed-in admin, as the
 * browser's PUT would be, and never held whole in memory; the record step is then the
 * same as the JSON flow's. server/app.ts lets these paths stream their bodies, and
 * multipart.server.ts reads them part by part as they arrive.
 */

export const UPLOAD_FIELD = "file";
/** The most bytes of any other part (a text field): one more and the post is answered 413. */
const MOST_TEXT_PART_BYTES = 64 * 1024;

/** A file of the form, received into quarantine under a slot of its own. */
export type ReceivedFile = { slotId: string; filename: string };
export type FormUpload = { kind: "received"; slotId: string; filename: string; fields: FormData } | Rejection;
export type FormUploads = { kind: "received"; files: ReceivedFile[]; fields: FormData } | Rejection;
/** `upload` is the first of `uploads`, for the forms that take one file. */
export type FormWithUpload = { kind: "read"; fields: FormData; upload: ReceivedFile | null; uploads: ReceivedFile[] } | Rejection;

class PartTooLarge extends Error {
  override name = "PartTooLarge";
  constructor(field: string) {
    super(`the field "${field}" is over ${MOST_TEXT_PART_BYTES} bytes`);
  }
}

function isTooLarge(error: unknown): boolean {
  return (
    TooLarge.is(error) ||
    error instanceof PartTooLarge ||
    (error instanceof MultipartLimitExceeded && error.limit === "file") ||
    (error as Error)?.name === "PayloadTooLargeError"
  );
}

/** The file a size limit stopped, when the parser says which (several may be received at once). */
function tooLargeFileOf(error: unknown): string | null {
  return error instanceof MultipartLimitExceeded ? (error.filename ?? null) : null;
}

/** A file part in another declared field, as a File of at most MOST_TEXT_PART_BYTES (the form's schema then judges it). */
async function smallFile(part: FilePart): Promise<File> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for await (const chunk of part.data as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MOST_TEXT_PART_BYTES) throw new PartTooLarge(part.name);
    chunks.push(new Uint8Array(chunk));
  }
  return new File(chunks, part.filename, { type: part.contentType });
}

/**
 * A form that may carry files in the field `file` (one, or as many as the shape's
 * `repeats` lets it): its other fields, and each file chosen already stored in
 * quarantine under a slot of its own of `adminEmail`'s, in the order sent (the order the
 * admin chose them). Its fields are read as `shape` declares them (readForm's rules,
 * form-body.server.ts): a post it refuses, one more file among them, throws FormRefused.
 */
export async function readFormWithUpload(request: Request, adminEmail: string, shape: FormShape): Promise<FormWithUpload> {
  const uploads: ReceivedFile[] = [];
  const keep = fieldNameCheck(shape);
  const fields = new FormData();

  const receiveFile = async (part: FilePart): Promise<void> => {
    const slot = issueUploadSlot(adminEmail);
    startReceiving(slot.id);
    // Listed as the part arrives: small files already in the body's first chunk are
    // received side by side, and the order is the one the admin chose them in.
    uploads.push({ slotId: slot.id, filename: part.filename });
    // A failure here (too large, storage down, the body cut off) stops the reading of the
    // part and of the form, which is refused as a whole.
    await receiveIntoQuarantine(slot.id, part.data, "application/octet-stream");
  };

  // Synchronous up to the file's bytes: a name refused stops the reading before the next part.
  const readPart = (part: MultipartPart): void | Promise<void> => {
    // Counts and checks every part's name before anything else (a file past the form's
    // count is refused); a stray plain name is read past and dropped.
    if (!keep(part.name)) return;
    if (part.name === UPLOAD_FIELD) {
      // A form sent without a file chosen still has the part, with no name and no bytes.
      if (part.kind === "text" || !part.filename) return;
      return receiveFile(part);
    }
    if (part.kind === "file") return smallFile(part).then((file) => fields.append(part.name, file));
    if (part.truncated) throw new PartTooLarge(part.name);
    fields.append(part.name, part.value);
  };

  try {
    if (!isMultipartForm(request)) return { kind: "read", fields: await readForm(request, shape), upload: null, uploads: [] };
    if (!request.body) return { kind: "read", fields, upload: null, uploads: [] };
    // One part more than the form's count of fields, which fieldNameCheck refuses first.
    const limits = { parts: mostFieldsOf(shape) + 1, textBytes: MOST_TEXT_PART_BYTES, fileBytes: MAX_UPLOAD_BYTES };
    const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    await readMultipart(request.headers.get("Content-Type") ?? "", body, limits, readPart);
  } catch (error) {
    // Answered by the action's wrapper; a file already in quarantine stays unrecorded
    // and goes with the daily cleanup.
    if (error instanceof FormRefused) throw error;
    if (error instanceof MultipartLimitExceeded && error.limit === "parts") throw tooManyFields(shape);
    if (isTooLarge(error)) return rejected(413, refusalNaming(tooLargeFileOf(error) ?? uploads.at(-1)?.filename, UPLOAD_MESSAGES.tooLarge));
    // The file could not be put in quarantine: its slot is already marked rejected and
    // nothing else was written, so the form is refused as a whole, to be sent again.
    if (error instanceof StorageUnavailable) {
      log.error("upload: form file not stored", { error: error.message });
      return rejected(503, UPLOAD_MESSAGES.storageUnavailable);
    }
    // Not a readable form (another content type, broken multipart): read as an empty
    // one, which the form then refuses, as readForm does. A file already in
    // quarantine stays unrecorded and goes with the daily cleanup.
    return { kind: "read", fields: new FormData(), upload: null, uploads: [] };
  }
  return { kind: "read", fields, upload: uploads[0] ?? null, uploads };
}

/** The upload dialogs' form, where the file is the point: none chosen is an error. */
export async function receiveFormUpload(request: Request, adminEmail: string, shape: FormShape): Promise<FormUpload> {
  const read = await receiveFormUploads(request, adminEmail, shape);
  if (read.kind === "rejected") return read;
  return { kind: "received", ...read.files[0], fields: read.fields };
}

/** The uploaders' form taking several files (the shape's `repeats` of `file`): none chosen is an error. */
export async function receiveFormUploads(request: Request, adminEmail: string, shape: FormShape): Promise<FormUploads> {
  const read = await readFormWithUpload(request, adminEmail, shape);
  if (read.kind === "rejected") return read;
  if (!read.uploads.length) return rejected(400, UPLOAD_MESSAGES.noFile);
  return { kind: "received", files: read.uploads, fields: read.fields };
}
