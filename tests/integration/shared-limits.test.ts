import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mailQueueDrained } from "../support/mail-queue";
import { makeWorkDir, startServer, type RunningServer } from "../support/server";

// The rate limits of docs/product.md §9 hold for the site, not for one process: two servers on
// one database count together (the counters are rows of its rate_limits table), and a
// restart forgets nothing. RATE_LIMIT_FACTOR=0.1 makes the limits small: contact 1 per
// IP in 10 minutes, sign-in links 1 per address and 2 per IP in 15 minutes, other
// writes 30 a minute.

const ENV = { RATE_LIMIT_FACTOR: "0.1", SEED_DEMO: "0", ADMIN_EMAILS: "owner@example.com,staff@example.com", LOG_LEVEL: "warn" };

let running: RunningServer[] = [];

afterEach(async () => {
  await Promise.all(running.map((server) => server.stop()));
  running = [];
});

/** Two processes on one work directory (one database), started one after the other. */
async function startPair(): Promise<[RunningServer, RunningServer]> {
  const workDir = makeWorkDir("shared-limits-");
  const first = await startServer({ workDir, env: ENV });
  running.push(first);
  const second = await startServer({ workDir, env: ENV });
  running.push(second);
  return [first, second];
}

function post(app: RunningServer, pathname: string, body: unknown) {
  return fetch(`${app.url}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify(body),
  });
}

const message = (n: number) => ({
  firstName: "Ana",
  lastName: `Limits${n}`,
  email: "ana@example.com",
  subject: "other",
  message: "Counting across processes.",
});

function mailsTo(app: RunningServer, address: string): number {
  const dir = path.join(app.workDir, "data", "outbox");
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).filter((name) => name.endsWith(".eml") && fs.readFileSync(path.join(dir, name), "utf8").includes(`To: ${address}`)).length;
}

describe("rate limits shared by two processes on one database", () => {
  it("contact messages: the allowance spent on one process is spent on the other, and after a restart", async () => {
    const [a, b] = await startPair();
    expect((await post(a, "/api/contact", message(1))).status).toBe(201);
    const refused = await post(b, "/api/contact", message(2));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(await refused.json()).toEqual({ error: expect.any(String) });

    // Both stopped, one started again on the same data: still refused.
    await Promise.all(running.map((server) => server.stop()));
    running = [];
    const again = await startServer({ workDir: a.workDir, env: ENV });
    running.push(again);
    expect((await post(again, "/api/contact", message(3))).status).toBe(429);
  });

  it("sign-in links: the per-address and per-IP limits count requests to either process", async () => {
    const [a, b] = await startPair();
    const sent = { message: expect.any(String) };
    const first = await post(a, "/api/admin/auth/magic/request", { email: "owner@example.com" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject(sent);
    // Over the per-address limit on the other process: the same answer, no second mail.
    const second = await post(b, "/api/admin/auth/magic/request", { email: "owner@example.com" });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject(sent);
    // The IP's third request, whichever process gets it, is refused.
    const third = await post(a, "/api/admin/auth/magic/request", { email: "staff@example.com" });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);

    // Each request queued its mail (or none) before it was answered; once the shared queue
    // is empty, every mail they queued is in the shared outbox.
    await mailQueueDrained(a);
    expect(mailsTo(a, "owner@example.com")).toBe(1);
    expect(mailsTo(a, "staff@example.com")).toBe(0);
  });

  it("other writes: 30 a minute for the site, whichever process answers", async () => {
    const [a, b] = await startPair();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await post(i % 2 ? b : a, "/api/no-such-call", {});
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });
});
