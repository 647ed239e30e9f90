import { Transform } from "node:stream";

/** The error a byteLimit stream fails with. */
export class TooLarge extends Error {
  constructor() {
    super("More bytes than allowed");
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
