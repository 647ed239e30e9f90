import net from "node:net";

/**
 * What the proxy does to the connections it is given:
 * - `pass`: relays both ways, as if it were not there;
 * - `refuse`: nothing listens on its port (connection refused), as a store that is down;
 * - `silent`: accepts and reads, never answers, as a store that hangs or a black hole;
 * - `lose-put-answers`: relays every request, but a PUT's answer never arrives (the
 *   connection is reset as it comes): the store wrote the object, the app cannot know.
 */
export type FaultMode = "pass" | "refuse" | "silent" | "lose-put-answers";

export type FaultProxy = {
  /** Where the app is pointed instead of the real service. */
  url: string;
  port: number;
  /** Switches mode; open connections are dropped, so every later request meets the new mode. */
  setMode: (mode: FaultMode) => Promise<void>;
  stop: () => Promise<void>;
};

// The start of an HTTP request ("PUT /bucket/key?x-id=PutObject HTTP/1.1") and of an interim answer ("HTTP/1.1 100 Continue").
const REQUEST_LINE = /^(GET|HEAD|PUT|POST|DELETE) \//;
const INTERIM_ANSWER = /^HTTP\/1\.[01] 1\d\d /;

/**
 * A TCP proxy on loopback in front of a test's stand-in service (s3rver), which a fault
 * test switches between working and failing in the ways a real network fails, on the
 * same address throughout: the app under test keeps its configuration.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = "pass";
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode === "silent") {
      client.resume(); // read and drop: the sender sees its request go out, and then nothing
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    if (mode === "pass") {
      client.pipe(upstream);
      upstream.pipe(client);
      return;
    }
    // lose-put-answers: the method of the request in flight decides whether its answer goes back.
    let method = "";
    client.on("data", (chunk: Buffer) => {
      method = REQUEST_LINE.exec(chunk.toString("latin1", 0, 8))?.[1] ?? method;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (method !== "PUT" || INTERIM_ANSWER.test(chunk.toString("latin1", 0, 16))) return void client.write(chunk);
      client.resetAndDestroy();
      upstream.destroy();
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const close = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };

  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setMode: async (next) => {
      dropAll();
      if (next === "refuse") await close();
      else if (!server.listening) await listen(port);
      mode = next;
    },
    stop: async () => {
      dropAll();
      await close();
    },
  };
}
