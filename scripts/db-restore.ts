// npm run db:restore -- FILE: puts a backup made by `npm run db:backup` in place of the
// database at DATABASE_PATH, while the site is stopped. With `--from-replica [--timestamp
// WHEN]` the backup is the replica at REPLICA_URL (server/replication.ts), fetched by
// Litestream into a file beside the database after step 2's refusal, then put through
// the same steps.
//
// 1. The backup is checked first, from its bytes read once (so its folder is never
//    written to, and what was checked is exactly what is put in place): an SQLite file,
//    PRAGMA integrity_check ok, this site's tables, no migration this build does not know.
// 2. Refused while any process has the current database open. Every connection to a
//    WAL database (the server's, a second server's, Litestream's, a sqlite3 shell's)
//    holds a shared lock on the database file for as long as it is open; we ask for an
//    exclusive one and are refused while any of them lives. These are the kernel's
//    record locks, so they go with the process that held them (a killed server blocks
//    nothing) and are seen across containers sharing the volume.
// 3. The bytes go to a temporary file beside the database, fsynced; the old -wal, -shm
//    and -journal files go (a stale log would otherwise be replayed onto the restored
//    file); the previous database is kept under a new name (a hard link) and the
//    temporary file is renamed over it in one step.
// 4. The restored file is checked again and its row counts printed. An older backup is
//    fine: the migrations it lacks run at the next start.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { ConfigError, readConfig } from "../app/config/env.server";
import { createFilesPrivately, PRIVATE_FILE } from "../server/private-files";
import { fetchReplica, litestreamStateDir } from "../server/replication";

/** A reason not to restore: printed as is, exit code 1. */
class Refusal extends Error {}

const SQLITE_MAGIC = Buffer.from("SQLite format 3\0", "latin1");
const REQUIRED_TABLES = ["__drizzle_migrations", "properties", "contact_messages"];
const COUNTED_TABLES = ["properties", "media", "faqs", "contact_messages", "text_entries", "admin_whitelist", "audit_log"];

type Summary = { counts: Record<string, number>; lastMigration: number };

function readBackup(file: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new Refusal(`Refusing to restore: ${file} does not exist.`);
    if (code === "EISDIR") throw new Refusal(`Refusing to restore: ${file} is a folder, not a backup file.`);
    throw new Refusal(`Refusing to restore: ${file} cannot be read (${(error as Error).message}).`);
  }
  // An empty file is a valid empty database to SQLite: not a backup of this site.
  if (bytes.length < 100 || !bytes.subarray(0, 16).equals(SQLITE_MAGIC)) {
    throw new Refusal(`Refusing to restore: ${file} is not an SQLite database.`);
  }
  return bytes;
}

function tableCounts(db: Database.Database): Record<string, number> {
  const present = new Set((db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]));
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    if (present.has(table)) counts[table] = db.prepare(`select count(*) from "${table}"`).pluck().get() as number;
  }
  return counts;
}

/** integrity_check's findings, or null when it says ok. */
function integrityProblems(db: Database.Database): string | null {
  let rows: { integrity_check: string }[];
  try {
    rows = db.pragma("integrity_check") as { integrity_check: string }[];
  } catch (error) {
    // Damage bad enough stops the check itself (SQLITE_CORRUPT): that is its finding.
    return (error as Error).message;
  }
  if (rows.length === 1 && rows[0].integrity_check === "ok") return null;
  return rows.slice(0, 5).map((row) => row.integrity_check).join("; ");
}

/** The backup's own checks, on an in-memory copy of its bytes (opened read-only). */
function checkBackup(file: string, bytes: Buffer): Summary {
  // Bytes 18 and 19 say "WAL mode"; SQLite will not open an in-memory image so marked.
  // They are set to the rollback-journal value for the check only (better-sqlite3 copies
  // the buffer as it opens it) and put back: the file is restored exactly as it is.
  const mode = [bytes[18], bytes[19]];
  bytes[18] = bytes[19] = 1;
  let db: Database.Database;
  try {
    db = new Database(bytes, { readonly: true });
  } finally {
    [bytes[18], bytes[19]] = mode;
  }
  try {
    const problems = integrityProblems(db);
    if (problems) throw new Refusal(`Refusing to restore: ${file} fails PRAGMA integrity_check: ${problems}`);
    const tables = new Set(db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[]);
    const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (missing.length) {
      throw new Refusal(`Refusing to restore: ${file} is an SQLite database but not one of this site's (no ${missing.join(", ")} table).`);
    }
    const lastMigration = Number(db.prepare("select coalesce(max(created_at), 0) from __drizzle_migrations").pluck().get());
    return { counts: tableCounts(db), lastMigration };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    // SQLITE_CORRUPT, SQLITE_NOTADB and the like: the check could not even be run.
    throw new Refusal(`Refusing to restore: ${file} is not a readable SQLite database (${(error as Error).message}).`);
  } finally {
    db.close();
  }
}

/** The migrations of this build (beside the compiled script), oldest first; [] when not found. */
function knownMigrations(): { when: number; tag: string }[] {
  const journal = fileURLToPath(new URL("./migrations/meta/_journal.json", import.meta.url));
  if (!fs.existsSync(journal)) return [];
  return (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: { when: number; tag: string }[] }).entries;
}

/** How many of this build's migrations the backup lacks; refused when it is newer than the build. */
function pendingMigrations(file: string, lastMigration: number): number | null {
  const migrations = knownMigrations();
  if (migrations.length === 0) return null;
  const newest = Math.max(...migrations.map((m) => m.when));
  if (lastMigration > newest) {
    throw new Refusal(
      `Refusing to restore: ${file} was made by a newer version of the site (it has a migration this build does not know). Restore it with that version.`,
    );
  }
  return migrations.filter((m) => m.when > lastMigration).length;
}

/** Refuses while any process has the database open (see the top of this file). */
function assertNotInUse(target: string) {
  if (!fs.existsSync(target)) return;
  let probe: Database.Database | undefined;
  try {
    probe = new Database(target, { fileMustExist: true, timeout: 0 });
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("ROLLBACK");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
      throw new Refusal(
        `Refusing to restore: ${target} is in use by another process (is the server running?). Stop the server (and Litestream, or anything else using the database) and run db:restore again.`,
      );
    }
    throw new Refusal(
      `Refusing to restore: the current database ${target} cannot be opened (${(error as Error).message}), so it cannot be checked that no server uses it. Stop the server, move ${target} and its -wal and -shm files aside, and run db:restore again.`,
    );
  } finally {
    // The last connection to close folds the old log into the old file and removes it.
    probe?.close();
  }
}

function fsyncPath(target: string) {
  const fd = fs.openSync(target, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The previous database's new name, kept beside it (removed by hand once not needed). */
function keptName(target: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return `${target}.replaced-${stamp}`;
}

/** Puts the bytes in place of the target in one rename; returns where the old file is kept. */
function replaceDatabase(target: string, bytes: Buffer): string | null {
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(target)}.restore-${process.pid}.tmp`);
  const previous = fs.existsSync(target) ? fs.statSync(target) : null;
  try {
    // Private whatever the replaced file's mode was (server/private-files.ts).
    const fd = fs.openSync(temp, "wx", PRIVATE_FILE);
    try {
      let written = 0;
      while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // Run as root (docker exec -u 0, say), the file stays the server's user's.
    if (previous && process.getuid?.() === 0) fs.chownSync(temp, previous.uid, previous.gid);

    // Checked again at the last moment: the copy above may have taken a while.
    assertNotInUse(target);
    let kept: string | null = null;
    if (previous) {
      kept = keptName(target);
      fs.linkSync(target, kept);
      fs.chmodSync(kept, PRIVATE_FILE);
    }
    for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(target + suffix, { force: true });
    fs.renameSync(temp, target);
    fsyncPath(dir);
    return kept;
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(", ");
}

const USAGE = `Usage (stop the server first):
  npm run db:restore -- FILE                                  a backup made by db:backup
  npm run db:restore -- --from-replica [--timestamp WHEN]     the replica at REPLICA_URL, latest or as it was at WHEN (ISO 8601, e.g. 2026-11-28T09:00:00Z)`;

/** `--from-replica [--timestamp WHEN]`, or null when the arguments name a file. */
function replicaArguments(args: string[]): { timestamp?: string } | null {
  if (args[0] !== "--from-replica") return null;
  const rest = args.slice(1);
  if (rest.length === 0) return {};
  const when = rest[0] === "--timestamp" && rest.length === 2 ? rest[1] : rest[0]?.startsWith("--timestamp=") && rest.length === 1 ? rest[0].slice(12) : null;
  // A moment with its zone (Z or an offset): a bare local time would mean another hour on another machine.
  if (!when || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(when) || Number.isNaN(Date.parse(when))) {
    throw new Refusal(`Refusing to restore: --timestamp needs a moment with its time zone, such as 2026-11-28T09:00:00Z.\n${USAGE}`);
  }
  return { timestamp: new Date(when).toISOString() };
}

/**
 * The replica's database fetched into a file beside the target, for the checks and the
 * replacement every backup goes through. Refused while the database is in use, before
 * anything is fetched.
 */
async function fetchFromReplica(options: { timestamp?: string }): Promise<{ file: string; target: string }> {
  const config = readConfig();
  if (!config.replica) throw new Refusal("Refusing to restore from the replica: REPLICA_URL is not set.");
  const target = config.databasePath;
  assertNotInUse(target);
  // A private folder beside the database: Litestream leaves its own -wal and -shm beside
  // what it writes, and the folder goes as a whole.
  const folder = path.join(path.dirname(target), `.${path.basename(target)}.from-replica-${process.pid}`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  process.on("exit", () => fs.rmSync(folder, { recursive: true, force: true }));
  const file = path.join(folder, "replica.db");
  console.log(`Fetching ${options.timestamp ? `the state at ${options.timestamp}` : "the latest state"} from ${config.replica.url}...`);
  const found = await fetchReplica({ databasePath: target, replica: config.replica }, file, options.timestamp);
  if (!found) {
    throw new Refusal(`Refusing to restore: ${config.replica.url} holds no database${options.timestamp ? ` as early as ${options.timestamp}` : ""}.`);
  }
  return { file, target };
}

async function main() {
  createFilesPrivately();
  const args = process.argv.slice(2);
  const fromReplica = replicaArguments(args);
  if (!fromReplica && args.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  // The fetched copy goes however this ends (a refusal, a failed check, success).
  const fetched = fromReplica ? await fetchFromReplica(fromReplica) : null;
  if (fetched) restore(fetched.file, "the replica's copy", fetched.target);
  else restore(path.resolve(args[0]), null);
}

/**
 * Checks `file` and puts it in place of the database (`knownTarget`, when the caller has
 * read the configuration already); `label` names it in the messages instead of its path.
 */
function restore(file: string, label: string | null, knownTarget?: string) {
  const name = label ?? file;
  const bytes = readBackup(file);
  const backup = checkBackup(name, bytes);
  const pending = pendingMigrations(name, backup.lastMigration);

  // Read only now: with no SESSION_SECRET it writes ./data/session-secret.
  const target = knownTarget ?? readConfig().databasePath;
  if (fs.existsSync(target) && fs.realpathSync(target) === fs.realpathSync(file)) {
    throw new Refusal(`Refusing to restore: ${file} is the database itself.`);
  }
  assertNotInUse(target);
  const kept = replaceDatabase(target, bytes);
  // Litestream's record of the replaced database would not match the restored one: without
  // it, replication (REPLICA_URL) begins a new generation from this file at the next start.
  fs.rmSync(litestreamStateDir(target), { recursive: true, force: true });

  const restored = new Database(target, { fileMustExist: true });
  let problems: string | null;
  let counts: Record<string, number>;
  try {
    problems = integrityProblems(restored);
    counts = tableCounts(restored);
  } finally {
    restored.close();
  }
  if (problems) {
    console.error(`Restored ${name} into ${target}, but integrity_check on the result said: ${problems}`);
    if (kept) console.error(`The previous database is kept as ${kept}.`);
    process.exit(1);
  }
  console.log(`Restored ${name} into ${target} (integrity_check: ok)`);
  console.log(`Rows: ${describeCounts(counts)}`);
  if (pending) console.log(`The backup lacks ${pending} migration(s) of this version: they run at the next start.`);
  if (kept) console.log(`The previous database is kept as ${kept} (delete it once it is not needed).`);
}

main().catch((error: unknown) => {
  if (error instanceof Refusal || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
