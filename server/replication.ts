import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";
import type { Config, ReplicaConfig } from "../app/config/env.server";
import type { ReplicationStatus } from "../app/http/replication-status.server";
import { log } from "../app/config/logger.server";
import { PROJECT_ROOT } from "./paths";

/**
 * Continuous replication of the database with Litestream (decision 060), when REPLICA_URL
 * is set. Litestream runs as a child of the server, in the same container: it follows the
 * database's write-ahead log and ships each change to the replica within a second
 * (litestream.yml holds its settings and their reasons). On a volume without a database
 * the server first restores the latest replica, so a new machine starts where the lost one
 * stopped; /healthz answers only after that.
 */

/** Litestream's settings, committed at the project's root (the image copies it). */
export const LITESTREAM_CONFIG_FILE = path.join(PROJECT_ROOT, "litestream.yml");

/** Litestream 0.3.13, from the pinned optional dependency @flydotio/litestream-linux-x64 (decision 060). */
export function litestreamBinary(): string {
  const require = createRequire(path.join(PROJECT_ROOT, "package.json"));
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return require.resolve(`${name}/litestream`);
  } catch {
    // package.json names the linux-x64 binary, the image's (decision 060); another platform adds its own.
    throw new Error(`replication: no Litestream for ${process.platform}-${process.arch} is installed; \`npm install ${name}@1.0.1\` adds it`);
  }
}

type Replicated = Pick<Config, "databasePath"> & { replica: ReplicaConfig };

/**
 * The variables litestream.yml reads, and the S3 credentials, which Litestream takes from
 * its environment (outside the YAML, so no character of a secret can upset it).
 */
export function litestreamEnv({ databasePath, replica }: Replicated): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    REPLICA_DATABASE_PATH: databasePath,
    REPLICA_URL: replica.url,
    REPLICA_S3_ENDPOINT: replica.s3?.endpoint ?? "",
    REPLICA_S3_REGION: replica.s3?.region ?? "",
    REPLICA_S3_FORCE_PATH_STYLE: String(replica.s3?.forcePathStyle ?? false),
  };
  if (replica.s3?.accessKeyId) env.LITESTREAM_ACCESS_KEY_ID = replica.s3.accessKeyId;
  if (replica.s3?.secretAccessKey) env.LITESTREAM_SECRET_ACCESS_KEY = replica.s3.secretAccessKey;
  return env;
}

export type LitestreamLine = { level: string; message: string; fields: string };

/** A line of Litestream's log (`time=… level=INFO msg="…" key=value …`), or null. */
export function parseLitestreamLine(line: string): LitestreamLine | null {
  const match = /\blevel=(\w+) msg=(?:"((?:[^"\\]|\\.)*)"|(\S+))(.*)$/.exec(line);
  if (!match) return null;
  return { level: match[1].toUpperCase(), message: match[2] ?? match[3], fields: match[4].trim() };
}

/** `litestream <command> [flags] -config litestream.yml [database]`, its log read line by line. */
export function runLitestream(command: "restore" | "replicate", flags: string[], target: Replicated, onLine: (line: string) => void, database?: string): ChildProcess {
  const args = [command, ...flags, "-config", LITESTREAM_CONFIG_FILE, ...(database ? [database] : [])];
  const child = spawn(litestreamBinary(), args, { env: litestreamEnv(target) as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream! }).on("line", onLine);
  return child;
}

/** The exit code, or the error that kept the process from starting. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code));
  });
}

export type RestoreOutcome = "restored" | "nothing to restore" | "database present";

/** A restore that has not ended by then is stopped and counts as failed: a store that answers but never finishes must not hold the start forever. */
const RESTORE_LIMIT_MS = 30 * 60_000;

/** `litestream restore` of the replica into `into`: its exit code and its last lines. A restore that outlives RESTORE_LIMIT_MS is stopped (exit null). */
async function litestreamRestore(target: Replicated, into: string, flags: string[]): Promise<{ code: number | null; said: string }> {
  const lines: string[] = [];
  const child = runLitestream("restore", [...flags, "-o", into], target, (line) => lines.push(line), target.databasePath);
  const limit = setTimeout(() => child.kill("SIGKILL"), RESTORE_LIMIT_MS);
  const code = await exitOf(child).finally(() => clearTimeout(limit));
  return { code, said: lines.slice(-20).join("\n") };
}

/**
 * On a volume without a database, the latest replica is put in its place. With nothing
 * to restore (the very first start) the volume stays empty for the usual first start. A
 * replica that cannot be read stops the start: a server that went on would begin an empty
 * site, and replicate it as the newest copy.
 */
export async function restoreIfNoDatabase(config: Pick<Config, "databasePath" | "replica">): Promise<RestoreOutcome> {
  const { databasePath, replica } = config;
  if (!replica) throw new Error("restoreIfNoDatabase: REPLICA_URL is not set");
  if (fs.existsSync(databasePath)) return "database present";
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const started = Date.now();
  log.info("replication: no database on this volume; restoring the latest replica", { replica: replica.url });
  const { code, said } = await litestreamRestore({ databasePath, replica }, databasePath, ["-if-replica-exists"]);
  if (code !== 0) throw new Error(`replication: restoring from ${replica.url} failed (Litestream exit ${code}):\n${said}`);
  if (!fs.existsSync(databasePath)) {
    log.info("replication: the replica holds no database yet; this is a first start", { replica: replica.url });
    return "nothing to restore";
  }
  log.info("replication: database restored from the replica", { replica: replica.url, ms: Date.now() - started });
  return "restored";
}

/**
 * Fetches the replica's database (its latest state, or as it was at `timestamp`) into
 * `file`, for `db:restore --from-replica` to check and put in place. Throws with
 * Litestream's words when it cannot; false when the replica holds nothing (then or at all).
 */
export async function fetchReplica(target: Replicated, file: string, timestamp?: string): Promise<boolean> {
  const { code, said } = await litestreamRestore(target, file, timestamp ? ["-timestamp", timestamp] : []);
  if (code !== 0) {
    // "no matching backups found" / "no snapshots available": nothing at that time.
    if (/no matching backup|no snapshots available|no generation/i.test(said)) return false;
    throw new Error(`Litestream could not restore from ${target.replica.url} (exit ${code}): ${said.split("\n").slice(-5).join(" ")}`);
  }
  return fs.existsSync(file);
}

/** Litestream's own record beside the database (`.app.db-litestream`): removed after a restore so that it begins a new generation from the restored file. */
export function litestreamStateDir(databasePath: string): string {
  return path.join(path.dirname(databasePath), `.${path.basename(databasePath)}-litestream`);
}

const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const STOP_GRACE_MS = 10_000;
/**
 * Litestream ships a change within its sync interval (1 s, litestream.yml). A change that
 * has waited ten of them means Litestream no longer ships, whether or not it said so: a
 * replica folder that was briefly not a folder left it alive, silent and shipping nothing
 * while the WAL grew.
 */
const STALL_AFTER_MS = 10_000;
/**
 * Each restart for a stall with no shipment since doubles the wait, up to 32 times
 * (about 5 minutes): a first snapshot of a large database to a slow store may take longer
 * than 10 s, and restarting it every 10 s would never let it finish.
 */
const STALL_BACKOFF_LIMIT = 5;
/** How often the database is looked at for changes: a few microseconds each time. */
const WATCH_INTERVAL_MS = 1_000;
// Litestream's lines for a write to the replica, and for the start of its work.
const SHIPPED = new Set(["wal segment written", "snapshot written"]);
const WORTH_TELLING = new Set(["replicating to", "sync: new generation", "snapshot written"]);
// Litestream's line once it follows the database: from then on it reports any failure.
const FOLLOWING = "replicating to";

/**
 * Litestream replicating the database, restarted if it stops by itself or stops shipping,
 * with what it last did for /healthz. Its warnings and errors go to the server's log; of
 * its routine lines only the start of replication, a new generation and each snapshot.
 */
export class Replication {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarts = 0;
  private status: ReplicationStatus;
  private watcher: NodeJS.Timeout | null = null;
  // The write-ahead log as last seen, and since when a change to it has waited for a shipment.
  private seenMark: string | null = null;
  private unshippedSince: number | null = null;
  private launchedAt = 0;
  // Litestream was stopped by the watch, which has said why: its exit is no news.
  private restartAsked = false;
  // Restarts for a stall since the last shipment.
  private stallRestarts = 0;

  constructor(private readonly target: Replicated) {
    this.status = { state: "starting", replica: target.replica.url, lastShippedAt: null, lastError: null };
  }

  start(): void {
    this.stopping = false;
    this.seenMark = this.walMark();
    this.launch();
    this.watcher = setInterval(() => this.watch(), WATCH_INTERVAL_MS).unref();
    // A server that ends without its clean stop (a fatal error) still stops Litestream,
    // which ships what it has before it exits.
    process.once("exit", () => this.child?.kill("SIGTERM"));
  }

  current(): ReplicationStatus {
    return { ...this.status };
  }

  /** Stops Litestream after its last sync (it syncs once more on SIGTERM). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.watcher) clearInterval(this.watcher);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = exitOf(child).catch(() => null);
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  private launch(): void {
    const child = runLitestream("replicate", [], this.target, (line) => this.read(line));
    this.child = child;
    this.launchedAt = Date.now();
    exitOf(child).then(
      (code) => this.exited(`exit ${code ?? child.signalCode}`),
      (error: Error) => this.exited(error.message),
    );
  }

  /**
   * A change to the log that has waited STALL_AFTER_MS for a shipment (counted from
   * Litestream's start, when it started since; doubled by each restart for a stall since
   * the last shipment) makes replication failing, said in the log, and Litestream is
   * started again.
   */
  private watch(): void {
    const now = Date.now();
    const mark = this.walMark();
    if (mark !== this.seenMark) {
      this.seenMark = mark;
      this.unshippedSince ??= now;
    }
    const child = this.child;
    if (this.unshippedSince === null || !child || child.exitCode !== null || child.signalCode !== null) return;
    const waited = now - Math.max(this.unshippedSince, this.launchedAt);
    if (waited < STALL_AFTER_MS * 2 ** Math.min(this.stallRestarts, STALL_BACKOFF_LIMIT)) return;
    this.stallRestarts++;
    this.fail(`nothing has reached the replica for ${Math.round(waited / 1000)} s while the database changed; starting Litestream again`);
    this.restartAsked = true;
    child.kill("SIGKILL");
  }

  /**
   * The write-ahead log's size and time of change: what Litestream ships moves it (a
   * commit, a checkpoint's new log), and little else does: a write rolled back, or one
   * that changed no row, normally never reaches the log.
   */
  private walMark(): string {
    try {
      const wal = fs.statSync(`${this.target.databasePath}-wal`);
      return `${wal.size}:${wal.mtimeMs}`;
    } catch {
      return "no log";
    }
  }

  private exited(how: string): void {
    if (this.stopping) return;
    const delay = RESTART_DELAYS_MS[Math.min(this.restarts, RESTART_DELAYS_MS.length - 1)];
    this.restarts++;
    if (!this.restartAsked) this.fail(`Litestream stopped (${how}); starting it again in ${delay / 1000} s`);
    this.restartAsked = false;
    setTimeout(() => {
      if (!this.stopping) this.launch();
    }, delay).unref();
  }

  private fail(message: string): void {
    this.status = { ...this.status, state: "failing", lastError: message };
    log.error(`replication: ${message}`, { replica: this.target.replica.url });
  }

  private read(line: string): void {
    const parsed = parseLitestreamLine(line);
    if (!parsed) {
      if (line.trim()) log.warn(`replication: ${line.trim()}`);
      return;
    }
    const { level, message, fields } = parsed;
    if (level === "ERROR") return this.fail(`${message} ${fields}`.trim());
    if (level === "WARN") log.warn(`replication: ${message}`, { detail: fields });
    if (message === FOLLOWING && this.status.state === "starting") this.status = { ...this.status, state: "replicating" };
    if (SHIPPED.has(message)) {
      // Said at the first shipment, and at the first after a failure.
      const firstSince = this.status.state !== "replicating" || this.status.lastShippedAt === null;
      this.status = { ...this.status, state: "replicating", lastShippedAt: new Date().toISOString(), lastError: null };
      this.restarts = 0;
      this.unshippedSince = null;
      this.stallRestarts = 0;
      if (firstSince) log.info("replication: changes are reaching the replica", { replica: this.target.replica.url });
    }
    if (WORTH_TELLING.has(message)) log.info(`replication: ${message}`, { detail: fields });
    else log.debug(`replication: ${message}`, { detail: fields });
  }
}
