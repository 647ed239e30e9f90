import http from "node:http";
import type { AddressInfo } from "node:net";

/** A plain 256 x 256 PNG (the size of a real tile): every tile of the stub tile server. */
export const TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAQAAAAEACAMAAABrrFhUAAAAA1BMVEXy7+kRCi+bAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAVElEQVR42u3BAQEAAACAkP6v7ggKAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAGAEPAAEccgnDAAAAAElFTkSuQmCC",
  "base64",
);

/**
 * A local tile server for tests (the e2e server's MAP_TILE_URL points at it), so the
 * maps load real tiles without the internet. It counts the tiles it served.
 */
export async function startTileServer(options: { port?: number; host?: string } = {}) {
  let served = 0;
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || !/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? "")) {
      response.writeHead(404).end();
      return;
    }
    served += 1;
    response.writeHead(200, { "Content-Type": "image/png", "Content-Length": TILE_PNG.length, "Cache-Control": "no-store" });
    response.end(TILE_PNG);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    served: () => served,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
