// node scripts/bench-replication.mjs: how long a new machine takes to come back from the
// replica (RTO), on the demo data and on the `seed:scale` data (decision 060). For each: a
// server replicates to a file:// replica, is stopped once Litestream has shipped
// everything, and a server on an empty volume with only REPLICA_URL is timed from its
// start to its first 200 on /healthz (the restore, the start, the migrations check).
// `npm run build` first (npm run bench does).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { request, startBuiltServer, stopBuiltServer } from "./bench-util.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

async function health(server) {
  return JSON.parse((await request(`${server.url}/healthz`)).body.toString("utf8"));
}

/** Until Litestream reports a write to the replica after `since`. */
async function shippedAfter(server, since, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const shipped = (await health(server)).replication?.lastShippedAt;
    if (shipped && Date.parse(shipped) > since) return;
    if (Date.now() > deadline) throw new Error("the replica got nothing new in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function sizeOf(file) {
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

/** One measurement: replicate `label`'s data, lose the machine, time the comeback. */
export async function measureRestore(label, { scaled }) {
  const replicaDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-replica-"));
  const env = { REPLICA_URL: pathToFileURL(replicaDir).href };
  const first = await startBuiltServer({ workDir: fs.mkdtempSync(path.join(os.tmpdir(), "bench-primary-")), env });
  try {
    if (scaled) {
      const since = Date.now();
      const seeded = spawnSync(process.execPath, [path.join(ROOT, "build", "seed-scale.js")], {
        cwd: first.workDir,
        env: { ...process.env, DATABASE_PATH: first.databasePath, LOG_LEVEL: "warn" },
        encoding: "utf8",
      });
      if (seeded.status !== 0) throw new Error(`seed:scale failed: ${seeded.stderr}`);
      await shippedAfter(first, since);
    } else {
      await shippedAfter(first, 0);
    }
  } finally {
    await stopBuiltServer(first);
  }
  const databaseBytes = sizeOf(first.databasePath);
  const replicaBytes = folderBytes(replicaDir);

  const started = Date.now();
  const second = await startBuiltServer({ workDir: fs.mkdtempSync(path.join(os.tmpdir(), "bench-restored-")), env, startLimitMs: 300_000 });
  const rtoMs = Date.now() - started;
  const restoredBytes = sizeOf(second.databasePath);
  await stopBuiltServer(second);
  for (const dir of [replicaDir, first.workDir, second.workDir]) fs.rmSync(dir, { recursive: true, force: true });
  return { label, rtoMs, databaseBytes, replicaBytes, restoredBytes };
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export async function benchReplication() {
  const rows = [];
  for (const [label, scaled] of [["demo data", false], ["seed:scale data", true]]) {
    const result = await measureRestore(label, { scaled });
    rows.push(result);
    console.log(
      `  ${label}: database ${mib(result.databaseBytes)}, replica ${mib(result.replicaBytes)} (lz4); ` +
        `a new server answered /healthz ${(result.rtoMs / 1000).toFixed(1)} s after its start (restore included), database ${mib(result.restoredBytes)}`,
    );
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log("== replication: a new machine from the replica (RTO) ==");
  await benchReplication();
}
