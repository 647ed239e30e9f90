import { isMultipartType } from "~/http/form-body.server";
import { MAX_UPLOAD_BYTES, MOST_FILES_AT_ONCE } from "~/services/uploads/upload-rules";

/**
 * The pages whose forms post files without JavaScript (multipart/form-data). Their
 * multipart bodies reach the action as a stream of up to 10 MB a file they take plus this
 * overhead; every other body (theirs in any other type, which carries no file) is read
 * whole and capped at 1 MB (server/app.ts).
 */

/** Room for the form's other fields and the multipart framing around the file. */
const FORM_UPLOAD_OVERHEAD_BYTES = 64 * 1024;

// With or without the ".data" suffix of a Remix data request.
const ONE_FILE_PATHS = [
  /^\/admin\/dashboard\/media\/\d+\/reupload(\.data)?$/,
  // The property forms: the main image may be uploaded with them.
  /^\/admin\/dashboard\/properties\/new(\.data)?$/,
  /^\/admin\/dashboard\/properties\/\d+\/edit(\.data)?$/,
];
/** The uploaders taking several files at once: the Media tab's, and a home's Property Images. */
const SEVERAL_FILES_PATHS = [/^\/admin\/dashboard\/media\/upload(\.data)?$/, /^\/admin\/dashboard\/properties\/\d+\/media(\.data)?$/];

/** The most bytes a body that may carry files (multipart, to one of these pages) may have, streamed; null for any other body. */
export function formUploadLimit(pathname: string, contentType: string | undefined): number | null {
  if (!isMultipartType(contentType)) return null;
  const files = SEVERAL_FILES_PATHS.some((pattern) => pattern.test(pathname)) ? MOST_FILES_AT_ONCE : ONE_FILE_PATHS.some((pattern) => pattern.test(pathname)) ? 1 : 0;
  return files ? files * MAX_UPLOAD_BYTES + FORM_UPLOAD_OVERHEAD_BYTES : null;
}
