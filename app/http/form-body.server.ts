import querystring from "node:querystring";
import { Readable } from "node:stream";
import { mostTimesOf, type FormShape } from "~/utils/form-shape";
import { MultipartLimitExceeded, readMultipart } from "~/http/multipart.server";

/**
 * The fields of a form post, read as the form declares them and nothing more
 * (docs/decisions/038-declared-form-fields.md).
 *
 * A parser that builds structure from field names (conform's parseWithZod turns `a[N]`
 * into an array of N entries and copies an array each time a name repeats) must never
 * meet a name a visitor chose: one 13-byte post stalled the whole server. So every form
 * action reads its body here, against its `FormShape`:
 * - a body over the form's byte cap is refused (413) before it is parsed;
 * - the fields are counted as they are read, and past the form's own count the post is
 *   refused (400) without reading on;
 * - a name the form does not declare is dropped, unless it could be read as structure
 *   (brackets, dots, conform's reserved `__intent__` and `__state__`): then the post is
 *   refused (400);
 * - a name sent twice is refused (400), unless the form lets it repeat (a file input
 *   taking several files) and it comes no more times than the form says.
 * What comes out holds only declared, flat names, each once, so whatever parses it next
 * does a bounded amount of work. A body that is not a form at all (JSON, plain text,
 * broken multipart) is read as an empty form, which the form's schema then refuses field
 * by field, as before.
 */

/** Why a post was refused: its status and what the page says (error-pages.tsx). */
export class FormRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    reason: string,
  ) {
    super(reason);
    this.name = "FormRefused";
  }
}

/**
 * The refusal an error is, if it is one. By its name and status, not `instanceof`: the
 * server (build/server.js) and the app (build/remix/server/index.js) are bundled apart, each with its
 * own copy of this class.
 */
export function formRefusalOf(error: unknown): { status: 400 | 413 } | null {
  if (!(error instanceof Error) || error.name !== "FormRefused") return null;
  const { status } = error as { status?: unknown };
  return status === 400 || status === 413 ? { status } : null;
}

/** Names no form of ours posts, which a structure-building parser would read as paths. */
const STRUCTURED_NAME = /[[\].]|^__/;
/** Names a browser or an extension may add beside the form's own: read past, never kept. */
const SPARE_FIELDS = 4;
/** The most fields a post of the form may have, its own (each as many times as it may come) and spare ones: one more is refused (400). */
export const mostFieldsOf = (shape: FormShape): number => shape.fields.reduce((sum, name) => sum + mostTimesOf(shape, name), 0) + SPARE_FIELDS;
/** Refuses a multipart post past the form's count of fields, as fieldNameCheck does. */
export const tooManyFields = (shape: FormShape): FormRefused => new FormRefused(400, `more than ${mostFieldsOf(shape)} fields`);
/**
 * The check every field name passes as it is read: whether to keep it (declared), drop it
 * (a stray plain name), or refuse the whole post.
 */
export function fieldNameCheck(shape: FormShape): (name: string) => boolean {
  const declared = new Set(shape.fields);
  const times = new Map<string, number>();
  const maxFields = mostFieldsOf(shape);
  let count = 0;
  return (name) => {
    if (count >= maxFields) throw tooManyFields(shape);
    count += 1;
    const seen = times.get(name) ?? 0;
    if (seen >= mostTimesOf(shape, name)) throw new FormRefused(400, "a field name repeated");
    times.set(name, seen + 1);
    if (declared.has(name)) return true;
    if (STRUCTURED_NAME.test(name)) throw new FormRefused(400, "a field name the form does not declare");
    return false;
  };
}

const URLENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
const MULTIPART = /^multipart\/form-data\s*;/i;

/** Whether a Content-Type is a urlencoded form's. */
export const isUrlencodedType = (contentType: string | null | undefined): boolean => URLENCODED.test(contentType ?? "");
/** Whether a Content-Type is a multipart form's (with its boundary). */
export const isMultipartType = (contentType: string | null | undefined): boolean => MULTIPART.test(contentType ?? "");

export const isMultipartForm = (request: Request): boolean => isMultipartType(request.headers.get("Content-Type"));
const isUrlencodedForm = (request: Request): boolean => isUrlencodedType(request.headers.get("Content-Type"));

/** The body's bytes, refused (413) past `maxBytes` without reading on. */
export async function bodyBytesWithin(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new FormRefused(413, "body over the form's cap");
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FormRefused(413, "body over the form's cap");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** As browsers and URLSearchParams decode: `+` is a space, a broken %-escape stays as written. */
function decodeFormComponent(text: string): string {
  return querystring.unescape(text.replace(/\+/g, " "));
}

/**
 * The name=value pairs of a urlencoded body, decoded one at a time as they are asked
 * for: a caller that stops (or throws) stops the reading, whatever follows.
 */
export function* urlencodedPairs(body: string): Generator<{ name: string; value: () => string }> {
  let start = 0;
  while (start < body.length) {
    let end = body.indexOf("&", start);
    if (end === -1) end = body.length;
    if (end > start) {
      const pair = body.slice(start, end);
      const equals = pair.indexOf("=");
      const name = decodeFormComponent(equals === -1 ? pair : pair.slice(0, equals));
      yield { name, value: () => (equals === -1 ? "" : decodeFormComponent(pair.slice(equals + 1))) };
    }
    start = end + 1;
  }
}

/** The declared fields of a urlencoded body, read pair by pair (no more pairs than the form allows). */
export function declaredUrlencodedFields(body: string, shape: FormShape): FormData {
  const keep = fieldNameCheck(shape);
  const fields = new FormData();
  for (const { name, value } of urlencodedPairs(body)) if (keep(name)) fields.append(name, value());
  return fields;
}

/** The most fields any form of the site posts, with room to spare (the property form has about 20). */
export const MOST_FORM_FIELDS = 64;

/**
 * Whether a urlencoded body could be a post of one of the site's forms at all: at most
 * MOST_FORM_FIELDS names, each once, none that reads as structure. The server asks it of
 * every form post before the app (server/remix-handler.ts), so a crafted body is
 * answered in a millisecond; each action then reads its own declared fields (readForm).
 */
export function isPlausibleFormBody(body: string): boolean {
  const seen = new Set<string>();
  for (const { name } of urlencodedPairs(body)) {
    if (seen.size >= MOST_FORM_FIELDS || seen.has(name) || STRUCTURED_NAME.test(name)) return false;
    seen.add(name);
  }
  return true;
}

/**
 * A multipart body's declared text fields (multipart.server.ts reads the parts); a file
 * part is no field of these forms and is dropped. fieldNameCheck counts the parts; the
 * parser's own count, one part more, also counts those it skips without handing them
 * over (no form-data Content-Disposition): past it the post is refused (400) as well.
 */
async function declaredMultipartFields(request: Request, bytes: Uint8Array, shape: FormShape): Promise<FormData> {
  const keep = fieldNameCheck(shape);
  const fields = new FormData();
  const body = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
  // The body is already within the form's cap, which bounds every part: no text is cut.
  const limits = { parts: mostFieldsOf(shape) + 1, textBytes: shape.maxBytes, fileBytes: shape.maxBytes };
  try {
    await readMultipart(request.headers.get("Content-Type") ?? "", body, limits, (part) => {
      // Each part is read to its end, so the parser moves on to the next one.
      if (part.kind === "file") part.data.resume();
      if (!keep(part.name) || part.kind === "file") return;
      fields.append(part.name, part.value);
    });
  } catch (error) {
    if (error instanceof FormRefused) throw error;
    if (error instanceof MultipartLimitExceeded && error.limit === "parts") throw tooManyFields(shape);
    return new FormData();
  }
  return fields;
}

/**
 * What every form action reads its body with: the form's declared fields, each at most
 * once. A post it refuses (see the top of this file) throws FormRefused, which every
 * action's wrapper (server/form-refusal-routes.ts) answers with its status and a page
 * saying "this form could not be read", in the visitor's language.
 */
export async function readForm(request: Request, shape: FormShape): Promise<FormData> {
  const urlencoded = isUrlencodedForm(request);
  const multipart = isMultipartForm(request);
  if (!urlencoded && !multipart) {
    // Not a form: nothing to read, but the cap holds all the same.
    await bodyBytesWithin(request, shape.maxBytes);
    return new FormData();
  }
  const bytes = await bodyBytesWithin(request, shape.maxBytes);
  if (urlencoded) return declaredUrlencodedFields(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"), shape);
  return declaredMultipartFields(request, bytes, shape);
}
