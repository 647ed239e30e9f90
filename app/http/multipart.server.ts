import { Busboy, type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { Readable } from "node:stream";

/**
 * A multipart/form-data body read part by part as it arrives, with @fastify/busboy
 * (docs/decisions/067-multipart-parser.md): a text part is handed over with its value,
 * at most `textBytes` of it; a file part as a stream of its bytes, never held here, so
 * that whoever takes it (the quarantine, form-upload.server.ts) receives it at the
 * pace it writes. The forms' own rules (which names, how many, what is refused) are
 * their callers': form-body.server.ts and form-upload.server.ts.
 */

/** A part without a file name: its value, read up to the limit (`truncated` past it). */
export type TextPart = { kind: "text"; name: string; value: string; truncated: boolean };
/** A part with a file name (an empty one too: a file input left empty): its bytes as they arrive. */
export type FilePart = { kind: "file"; name: string; filename: string; contentType: string; data: Readable };
export type MultipartPart = TextPart | FilePart;

export type MultipartLimits = {
  /** The most parts; one more fails the reading (MultipartLimitExceeded, "parts"). */
  parts: number;
  /** The most bytes of a text part's value that are kept; the rest is read past, and the part marked `truncated`. */
  textBytes: number;
  /** The most bytes of a file part; one more fails its stream and the reading (MultipartLimitExceeded, "file"). */
  fileBytes: number;
};

/**
 * Bounds of a part's header block, which browsers fill with two short lines
 * (Content-Disposition and Content-Type): past them busboy keeps no more of it.
 */
const MOST_HEADER_BYTES = 8 * 1024;
const MOST_HEADER_LINES = 16;

/** A body that is not a multipart form that can be read: no boundary, a nameless part, no closing boundary. */
export class MultipartUnreadable extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = "MultipartUnreadable";
  }
}

/** A body past one of MultipartLimits. */
export class MultipartLimitExceeded extends Error {
  constructor(
    readonly limit: "parts" | "file",
    readonly most: number,
    /** The file part over the limit ("file"). */
    readonly filename?: string,
  ) {
    super(limit === "parts" ? `more than ${most} parts` : `a file part over ${most} bytes`);
    this.name = "MultipartLimitExceeded";
  }
}

const BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i;

/**
 * Reads `body`, a multipart/form-data body of type `contentType`, handing each part to
 * `onPart` in order. A file part's `data` must be read (or resumed to drop it); once
 * `onPart` has settled, whatever of it is left is dropped. Resolves once the closing
 * boundary is read and every `onPart` has settled.
 *
 * Rejects with the first failure: what `onPart` threw or rejected with, an error of the
 * body stream (a size cap's), MultipartLimitExceeded, or MultipartUnreadable. From then
 * on no part is handed over, the body is no longer read, a file part being read fails
 * with the same error (so its reader stops), and the rejection waits until every
 * `onPart` begun has settled.
 */
export function readMultipart(contentType: string, body: Readable, limits: MultipartLimits, onPart: (part: MultipartPart) => void | Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (!BOUNDARY.test(contentType)) return reject(new MultipartUnreadable("no boundary"));
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: { "content-type": contentType },
        // A part is a file when it has a file name, as the browser sends a file input
        // (the spec's rule), whatever its Content-Type says.
        isPartAFile: (_name, _type, filename) => filename !== undefined,
        limits: {
          // Parts busboy skips (without a form-data Content-Disposition) count too.
          parts: limits.parts,
          fieldSize: limits.textBytes,
          fileSize: limits.fileBytes,
          headerSize: MOST_HEADER_BYTES,
          headerPairs: MOST_HEADER_LINES,
        },
      });
    } catch (error) {
      return reject(new MultipartUnreadable("not a multipart body", { cause: error }));
    }

    const pending = new Set<Promise<void>>();
    const openFiles = new Set<Readable>();
    let failure: { error: unknown } | null = null;
    let finished = false;

    const settle = () => {
      if (failure) void Promise.allSettled(pending).then(() => reject(failure!.error));
      else if (finished && pending.size === 0) resolve();
    };
    const fail = (error: unknown) => {
      if (failure) return;
      failure = { error };
      body.unpipe(parser);
      for (const file of openFiles) file.destroy(error instanceof Error ? error : new Error(String(error)));
      settle();
    };
    const hand = (part: MultipartPart) => {
      let handled: Promise<void>;
      try {
        handled = Promise.resolve(onPart(part));
      } catch (error) {
        // Thrown at once (a name refused): no part after it is handed over.
        return fail(error);
      }
      const tracked = handled.then(
        () => {
          if (part.kind === "file" && !part.data.readableEnded && !part.data.destroyed) part.data.resume();
        },
        (error: unknown) => fail(error),
      );
      pending.add(tracked);
      void tracked.finally(() => {
        pending.delete(tracked);
        settle();
      });
    };

    parser.on("field", (name: string | undefined, value: string, _nameTruncated: boolean, truncated: boolean) => {
      if (failure) return;
      if (!name) return fail(new MultipartUnreadable("a part without a name"));
      hand({ kind: "text", name, value, truncated });
    });
    parser.on("file", (name: string | undefined, file: BusboyFileStream, filename: string, _encoding: string, mimeType: string) => {
      // Every file stream has a listener for 'error': one fails when the body ends
      // inside it, and an 'error' nobody listens to would end the process.
      file.on("error", () => undefined);
      if (failure) return void file.resume();
      if (!name) {
        file.resume();
        return fail(new MultipartUnreadable("a part without a name"));
      }
      openFiles.add(file);
      file.once("close", () => openFiles.delete(file));
      file.once("limit", () => {
        const error = new MultipartLimitExceeded("file", limits.fileBytes, filename);
        file.destroy(error);
        fail(error);
      });
      // Handed over as a stream that fails when it is read: a failure before its reader
      // listens (the quarantine makes its folder first) still reaches that reader.
      const data = Readable.from(file, { objectMode: false });
      data.on("error", () => undefined);
      hand({ kind: "file", name, filename, contentType: mimeType, data });
    });
    parser.on("partsLimit", () => fail(new MultipartLimitExceeded("parts", limits.parts)));
    // The body ended before its closing boundary, or a part's header could not be read.
    parser.on("error", (error: unknown) => fail(new MultipartUnreadable("a broken multipart body", { cause: error })));
    parser.on("finish", () => {
      finished = true;
      settle();
    });
    body.on("error", fail);
    body.pipe(parser);
  });
}
