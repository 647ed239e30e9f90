import http from "node:http";
import { describe, expect, it } from "vitest";
import { startServer } from "../support/server";

/** A POST whose body we finish when we choose, so the request is in flight meanwhile. */
function slowPost(url: string, body: string) {
  const target = new URL(url);
  let finish!: () => void;
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
    request.write(body.slice(0, half));
    finish = () => request.end(body.slice(half));
  });
  return { response, finish: () => finish() };
}

describe("graceful shutdown", () => {
  it("finishes a request in flight on SIGTERM, refuses new ones, and exits cleanly", async () => {
    const server = await startServer();
    const message = {
      firstName: "Ana",
      lastName: "García",
      email: "ana@example.com",
      phone: "",
      subject: "rental-inquiry",
      message: "Sent while the server was stopping.",
    };
    const inFlight = slowPost(`${server.url}/api/contact`, JSON.stringify(message));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(201);
    expect(await exited).toBe(0);
  });
});
