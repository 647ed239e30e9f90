import { Transform } from "node:stream";

/** The size of the buffers React 18's streaming renderer fills and writes out. */
const REACT_VIEW_SIZE = 2048;
/** A UTF-8 character is at most 4 bytes: a gap before one is at most 3. */
const LONGEST_GAP = 3;

/**
 * React 18.3's renderToPipeableStream writes a whole 2 KB buffer when the next
 * character does not fit at its end, zero bytes included, so an "á" at that place
 * reaches the browser as "\u0000á" (shown as a replacement mark). React 19 fixed it, and
 * Remix v2's peers keep us on React 18, so this removes the gap: the zero bytes at the
 * end of a full buffer. Rendered HTML never holds a real zero byte there (a NUL in text
 * is an HTML parse error anyway). See docs/decisions/010-utf8-stream-repair.md.
 */
export function withoutReactBufferGaps(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let end = chunk.length;
      if (end === REACT_VIEW_SIZE) {
        while (end > REACT_VIEW_SIZE - LONGEST_GAP && chunk[end - 1] === 0) end--;
      }
      callback(null, end === chunk.length ? chunk : chunk.subarray(0, end));
    },
  });
}
