import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrateDatabase, openDatabase, setDatabase, type AppDatabase } from "~/db/client.server";
import { startRateLimitSweep, sweepRateLimits } from "~/services/rate-limits/sweep.server";
import { RateLimiter } from "~/services/rate-limits/rate-limit.server";
import { holdWriteLock } from "../support/database-lock";
import { eventually } from "../support/eventually";
import { makeWorkDir, startServer, withServerDatabase } from "../support/server";

// The rows of `rate_limits` hold client networks and e-mail addresses: each goes once its
// window has ended, and the sweep that removes them keeps going after the database was
// busy (the library's own stopped for good after one SQLITE_BUSY).

let dir: string;
let databasePath: string;
let database: AppDatabase;

beforeAll(() => {
  // The limiters read the configuration: given a secret, it writes none into ./data.
  process.env.SESSION_SECRET ??= "rate-limit-sweep-test-secret";
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rate-limit-sweep-"));
  databasePath = path.join(dir, "app.db");
  database = openDatabase(databasePath);
  migrateDatabase(database);
  setDatabase(database);
});
afterAll(() => {
  setDatabase(undefined);
  database.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keys = () => (database.$client.prepare("select key from rate_limits order by key").all() as { key: string }[]).map((row) => row.key);

function rowCountSeenByAnotherConnection(): number {
  const reader = new Database(databasePath, { readonly: true });
  try {
    return (reader.prepare("select count(*) as n from rate_limits").get() as { n: number }).n;
  } finally {
    reader.close();
  }
}

function putRows(rows: [key: string, expire: number][]) {
  database.$client.prepare("delete from rate_limits").run();
  const insert = database.$client.prepare("insert into rate_limits (key, points, expire) values (?, 1, ?)");
  for (const [key, expire] of rows) insert.run(key, expire);
}

describe("the sweep of rate_limits", () => {
  it("deletes the rows whose window has ended and keeps the others", () => {
    const now = Date.now();
    putRows([
      ["contact:203.0.113.7", now - 1],
      ["login-address:owner@example.com", now - 60 * 60_000],
      ["contact:198.51.100.9", now + 60_000],
      ["sign-in-networks:owner@example.com:192.0.2.0", now + 30 * 24 * 60 * 60_000],
    ]);
    expect(sweepRateLimits(now)).toBe(2);
    expect(keys()).toEqual(["contact:198.51.100.9", "sign-in-networks:owner@example.com:192.0.2.0"]);
  });

  it("does not count a spent window again: after the sweep the key has its whole allowance", async () => {
    const limiter = new RateLimiter("sweep-test", 2, 1_000);
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: true });
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: true });
    expect((await limiter.hit("192.0.2.1")).allowed).toBe(false);
    sweepRateLimits(Date.now() + 1_001);
    expect(keys()).not.toContain("sweep-test:192.0.2.1");
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: true });
  });

  it("goes on after the database was busy: rows left while another connection held the lock go at a later run", async () => {
    putRows([["contact:203.0.113.8", Date.now() - 1]]);
    const lock = holdWriteLock({ databasePath });
    // The sweep's interval runs on a clock the test moves on: each 100 ms is one run, now.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const stop = startRateLimitSweep(100);
    try {
      // Several runs meet the lock (the first at the start, three more; each gives up at
      // once) and nothing is deleted.
      vi.advanceTimersByTime(300);
      expect(rowCountSeenByAnotherConnection()).toBe(1);
      lock.release();
      vi.advanceTimersByTime(100);
      expect(keys()).toEqual([]);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });
});

describe("the server", () => {
  it("sweeps at start: an expired row left from before is gone, a live one kept", async () => {
    const workDir = makeWorkDir();
    const first = await startServer({ workDir, env: { SEED_DEMO: "0" } });
    await first.stop();
    withServerDatabase(first, (db) => {
      const insert = db.prepare("insert into rate_limits (key, points, expire) values (?, 1, ?)");
      insert.run("contact:203.0.113.9", Date.now() - 1);
      insert.run("contact:198.51.100.10", Date.now() + 60 * 60_000);
    });
    const second = await startServer({ workDir, env: { SEED_DEMO: "0" } });
    try {
      const left = await eventually(() => {
        const rows = withServerDatabase(second, (db) => db.prepare("select key from rate_limits where key like 'contact:%' order by key").all() as { key: string }[]);
        return rows.length === 1 ? rows : undefined;
      });
      expect(left).toEqual([{ key: "contact:198.51.100.10" }]);
    } finally {
      await second.stop();
    }
  });
});
