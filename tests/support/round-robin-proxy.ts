import http from "node:http";
import { listenOnLoopback } from "./loopback";

/**
 * A small reverse proxy in front of several server processes, as a load balancer would
 * stand there: each request goes to the next backend in turn, bodies are streamed both
 * ways, and the client's address is appended to X-Forwarded-For (what nginx's
 * $proxy_add_x_forwarded_for does; the servers run with TRUST_PROXY=1). The Host header
 * is passed as the client sent it, so the servers see the proxy's address, their APP_URL.
 *
 * Each answer carries `X-Backend: <index>`, and `answered()` counts the requests each
 * backend answered, so a test can tell which process served what.
 */

export type RoundRobinProxy = {
  url: string;
  port: number;
  /** Requests forwarded to each backend so far, by backend index. */
  answered: () => number[];
  stop: () => Promise<void>;
};

export const BACKEND_HEADER = "x-backend";

// Headers of one connection, not of the request: never forwarded (RFC 9110 section 7.6.1).
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);

/** Raw headers ([name, value, name, value, ...]) without the hop-by-hop ones. */
function endToEnd(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (!HOP_BY_HOP.has(raw[i].toLowerCase())) kept.push(raw[i], raw[i + 1]);
  }
  return kept;
}

/** The request's headers with the client's address appended to X-Forwarded-For. */
function forwardedHeaders(req: http.IncomingMessage): string[] {
  const client = req.socket.remoteAddress ?? "unknown";
  const headers: string[] = [];
  const earlier: string[] = [];
  const raw = endToEnd(req.rawHeaders);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() === "x-forwarded-for") earlier.push(raw[i + 1]);
    else headers.push(raw[i], raw[i + 1]);
  }
  headers.push("X-Forwarded-For", [...earlier, client].join(", "));
  return headers;
}

export async function startRoundRobinProxy(backendUrls: string[]): Promise<RoundRobinProxy> {
  const backends = backendUrls.map((url) => new URL(url));
  const counts = backends.map(() => 0);
  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;

  const server = http.createServer((req, res) => {
    const index = turn % backends.length;
    turn += 1;
    counts[index] += 1;
    const backend = backends[index];
    const upstream = http.request(
      {
        agent,
        host: backend.hostname,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, [...endToEnd(answer.rawHeaders), "X-Backend", String(index)]);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain", "X-Backend": String(index) });
      res.end(`proxy: backend ${index} failed: ${error.message}`);
    });
    // A client that goes away takes its backend request with it.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });

  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    port: listening.port,
    answered: () => [...counts],
    stop: async () => {
      await listening.stop();
      agent.destroy();
    },
  };
}
