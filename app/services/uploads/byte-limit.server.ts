import { Transform } from "node:stream";

/**
 * The error a byteLimit stream fails with. Tell it with TooLarge.is, not instanceof: the
 * server's bundle and the Remix build each carry a copy of this class, and a form's
 * body is cut off by the server's copy while the app's code reads it.
 */
export class TooLarge extends Error {
  override name = "TooLarge";
  constructor() {
    super("More bytes than allowed");
  }
  static is(error: unknown): boolean {
    return error instanceof Error && error.name === "TooLarge";
  }
}

/**
 * Passes bytes through until more than `limit` have gone by, then fails: a size is
 * enforced while the bytes arrive, whatever length was declared. `seen()` says how many.
 */
export function byteLimit(limit: number): Transform & { seen: () => number } {
  let seen = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > limit ? new TooLarge() : null, chunk);
    },
  });
  return Object.assign(stream, { seen: () => seen });
}
