/**
 * Long work on the server's one thread, cut into slices: `pause()` lets the requests that
 * came in meanwhile be answered (a `setImmediate`, after pending I/O) once the current
 * slice has run for `sliceMs`, and returns at once otherwise. Slices are counted in time,
 * not in items, so a slower machine (or a busier one) yields as often as a quick one.
 */
export function timeSlices(sliceMs: number): { pause: () => Promise<void> } {
  let sliceStart = performance.now();
  return {
    async pause() {
      if (performance.now() - sliceStart < sliceMs) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    },
  };
}
