import http from "node:http";
import { describe, expect, it } from "vitest";
import { logLineLike, logLines } from "../support/log-lines";
import { startServer } from "../support/server";

/**
 * A POST whose body we finish when we choose, so the request is in flight meanwhile;
 * `sent` resolves once its headers and half its body are on their way to the server.
 */
function slowPost(url: string, body: string) {
  const target = new URL(url);
  let finish!: () => void;
  let signalSent!: () => void;
  const sent = new Promise<void>((resolve) => (signalSent = resolve));
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Origin: target.origin },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    request.on("error", reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half), () => signalSent());
    finish = () => request.end(body.slice(half));
  });
  return { response, sent, finish: () => finish() };
}

describe("graceful shutdown", () => {
  it("finishes a request in flight on SIGTERM, refuses new ones, and exits cleanly", async () => {
    // At info, the server says when it starts closing.
    const server = await startServer({ env: { LOG_LEVEL: "info" } });
    const message = {
      firstName: "Ana",
      lastName: "García",
      email: "ana@example.com",
      phone: "",
      subject: "rental-inquiry",
      message: "Sent while the server was stopping.",
    };
    const inFlight = slowPost(`${server.url}/api/contact`, JSON.stringify(message));
    await inFlight.sent;
    // The server has taken the connection and read what came on it: it answers a later
    // request, which it can only take after ours (connections are taken in order).
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const exited = server.stop("SIGTERM");
    // It stops taking connections right after saying it is closing.
    await expect.poll(() => logLines(server.output()), { timeout: 10_000 }).toContainEqual(logLineLike("SIGTERM: closing"));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(201);
    expect(await exited).toBe(0);
  });
});
