import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import type { Response as ExpressResponse } from "express";
import { describe, expect, it } from "vitest";
import { databaseFaultJson, withDatabaseFaultHeaders } from "~/http/database-fault-answers.server";
import { databaseFaultOf } from "~/db/faults";
import { prepareShared } from "../../server/shared-answer";

const table = sqliteTable("t", { x: integer("x") });

/** The error a statement throws, from a real SQLite database. */
function errorOf(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("the statement did not fail");
}

describe("databaseFaultOf", () => {
  it("calls a write refused for another connection's lock busy, however it is wrapped", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "faults-")), "locked.db");
    const holder = new Database(file);
    holder.pragma("journal_mode = WAL");
    holder.exec("create table t (x)");
    const writer = new Database(file);
    writer.pragma("busy_timeout = 0");
    holder.exec("BEGIN IMMEDIATE");
    try {
      const raw = errorOf(() => writer.prepare("insert into t values (1)").run());
      expect(raw).toMatchObject({ code: "SQLITE_BUSY" });
      expect(databaseFaultOf(raw)).toBe("busy");
      expect(databaseFaultOf(errorOf(() => drizzle(writer).insert(table).values({ x: 2 }).returning().get()))).toBe("busy");
      // As Drizzle's DrizzleQueryError (other drivers, later versions) carries it.
      expect(databaseFaultOf(new Error("Failed query: insert into t", { cause: raw }))).toBe("busy");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
      writer.close();
    }
  });

  it("calls a write with no room left full, and any other error nothing", () => {
    const db = new Database(":memory:");
    db.exec("create table t (x)");
    db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`);
    const full = errorOf(() => db.prepare("insert into t values (?)").run("x".repeat(100_000)));
    expect(full).toMatchObject({ code: "SQLITE_FULL" });
    expect(databaseFaultOf(full)).toBe("full");
    expect(databaseFaultOf(errorOf(() => db.prepare("select * from missing").all()))).toBeNull();
    expect(databaseFaultOf(new Error("database is locked"))).toBeNull();
    expect(databaseFaultOf(undefined)).toBeNull();
  });
});

describe("a fault's answer", () => {
  it("is never shared by the page cache", async () => {
    const res = { getHeaders: () => ({}) } as unknown as ExpressResponse;
    for (const fault of ["busy", "full"] as const) {
      const answer = withDatabaseFaultHeaders(databaseFaultJson(fault, "en"));
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await prepareShared(res, answer, new URL("http://localhost/api/faqs"), "nonce")).toBeNull();
    }
  });
});
