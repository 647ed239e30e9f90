import { Transform } from "node:stream";

const PRELOAD_TAG = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD_TAG = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks Remix's script preloads `fetchpriority="low"` as the page streams out. Every
 * page is complete without JavaScript (it only hydrates what the server drew), so on a
 * slow phone connection the stylesheet and the first photo should have the bandwidth
 * before the 27 script files; at their default High priority a browser (and Lighthouse's
 * model of one) waits for them before the first paint. Remix v2's <Scripts> has no prop
 * for it. See docs/decisions/022-scripts-after-first-paint.md.
 *
 * Bytes are handled as latin1 so that every byte passes through unchanged; a chunk that
 * ends inside the tag keeps that part back for the next one.
 */
export function withLowPriorityScriptPreloads(): Transform {
  let held = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + chunk.toString("latin1");
      const keep = partialTagAtEnd(text);
      held = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep).replaceAll(PRELOAD_TAG, LOW_PRIORITY_PRELOAD_TAG);
      callback(null, ready.length ? Buffer.from(ready, "latin1") : undefined);
    },
    flush(callback) {
      callback(null, held.length ? Buffer.from(held, "latin1") : undefined);
    },
  });
}

/** How many characters at the end of `text` could begin the tag (0 when none). */
function partialTagAtEnd(text: string): number {
  for (let length = Math.min(PRELOAD_TAG.length - 1, text.length); length > 0; length--) {
    if (PRELOAD_TAG.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
