import { isMultipartType } from "~/http/form-body.server";

/**
 * The pages whose forms post a file without JavaScript (multipart/form-data). Their
 * multipart bodies reach the action as a stream of up to 10 MB plus this overhead; every
 * other body (theirs in any other type, which carries no file) is read whole and capped
 * at 1 MB (server/app.ts).
 */

/** Room for the form's other fields and the multipart framing around the file. */
export const FORM_UPLOAD_OVERHEAD_BYTES = 64 * 1024;

// With or without the ".data" suffix of a Remix data request.
const FORM_UPLOAD_PATHS = [
  /^\/admin\/dashboard\/media\/upload(\.data)?$/,
  /^\/admin\/dashboard\/media\/\d+\/reupload(\.data)?$/,
  // The property forms: the main image may be uploaded with them.
  /^\/admin\/dashboard\/properties\/new(\.data)?$/,
  /^\/admin\/dashboard\/properties\/\d+\/edit(\.data)?$/,
];

function isFormUploadPath(pathname: string): boolean {
  return FORM_UPLOAD_PATHS.some((pattern) => pattern.test(pathname));
}

/** A body that may carry a file: multipart, to one of these pages. */
export function isFormUpload(pathname: string, contentType: string | undefined): boolean {
  return isFormUploadPath(pathname) && isMultipartType(contentType);
}
