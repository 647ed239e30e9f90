import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer, type RunningServer } from "../support/server";

// Issue 27: every GET and HEAD of a page, a JSON call, a Remix data request or the
// sitemap counts against 600 a minute per client network, times RATE_LIMIT_FACTOR
// (decision 042). RATE_LIMIT_FACTOR=0.01 makes it 6 a minute. The server sits behind one
// proxy (TRUST_PROXY=1), so each request's client is its X-Forwarded-For; each test uses
// networks of its own (documentation prefixes 2001:db8::/32, 198.51.100.0/24).

const READS_A_MINUTE = 6;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1", RATE_LIMIT_FACTOR: "0.01" } });
});
afterAll(async () => {
  await server?.stop();
});

type Answer = { status: number; retryAfter: string | null; contentType: string | null; body: string };

async function read(pathname: string, clientAddress: string, method = "GET"): Promise<Answer> {
  const response = await fetch(`${server.url}${pathname}`, { method, headers: { "X-Forwarded-For": clientAddress }, redirect: "manual" });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), contentType: response.headers.get("content-type"), body: await response.text() };
}

/** Spends a network's whole allowance on `pathname`, each answered as usual. */
async function spendAllowance(pathname: string, clientAddress: string, status = 200) {
  for (let n = 1; n <= READS_A_MINUTE; n++) expect((await read(pathname, clientAddress)).status, `${pathname}, read ${n}`).toBe(status);
}

function expectRefused(answer: Answer) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.retryAfter);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

function expectRefusedInJson(answer: Answer) {
  expectRefused(answer);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(JSON.parse(answer.body)).toEqual({ error: "Too many requests. Please try again later." });
}

function expectRefusedWithPage(answer: Answer) {
  expectRefused(answer);
  expect(answer.contentType).toMatch(/^text\/html/);
  expect(answer.body).toContain("Too many requests. Please try again later.");
  expect(answer.body).toContain("Demasiadas solicitudes");
}

describe("the per-client limit on reads", () => {
  it("pages, prepared or not, GET or HEAD: the 7th in a minute from one /64 is refused with a page and Retry-After; the next /64 is served", async () => {
    const statuses: number[] = [];
    for (const [n, [method, pathname]] of ([["GET", "/"], ["GET", "/"], ["HEAD", "/"], ["GET", "/properties"], ["GET", "/properties?lng=es"], ["HEAD", "/properties"]] as const).entries()) {
      statuses.push((await read(pathname, `2001:db8:50:1::${n + 1}`, method)).status);
    }
    expect(statuses).toEqual(Array(READS_A_MINUTE).fill(200));

    // Another address of the same /64, and a page the cache holds.
    expectRefusedWithPage(await read("/", "2001:db8:50:1:ffff::1"));
    expectRefusedWithPage(await read("/properties/1", "2001:db8:50:1::2"));
    expect((await read("/", "2001:db8:50:2::1")).status).toBe(200);
  });

  it("JSON calls and Remix data requests: refused in JSON with Retry-After once the allowance is spent", async () => {
    await spendAllowance("/api/properties", "198.51.100.21");
    expectRefusedInJson(await read("/api/properties", "198.51.100.21"));
    expectRefusedInJson(await read("/api/faqs", "198.51.100.21"));
    expectRefusedInJson(await read("/_root.data", "198.51.100.21"));
    expect((await read("/api/properties", "198.51.100.22")).status).toBe(200);

    await spendAllowance("/properties.data", "198.51.100.23");
    expectRefusedInJson(await read("/properties.data", "198.51.100.23"));
  });

  it("the sitemap counts too", async () => {
    await spendAllowance("/sitemap.xml", "198.51.100.31");
    expectRefusedWithPage(await read("/sitemap.xml", "198.51.100.31"));
  });

  it("static files, stored photos, their variants and the health check are not counted", async () => {
    const client = "198.51.100.41";
    const script = fs.readdirSync(path.join(ROOT, "build", "remix", "client", "build")).find((name) => /^entry\.client-.*\.js$/.test(name))!;
    const photo = (JSON.parse((await read("/api/properties", "198.51.100.42")).body) as { imageUrl: string }[])[0].imageUrl;
    const files = [`/build/${script}`, "/favicon.svg", "/logo.svg", photo, `/variants/480/${photo.replace(/^\/objects\//, "")}`, "/healthz"];
    for (let round = 1; round <= 3; round++) {
      for (const file of files) expect((await read(file, client)).status, `${file}, round ${round}`).toBe(200);
    }
    // 18 files later, the network still has its whole allowance for pages.
    await spendAllowance("/", client);
    expectRefusedWithPage(await read("/", client));
    // The files are still served.
    for (const file of files) expect((await read(file, client)).status, file).toBe(200);
  });

  it("a file path that names no file is a page render, and counts", async () => {
    await spendAllowance("/build/no-such-file.js", "198.51.100.51", 404);
    expectRefusedWithPage(await read("/build/no-such-file.js", "198.51.100.51"));
  });
});
