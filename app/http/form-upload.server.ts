import { Readable } from "node:stream";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { issueUploadSlot, startReceiving } from "~/services/uploads/upload-slots.server";
import { StorageUnavailable } from "~/services/storage.server";
import { log } from "~/config/logger.server";
import { fieldNameCheck, FormRefused, isMultipartForm, readForm } from "~/http/form-body.server";
import type { FormShape } from "~/utils/form-shape";
import { UPLOAD_MESSAGES } from "~/services/uploads/upload-rules";
import { TooLarge } from "~/services/uploads/byte-limit.server";
import { rejected, type Rejection } from "~/services/uploads/intake.server";
import { receiveIntoQuarantine } from "~/services/uploads/quarantine.server";

/**
 * The forms that upload without JavaScript (multipart/form-data, field `file`): the
 * file part is streamed into quarantine through a slot of the signed-in admin, as the
 * browser's PUT would be, and never held whole in memory; the record step is then the
 * same as the JSON flow's. server/app.ts lets these paths stream their bodies.
 */

export const UPLOAD_FIELD = "file";

export type FormUpload = { kind: "received"; slotId: string; filename: string; fields: FormData } | Rejection;
export type FormWithUpload = { kind: "read"; fields: FormData; upload: { slotId: string; filename: string } | null } | Rejection;

function isTooLarge(error: unknown): boolean {
  return TooLarge.is(error) || error instanceof MaxPartSizeExceededError || (error as Error)?.name === "PayloadTooLargeError";
}

/**
 * A form that may carry one file in the field `file`: its other fields, and the file (if
 * one was chosen) already stored in quarantine under a new slot of `adminEmail`'s. Its
 * fields are read as `shape` declares them (readForm's rules, form-body.server.ts): a
 * post it refuses throws FormRefused.
 */
export async function readFormWithUpload(request: Request, adminEmail: string, shape: FormShape): Promise<FormWithUpload> {
  let upload: { slotId: string; filename: string } | null = null;
  const keep = fieldNameCheck(shape);

  // Counts and checks every part's name before any other handler sees it; a stray
  // plain name is read past and dropped below.
  const declaredOnly: UploadHandler = async ({ name, data }) => {
    if (keep(name)) return undefined;
    for await (const chunk of data) void chunk;
    return "";
  };

  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== UPLOAD_FIELD) return undefined;
    // A form sent without a file chosen still has the part, with no name and no bytes.
    // (Answered with a string, never undefined: the memory handler would read the part again.)
    if (!filename || upload) {
      for await (const chunk of data) void chunk;
      return "";
    }
    const slot = issueUploadSlot(adminEmail);
    startReceiving(slot.id);
    const source = Readable.from(data);
    await receiveIntoQuarantine(slot.id, source, "application/octet-stream").catch((error: unknown) => {
      source.destroy(); // stops reading the part: the form is refused as a whole
      throw error;
    });
    upload = { slotId: slot.id, filename };
    return filename;
  };

  let fields: FormData;
  try {
    fields = isMultipartForm(request)
      ? await parseMultipartFormData(request, composeUploadHandlers(declaredOnly, fileHandler, createMemoryUploadHandler({ maxPartSize: 64 * 1024 })))
      : await readForm(request, shape);
  } catch (error) {
    // Answered by the action's wrapper; a file already in quarantine stays unrecorded
    // and goes with the daily cleanup.
    if (error instanceof FormRefused) throw error;
    if (isTooLarge(error)) return rejected(413, UPLOAD_MESSAGES.tooLarge);
    // The file could not be put in quarantine: its slot is already marked rejected and
    // nothing else was written, so the form is refused as a whole, to be sent again.
    if (error instanceof StorageUnavailable) {
      log.error("upload: form file not stored", { error: error.message });
      return rejected(503, UPLOAD_MESSAGES.storageUnavailable);
    }
    // Not a readable form (another content type, broken multipart): read as an empty
    // one, which the form then refuses, as readForm does. A file already in
    // quarantine stays unrecorded and goes with the daily cleanup.
    return { kind: "read", fields: new FormData(), upload: null };
  }
  const declared = new Set(shape.fields);
  for (const name of [...fields.keys()]) if (!declared.has(name)) fields.delete(name);
  fields.delete(UPLOAD_FIELD);
  return { kind: "read", fields, upload };
}

/** The upload dialogs' form, where the file is the point: none chosen is an error. */
export async function receiveFormUpload(request: Request, adminEmail: string, shape: FormShape): Promise<FormUpload> {
  const read = await readFormWithUpload(request, adminEmail, shape);
  if (read.kind === "rejected") return read;
  if (!read.upload) return rejected(400, UPLOAD_MESSAGES.noFile);
  return { kind: "received", ...read.upload, fields: read.fields };
}
