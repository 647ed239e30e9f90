import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawAnswer } from "../support/raw-http";
import { startServer, type RunningServer } from "../support/server";

/**
 * Security hardening (ASVS 5.0 L2), point 8: a client's mistake is answered as one. A
 * Host header that makes no URL is a 400, a method no route answers a 405, a Range past
 * the end of a static file a 416 (each was a 500 with a stack in the log); what Node's
 * own parser refuses keeps Node's status.
 * Every one of them carries the headers of every other answer. fetch cannot send such
 * requests, so they are written to a socket as they are. The site is https (HSTS sent),
 * reached over plain http as behind a proxy.
 */

const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE";

let app: RunningServer;

beforeAll(async () => {
  app = await startServer({ env: { APP_URL: "https://homes.example.test" } });
});
afterAll(async () => {
  await app?.stop();
});

/** Writes `head` (request line and headers, without the blank line) and reads the answer until the server closes. */
const raw = (head: string): Promise<RawAnswer> => rawRequest(app.port, head);

function expectCommonHeaders(answer: RawAnswer, what: string) {
  expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
  expect(answer.headers["cross-origin-resource-policy"], what).toBe("same-site");
  expect(answer.headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(answer.headers["strict-transport-security"], what).toBe("max-age=31536000; includeSubDomains");
  expect(answer.headers["content-security-policy"], what).toContain("frame-ancestors 'none'");
}

describe("a request the app cannot make sense of", () => {
  it("a Host header that makes no URL, or none at all in HTTP/1.1: 400 in the caller's format", async () => {
    for (const host of ["Host: [", "Host: a b", "Host: example.test:99999", null]) {
      for (const path of ["/", "/properties/1", "/favicon.svg", "/objects/demo/hero-1.webp", "/api/properties"]) {
        const what = `${host ?? "no Host"} ${path}`;
        const answer = await raw(host === null ? `GET ${path} HTTP/1.1` : `GET ${path} HTTP/1.1\r\n${host}`);
        expect(answer.status, what).toBe(400);
        expectCommonHeaders(answer, what);
        expect(answer.headers["cache-control"], what).toBe("no-store");
        if (path.startsWith("/api/")) {
          expect(answer.headers["content-type"], what).toMatch(/^application\/json/);
          expect(JSON.parse(answer.body), what).toEqual({ error: "Invalid Host header" });
        } else {
          expect(answer.headers["content-type"], what).toMatch(/^text\/html/);
          expect(answer.body, what).toContain("<h1>Invalid Host header</h1>");
        }
      }
    }
    // HTTP/1.0 needs no Host: the site's own page.
    const old = await raw("GET / HTTP/1.0");
    expect(old.status).toBe(200);
    expect(old.body).toContain("<html");
  });

  it("TRACE and every other method no route answers: 405 with Allow, in the caller's format", async () => {
    for (const method of ["TRACE", "PROPFIND", "OPTIONS", "MKCOL", "LOCK"]) {
      for (const path of ["/", "/api/properties"]) {
        const what = `${method} ${path}`;
        const answer = await raw(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${app.port}`);
        expect(answer.status, what).toBe(405);
        expect(answer.headers.allow, what).toBe(ALLOW);
        expectCommonHeaders(answer, what);
        if (path.startsWith("/api/")) expect(JSON.parse(answer.body), what).toEqual({ error: "Method not allowed" });
        else expect(answer.body, what).toContain("<h1>Method not allowed</h1>");
      }
    }
    // No proxy here: a CONNECT is refused the same way, and the connection closed.
    const connect = await raw(`CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443`);
    expect(connect.status).toBe(405);
    expect(connect.headers.allow).toBe(ALLOW);
    expectCommonHeaders(connect, "CONNECT");
  });

  it("what Node's parser refuses keeps Node's status (400, 431 for headers over its limit), with the same headers", async () => {
    for (const [what, head, status] of [
      ["a method Node does not know (TRACK)", `TRACK / HTTP/1.1\r\nHost: 127.0.0.1`, 400],
      ["a broken request line", "GET / HTTP/9\r\nHost: 127.0.0.1", 400],
      ["a header line without a name", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n: nameless", 400],
      ["32 KB of headers", `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${"p".repeat(32 * 1024)}`, 431],
    ] as const) {
      const answer = await raw(head);
      expect(answer.status, what).toBe(status);
      expectCommonHeaders(answer, what);
    }
  });

  it("a static file asked for past its end (416, with Content-Range) or under an If-Match it fails (412): the client's mistake, not a 500", async () => {
    const whole = await fetch(`${app.url}/favicon.svg`);
    const size = (await whole.arrayBuffer()).byteLength;
    const pastTheEnd = await fetch(`${app.url}/favicon.svg`, { headers: { Range: `bytes=${size + 100}-` } });
    expect(pastTheEnd.status).toBe(416);
    expect(pastTheEnd.headers.get("content-range")).toBe(`bytes */${size}`);
    const failedMatch = await fetch(`${app.url}/favicon.svg`, { headers: { "If-Match": '"not-this-one"' } });
    expect(failedMatch.status).toBe(412);
    for (const answer of [pastTheEnd, failedMatch]) {
      await answer.arrayBuffer();
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("a write to a page or file that takes none (a home's page, the sitemap): 405 from the app, the client's mistake", async () => {
    for (const [method, path] of [["POST", "/properties/1"], ["DELETE", "/properties"], ["PATCH", "/sitemap.xml"]]) {
      const response = await fetch(`${app.url}${path}`, { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" });
      expect(response.status, `${method} ${path}`).toBe(405);
      await response.arrayBuffer();
    }
  });

  it("leaves no error and no stack in the log, and the server goes on answering", async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.url}/`)).status).toBe(200);
    const output = app.output();
    expect(output).not.toMatch(/"level":"error"/);
    expect(output).not.toMatch(/\n\s+at |\\n\s+at /);
    expect(output).not.toContain("Invalid request method");
  });
});
