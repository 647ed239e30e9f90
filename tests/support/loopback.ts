import type http from "node:http";
import type { AddressInfo } from "node:net";

export type ListeningStub = { url: string; port: number; stop: () => Promise<void> };

/**
 * Starts a test's stand-in service (an http.Server) on loopback, on the given port or
 * a free one; stop() drops open connections (a hung request too) and closes it.
 */
export async function listenOnLoopback(server: http.Server, options: { port?: number; host?: string } = {}): Promise<ListeningStub> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
