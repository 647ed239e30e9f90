import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { signInAdmin } from "../support/admin-api";
import { startOAuthServer } from "../support/oauth";
import { builtEntry, makeWorkDir, runBuilt, startServer, withServerDatabase, type RunningServer } from "../support/server";

// `npm run db:backup -- FILE` while the site takes writes, then `npm run db:restore -- FILE`
// into a fresh data directory: a server started there serves the same homes and every
// message stored before the backup began. Restore refuses while a server has the
// database open (and changes nothing), and refuses a backup that is missing, not SQLite,
// damaged, or not this site's, before touching anything.

const ADMIN = "owner@example.com";
const QUIET = { LOG_LEVEL: "error", RATE_LIMIT_FACTOR: "1000" };

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  cleanups = [];
});

async function start(options: Parameters<typeof startServer>[0]): Promise<RunningServer> {
  const server = await startServer(options);
  cleanups.push(() => server.stop());
  return server;
}

type Run = { code: number | null; stdout: string; stderr: string };

/** A compiled database command (as `npm run db:*` runs it), run from a work directory. */
function run(name: "db-backup" | "db-restore" | "db-migrate", args: string[], cwd: string): Promise<Run> {
  const child = runBuilt(name, args, { cwd });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

function postMessage(server: RunningServer, lastName: string) {
  return fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ firstName: "Ana", lastName, email: "ana@example.com", subject: "other", message: "Written while a backup runs." }),
  });
}

function lastNames(server: Pick<RunningServer, "databasePath">): string[] {
  return withServerDatabase(server, (db) => db.prepare("select last_name from contact_messages order by id").pluck().all() as string[]);
}

/** What a data directory holds, to show that a refused restore changed nothing. */
function snapshot(dataDir: string): Record<string, string> {
  if (!fs.existsSync(dataDir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dataDir)
      .filter((name) => fs.statSync(path.join(dataDir, name)).isFile())
      .map((name) => [name, crypto.createHash("sha256").update(fs.readFileSync(path.join(dataDir, name))).digest("hex")]),
  );
}

describe("db:backup under write load, db:restore into a fresh data directory", () => {
  it("serves the same homes and every message stored before the backup began", { timeout: 120_000 }, async () => {
    expect(fs.existsSync(builtEntry("db-restore")), "build/db-restore.js (npm run build)").toBe(true);
    const source = await start({ env: { ...QUIET, ADMIN_EMAILS: ADMIN } });
    const homes = await (await fetch(`${source.url}/api/properties`)).json();
    expect(homes.length).toBeGreaterThan(0);

    // Four writers post contact messages through the real endpoint until told to stop.
    const marker = `Load${Date.now().toString(36)}`;
    const acknowledged: { lastName: string; at: number }[] = [];
    let writing = true;
    let serial = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const lastName = `${marker}x${serial++}`;
        const response = await postMessage(source, lastName);
        expect(response.status).toBe(201);
        acknowledged.push({ lastName, at: Date.now() });
      }
    });
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const backupFile = path.join(makeWorkDir("backup-file-"), "site.db");
    const backupStartedAt = Date.now();
    const backup = await run("db-backup", [backupFile], source.workDir);
    const backupEndedAt = Date.now();
    const countAtEnd = acknowledged.length;
    while (acknowledged.length < countAtEnd + 10) await new Promise((resolve) => setTimeout(resolve, 20));
    writing = false;
    await Promise.all(writers);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    // The backup really ran under load: messages were stored while it was being taken.
    expect(acknowledged.filter((m) => m.at > backupStartedAt && m.at < backupEndedAt).length).toBeGreaterThan(0);
    const allHomes = withServerDatabase(source, (db) => db.prepare("select count(*) from properties").pluck().get());
    expect(await source.stop()).toBe(0);

    const freshDir = makeWorkDir("restore-fresh-");
    const restore = await run("db-restore", [backupFile], freshDir);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("integrity_check: ok");
    expect(restore.stdout).toMatch(new RegExp(`Rows: properties ${allHomes},`));
    expect(restore.stdout).toMatch(/contact_messages \d+/);
    expect(fs.readdirSync(path.join(freshDir, "data")).filter((name) => name.includes("restore"))).toEqual([]);

    const oauth = await startOAuthServer();
    cleanups.push(() => oauth.stop());
    const restored = await start({
      workDir: freshDir,
      env: { ...QUIET, ADMIN_EMAILS: ADMIN, GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_ISSUER: oauth.url },
    });
    expect(await (await fetch(`${restored.url}/api/properties`)).json()).toEqual(homes);

    const cookie = await signInAdmin(oauth, restored.url, { email: ADMIN, sub: "g-owner" });
    const listed = await fetch(`${restored.url}/api/contact`, { headers: { Cookie: cookie } });
    expect(listed.status).toBe(200);
    const messages = ((await listed.json()) as { id: number; lastName: string }[]).filter((m) => m.lastName.startsWith(marker));
    const served = new Set(messages.map((m) => m.lastName));
    const storedBeforeBackup = acknowledged.filter((m) => m.at < backupStartedAt).map((m) => m.lastName);
    expect(storedBeforeBackup.length).toBeGreaterThanOrEqual(20);
    expect(storedBeforeBackup.filter((name) => !served.has(name))).toEqual([]);
    // Only messages that were really stored, and no commit missing in between: one
    // consistent moment of the database.
    const sent = new Set(acknowledged.map((m) => m.lastName));
    expect([...served].filter((name) => !sent.has(name))).toEqual([]);
    const ids = messages.map((m) => m.id).sort((a, b) => a - b);
    expect(ids[ids.length - 1] - ids[0] + 1).toBe(ids.length);
    expect(withServerDatabase(restored, (db) => db.pragma("integrity_check", { simple: true }))).toBe("ok");
  });
});

describe("db:restore refuses", () => {
  it("while a server runs on the target, changing nothing; once the server is gone (even killed) it restores", { timeout: 90_000 }, async () => {
    const server = await start({ env: { ...QUIET, SEED_DEMO: "0" } });
    expect((await postMessage(server, "BeforeBackup")).status).toBe(201);
    const backupFile = path.join(makeWorkDir("backup-file-"), "site.db");
    expect((await run("db-backup", [backupFile], server.workDir)).code).toBe(0);
    expect((await postMessage(server, "AfterBackup")).status).toBe(201);
    const dataDir = path.join(server.workDir, "data");
    const inode = fs.statSync(server.databasePath).ino;
    const files = fs.readdirSync(dataDir).sort();

    const refused = await run("db-restore", [backupFile], server.workDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Refusing to restore: .*app\.db is in use by another process \(is the server running\?\)/);
    expect(refused.stdout).toBe("");
    // Nothing replaced, moved or left behind, and the server goes on with its data.
    expect(fs.statSync(server.databasePath).ino).toBe(inode);
    expect(fs.readdirSync(dataDir).sort()).toEqual(files);
    expect((await postMessage(server, "StillServing")).status).toBe(201);
    expect(lastNames(server)).toEqual(["BeforeBackup", "AfterBackup", "StillServing"]);

    // Killed: its locks died with it; the log and index it left must not block the
    // restore, nor be replayed onto the restored file.
    await server.stop("SIGKILL");
    expect(fs.existsSync(`${server.databasePath}-wal`)).toBe(true);
    const restored = await run("db-restore", [backupFile], server.workDir);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("contact_messages 1");
    expect(lastNames(server)).toEqual(["BeforeBackup"]);
    expect(withServerDatabase(server, (db) => db.pragma("integrity_check", { simple: true }))).toBe("ok");
    // The database it replaced is kept beside it, whole.
    const kept = fs.readdirSync(dataDir).filter((name) => name.startsWith("app.db.replaced-"));
    expect(kept).toHaveLength(1);
    expect(lastNames({ databasePath: path.join(dataDir, kept[0]) })).toEqual(["BeforeBackup", "AfterBackup", "StillServing"]);
  });

  it("a missing file, a file that is not SQLite, a damaged database and another program's database, before touching anything", { timeout: 60_000 }, async () => {
    const target = makeWorkDir("restore-target-");
    expect((await run("db-migrate", [], target)).code).toBe(0);
    const dataDir = path.join(target, "data");
    const before = snapshot(dataDir);
    expect(Object.keys(before)).toContain("app.db");
    const files = makeWorkDir("bad-backups-");

    const notSqlite = path.join(files, "notes.txt");
    fs.writeFileSync(notSqlite, "This is not a database.\n".repeat(100));
    const empty = path.join(files, "empty.db");
    fs.writeFileSync(empty, "");

    // A real database of the site with one of its pages overwritten.
    const damaged = path.join(files, "damaged.db");
    fs.copyFileSync(path.join(dataDir, "app.db"), damaged);
    const pageSize = withServerDatabase({ databasePath: damaged }, (db) => db.pragma("page_size", { simple: true }) as number);
    const pages = fs.statSync(damaged).size / pageSize;
    expect(pages).toBeGreaterThan(4);
    const fd = fs.openSync(damaged, "r+");
    fs.writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, pageSize * 2);
    fs.closeSync(fd);

    const foreign = path.join(files, "other.db");
    const other = new Database(foreign);
    other.exec("create table notes (body text); insert into notes values ('not the site')");
    other.close();

    const cases: [string, RegExp][] = [
      [path.join(files, "missing.db"), /missing\.db does not exist/],
      [notSqlite, /notes\.txt is not an SQLite database/],
      [empty, /empty\.db is not an SQLite database/],
      [damaged, /damaged\.db fails PRAGMA integrity_check: /],
      [foreign, /other\.db is an SQLite database but not one of this site's/],
    ];
    for (const [file, message] of cases) {
      const result = await run("db-restore", [file], target);
      expect(result.code, file).toBe(1);
      expect(result.stderr, file).toMatch(message);
      expect(result.stdout, file).toBe("");
      expect(snapshot(dataDir), file).toEqual(before);
    }

    // Into an empty directory: not even a data folder is made.
    const empty2 = makeWorkDir("restore-nothing-");
    expect((await run("db-restore", [path.join(files, "missing.db")], empty2)).code).toBe(1);
    expect(fs.readdirSync(empty2)).toEqual([]);
  });
});
