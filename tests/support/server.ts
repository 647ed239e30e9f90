import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";

/** The repository root: the build and the scripts live here. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/*
 * Ports for the servers the tests start. A port the system hands out (listen on 0) is free
 * only until it is closed again: the server it was meant for binds it a second or two
 * later, after migrating and seeding, and meanwhile another test worker could be handed
 * the same port. The loser's harness then found the winner answering /healthz and talked
 * to another file's site. So each concurrently running worker takes its ports from a
 * range of its own (vitest's pool id, Playwright's parallel index), below the range the
 * system hands out for listen(0) and outgoing connections (32768 and up on Linux), and
 * checks that nothing else holds the port it picks.
 */
const PORTS_PER_WORKER = 400;
const FIRST_PORT = 20_000;

/** A whole number from 0 to 9 read from the environment, or null. */
function digitFrom(value: string | undefined): number | null {
  return value !== undefined && /^\d$/.test(value) ? Number(value) : null;
}

// vitest's pool ids run from 1, Playwright's parallel indexes from 0; any other process
// (a script, Playwright's main process) takes one of ten slots by its pid.
function portSlot(): number {
  return digitFrom(process.env.VITEST_POOL_ID) ?? 10 + (digitFrom(process.env.TEST_PARALLEL_INDEX) ?? 10 + (process.pid % 10));
}

const slotStart = FIRST_PORT + portSlot() * PORTS_PER_WORKER;
// A worker started again in the same slot does not begin where the last one did.
let nextOffset = Math.floor(Math.random() * PORTS_PER_WORKER);

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries++) {
    const port = slotStart + (nextOffset++ % PORTS_PER_WORKER);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${slotStart}-${slotStart + PORTS_PER_WORKER - 1}`);
}

export function makeWorkDir(prefix = "site-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A compiled entry of the build: `npm run build` (run by `npm test`) writes them. */
export function builtEntry(name: "server" | "db-migrate" | "db-backup" | "db-restore" | "seed-scale"): string {
  return path.join(ROOT, "build", `${name}.js`);
}

export type RunningServer = {
  url: string;
  port: number;
  /** The server process's id (the launcher's, which became the server, when there is one). */
  pid: number;
  workDir: string;
  databasePath: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /**
   * The machine lost: SIGKILL to the server and every process it started (Litestream),
   * at once. Only for a server started with `ownProcessGroup`.
   */
  killEverything: () => Promise<void>;
};

/**
 * Plain Node on a compiled entry, run from a work directory (its ./data); `launcher` is a
 * command that prepares something and then runs (execs) the rest of its arguments, Node
 * and the entry (tests/support/small-disk.ts).
 */
export function runBuilt(
  name: Parameters<typeof builtEntry>[0],
  args: string[],
  options: { cwd: string; env?: Record<string, string>; launcher?: string[]; ownProcessGroup?: boolean },
): ChildProcess {
  const [command, ...commandArgs] = [...(options.launcher ?? []), process.execPath, builtEntry(name), ...args];
  return spawn(command, commandArgs, {
    cwd: options.cwd,
    env: { ...process.env, LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.ownProcessGroup ?? false,
  });
}

export type StartOptions = {
  env?: Record<string, string>;
  workDir?: string;
  port?: number;
  launcher?: string[];
  startupTimeoutMs?: number;
  /** The server leads a process group of its own, so that killEverything reaches its children too. */
  ownProcessGroup?: boolean;
};

/**
 * Starts the production server (build/server.js) on a free port with a
 * database in a fresh work directory, and waits for /healthz.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const workDir = options.workDir ?? makeWorkDir();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const databasePath = path.resolve(workDir, options.env?.DATABASE_PATH ?? path.join("data", "app.db"));
  const env = { PORT: String(port), HOST: "127.0.0.1", APP_URL: url, ...options.env };
  const child = runBuilt("server", [], { cwd: workDir, env, launcher: options.launcher, ownProcessGroup: options.ownProcessGroup });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const deadline = Date.now() + (options.startupTimeoutMs ?? 45_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    pid: child.pid!,
    workDir,
    databasePath,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    killEverything: async () => {
      if (!options.ownProcessGroup) throw new Error("killEverything needs a server started with ownProcessGroup");
      process.kill(-child.pid!, "SIGKILL");
      await exited;
      // The group's other members die with the same signal; wait until none is left.
      for (;;) {
        try {
          process.kill(-child.pid!, 0);
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Opens a running server's database beside it (WAL) for one piece of work, and closes it again. */
export function withServerDatabase<T>(app: Pick<RunningServer, "databasePath">, work: (db: Database.Database) => T): T {
  const db = new Database(app.databasePath);
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}
