import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, writeTransaction } from "~/db/client.server";

// A second connection takes SQLite's write lock now and then: Litestream at each of its
// checkpoints (REPLICA_URL), a backup, a second process. A transaction of ours that reads
// before it writes waits for that lock like any write does (decision 061).

/** Another process that takes the write lock, writes a row, holds the lock `holdMs`, then commits. */
async function anotherWriter(file: string, holdMs: number) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.exec("BEGIN IMMEDIATE");
    db.prepare("insert into t (by) values ('other')").run();
    process.stdout.write("locked\\n");
    setTimeout(() => { db.exec("COMMIT"); db.close(); }, Number(process.argv[2]));
  `;
  const child = spawn(process.execPath, ["-e", script, file, String(holdMs)], { stdio: ["ignore", "pipe", "inherit"] });
  let said = "";
  child.stdout.setEncoding("utf8");
  while (!said.includes("locked")) said += (await once(child.stdout, "data"))[0];
  return { exited: once(child, "exit") };
}

describe("writeTransaction", () => {
  afterEach(() => setDatabase(undefined));

  it("waits for another process's write lock when it reads before it writes, then sees what that process committed", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "write-tx-")), "app.db");
    const database = openDatabase(file);
    setDatabase(database);
    database.run(sql`create table t (id integer primary key, by text not null)`);

    const other = await anotherWriter(file, 300);
    const started = Date.now();
    const seen = writeTransaction((tx) => {
      const before = tx.get<{ n: number }>(sql`select count(*) as n from t`).n;
      tx.run(sql`insert into t (by) values ('us')`);
      return before;
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(seen).toBe(1);
    await other.exited;
    expect(database.all<{ by: string }>(sql`select by from t order by id`).map((row) => row.by)).toEqual(["other", "us"]);
    database.$client.close();
  });
});
