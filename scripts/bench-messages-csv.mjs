// The Messages tab's 'Export CSV' part of `npm run bench`: GET /api/admin/messages.csv on
// a database filled by `npm run seed:scale` (100,000 messages; one in three then marked
// handled, so those columns are filled as in an office's real list), all of them and
// with filters. For each: the time to the first byte and to the last, the bytes, the
// rows, and the server's memory: its RSS before, and its peak during the export (VmHWM,
// reset just before, so the exact peak; a 10 ms VmRSS sample as well in case the reset is
// not allowed). The file is streamed, so the peak should not grow with the number of rows.
// Then the tab's own pages with each filter and with searches, p50 and p95.
// Runnable alone:
//
//   node scripts/bench-messages-csv.mjs        (builds first when the build is missing or old)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { BENCH_ADMIN, signInForBench, timePage } from "./bench-dashboard.mjs";
import { printTable, procStatus, resetPeak, startBuiltServer, stopBuiltServer } from "./bench-util.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LIMIT_MS = { seedScale: 60_000, serverStart: 45_000, export: 60_000, serverStop: 15_000 };
const SAMPLE_MS = 10;

/** The exports timed, in order (one warm-up of the first before them). */
export const CSV_CASES = [
  { label: "all 100,000", query: "" },
  { label: "all 100,000, gzip", query: "", gzip: true },
  { label: "subject: Rental Inquiry", query: "?subject=rental-inquiry" },
  { label: "status: handled", query: "?status=handled" },
  { label: "search 'garcia', status: new", query: "?q=garcia&status=new" },
];

/** The CPU time the process has used so far, in ms (utime + stime of /proc/<pid>/stat, at 100 ticks a second). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The tab's own pages at the same scale: each filter answers from an index; a search
 * reads rows in date order until a page is full, so one that matches nothing reads them
 * all (the slowest page there is, the more so with letters beyond ASCII).
 */
export const TAB_PAGES = [
  ["all", "/admin/dashboard/messages"],
  ["subject: Investment Opportunities", "/admin/dashboard/messages?subject=investment"],
  ["status: handled", "/admin/dashboard/messages?status=handled"],
  ["search 'garcia'", "/admin/dashboard/messages?q=garcia"],
  ["search matching nothing", "/admin/dashboard/messages?q=nobody-writes-this"],
  ["search matching nothing, non-ASCII", "/admin/dashboard/messages?q=%C3%B1and%C3%BA"],
];

const mib = (kb) => (kb == null || Number.isNaN(kb) ? "-" : `${(kb / 1024).toFixed(1)} MiB`);
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const errorText = (error) => (error instanceof Error ? error.message : String(error));

const running = { servers: [], dirs: [] };

/** Stops what this part started and removes its temp dirs. */
export async function stopMessagesCsvBench() {
  for (const server of running.servers.splice(0)) await stopBuiltServer(server, LIMIT_MS.serverStop).catch(() => {});
  for (const dir of running.dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A fresh work dir with the scaled database, one message in three handled. */
function scaledWorkDir() {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-csv-"));
  running.dirs.push(workDir);
  execFileSync(process.execPath, [path.join(ROOT, "build", "seed-scale.js")], { cwd: workDir, stdio: "ignore", timeout: LIMIT_MS.seedScale });
  const db = new Database(path.join(workDir, "data", "app.db"));
  try {
    db.prepare("update contact_messages set handled_at = created_at + 3600000, handled_by = 'office@example.com' where id % 3 = 0").run();
  } finally {
    db.close();
  }
  return workDir;
}

/**
 * One export, read as it arrives and thrown away (the client keeps nothing): status,
 * headers, bytes on the wire, rows (CRLF-ended records), times, and the server's memory.
 */
function timeExport(server, cookie, csvCase) {
  return new Promise((resolve, reject) => {
    const base = procStatus(server.pid);
    const cpuBefore = cpuMs(server.pid);
    const hwmReset = resetPeak(server.pid);
    let sampledPeak = base.rss;
    const sampler = setInterval(() => {
      try {
        sampledPeak = Math.max(sampledPeak, procStatus(server.pid).rss);
      } catch {
        // the server is gone; the request fails below
      }
    }, SAMPLE_MS);
    const started = performance.now();
    let firstByteMs = null;
    const headers = { Cookie: cookie, ...(csvCase.gzip ? { "Accept-Encoding": "gzip" } : {}) };
    const req = http.get(`${server.url}/api/admin/messages.csv${csvCase.query}`, { headers, agent: false }, (res) => {
      let bytes = 0;
      let rows = 0;
      let head = null;
      res.on("data", (chunk) => {
        firstByteMs ??= performance.now() - started;
        bytes += chunk.length;
        head ??= chunk.subarray(0, 3);
        if (!csvCase.gzip) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      });
      res.on("error", reject);
      res.on("end", () => {
        const totalMs = performance.now() - started;
        clearInterval(sampler);
        const after = procStatus(server.pid);
        const serverCpuMs = cpuMs(server.pid) - cpuBefore;
        const peakKb = hwmReset ? Math.max(after.hwm, sampledPeak) : sampledPeak;
        resolve({
          ...csvCase,
          status: res.statusCode,
          contentType: res.headers["content-type"],
          encoding: res.headers["content-encoding"] ?? "identity",
          bom: !csvCase.gzip && head?.[0] === 0xef && head?.[1] === 0xbb && head?.[2] === 0xbf,
          bytes,
          // The header row is not a message (and the seeded messages have no line breaks).
          rows: csvCase.gzip ? null : rows - 1,
          firstByteMs,
          totalMs,
          serverCpuMs,
          baseKb: base.rss,
          peakKb,
          deltaKb: peakKb - base.rss,
          hwmReset,
        });
      });
    });
    req.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
    req.setTimeout(LIMIT_MS.export, () => req.destroy(new Error(`GET /api/admin/messages.csv${csvCase.query} timed out`)));
  });
}

/** Every case on one fresh server with the scaled database; returns the figures. */
export async function benchMessagesCsv({ log = (line) => console.log(`  ${line}`) } = {}) {
  const results = { runs: [], pages: [], notes: [] };
  try {
    let t = Date.now();
    const workDir = scaledWorkDir();
    const server = await startBuiltServer({
      workDir,
      env: { ADMIN_EMAILS: BENCH_ADMIN },
      startLimitMs: LIMIT_MS.serverStart,
      onSpawn: (started) => running.servers.push(started),
    });
    log(`scaled database (100,000 messages, 1 in 3 handled) and server ready in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const cookie = await signInForBench(server);
    await timeExport(server, cookie, CSV_CASES[0]);
    for (const csvCase of CSV_CASES) {
      t = Date.now();
      const run = await timeExport(server, cookie, csvCase);
      results.runs.push(run);
      if (run.status !== 200) results.notes.push(`${run.label}: HTTP ${run.status}`);
      if (!run.hwmReset) results.notes.push("VmHWM could not be reset: the peaks are the 10 ms samples only");
      log(`${run.label}: ${run.status}, ${run.rows ?? "-"} rows, ${mb(run.bytes)}, ${run.totalMs.toFixed(0)} ms (server CPU ${run.serverCpuMs} ms), peak RSS ${mib(run.peakKb)} (+${mib(run.deltaKb)})`);
    }
    for (const [label, pagePath] of TAB_PAGES) {
      const timed = await timePage(server, cookie, pagePath);
      results.pages.push({ label, path: pagePath, ...timed });
      if (timed.status !== 200) results.notes.push(`${pagePath}: HTTP ${timed.status}`);
    }
  } finally {
    await stopMessagesCsvBench();
  }
  results.notes = [...new Set(results.notes)];
  return results;
}

/** The section's table. */
export function printMessagesCsv(results) {
  if (!results.runs.length) {
    console.log("  no export completed");
  } else {
    printTable(
      ["export", "status", "rows", "bytes", "first byte", "total", "server CPU", "MB/s", "RSS before", "RSS peak", "peak - before"],
      results.runs.map((run) => [
        run.label,
        `${run.status}${run.bom ? " BOM" : ""}${run.encoding !== "identity" ? ` ${run.encoding}` : ""}`,
        run.rows == null ? "-" : run.rows.toLocaleString("en-US"),
        mb(run.bytes),
        `${run.firstByteMs?.toFixed(0) ?? "-"} ms`,
        `${run.totalMs.toFixed(0)} ms`,
        `${run.serverCpuMs} ms`,
        (run.bytes / 1e6 / (run.totalMs / 1000)).toFixed(1),
        mib(run.baseKb),
        mib(run.peakKb),
        `+${mib(run.deltaKb)}`,
      ]),
    );
    console.log("  (one request at a time, read and dropped as it arrives; RSS of the server process, peak from VmHWM;");
    console.log("   server CPU = its user + system time during the export, which a busy machine does not inflate as it does 'total')");
  }
  if (results.pages.length) {
    console.log("");
    printTable(
      ["Messages tab, 100,000 messages", "p50", "p95", "HTML"],
      results.pages.map((page) => [page.label, page.p50 == null ? `HTTP ${page.status}` : `${page.p50.toFixed(1)} ms`, page.p95 == null ? "-" : `${page.p95.toFixed(1)} ms`, page.bytes == null ? "-" : `${(page.bytes / 1024).toFixed(1)} KiB`]),
    );
    console.log("  (5 warm-up then 40 sequential requests per page)");
  }
  for (const note of results.notes) console.log(`  note: ${note}`);
}

/** Lines for `npm run bench`'s summary. */
export function messagesCsvSummaryRows(results) {
  const all = results?.runs.find((run) => run.label === CSV_CASES[0].label);
  if (!all) return [["CSV export of 100,000 messages", "not measured", "(informative)", ""]];
  const slowest = results.pages.filter((page) => page.p95 != null).sort((a, b) => b.p95 - a.p95)[0];
  return [
    ...(slowest ? [["Messages tab page p95, 100,000 messages (slowest)", `${slowest.p95.toFixed(1)} ms (${slowest.label})`, "(informative)", ""]] : []),
    ["CSV export of 100,000 messages: time, size", `${(all.totalMs / 1000).toFixed(2)} s (server CPU ${(all.serverCpuMs / 1000).toFixed(2)} s), ${mb(all.bytes)}`, "(informative)", ""],
    ["CSV export of 100,000 messages: server RSS peak - before", `+${mib(all.deltaKb)} (peak ${mib(all.peakKb)})`, "(informative)", ""],
  ];
}

// ---------------------------------------------------------------- alone

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping`);
      stopMessagesCsvBench().finally(() => process.exit(130));
    });
  }
  const started = Date.now();
  let exitCode = 0;
  try {
    execFileSync(process.execPath, [path.join(ROOT, "scripts", "ensure-build.mjs")], { cwd: ROOT, stdio: "inherit" });
    console.log("== messages: GET /api/admin/messages.csv on 100,000 messages");
    console.log(`  load average (1 min): ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism?.() ?? os.cpus().length} cores`);
    const results = await benchMessagesCsv();
    console.log("");
    printMessagesCsv(results);
    if (!results.runs.length) exitCode = 1;
  } catch (error) {
    console.log(`\nmessages CSV bench failed: ${errorText(error)}`);
    exitCode = 1;
  } finally {
    await stopMessagesCsvBench();
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
  }
  process.exit(exitCode);
}
