// The search alerts' part of `npm run bench` (section 11): runs build/bench-alerts.js
// (scripts/bench-alerts.ts: 10,000 confirmed alerts on seed:scale's catalogue, one home
// published and its subscribers found, budget 200 ms), shows its lines and hands its
// figures to the summary. Runnable alone:
//
//   node scripts/bench-alerts.mjs        (builds first when the build is missing or old)
import { spawn, execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const LIMIT_MS = 180_000;
const JSON_PREFIX = "BENCH_ALERTS_JSON ";

/** Runs the bench in its own process; its lines go to `log`; resolves to its figures (null when it failed). */
export function benchAlerts({ log = (line) => console.log(line) } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "build", "bench-alerts.js"), "--json"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let figures = null;
    let pending = "";
    const onLine = (line) => {
      if (line.startsWith(JSON_PREFIX)) figures = JSON.parse(line.slice(JSON_PREFIX.length));
      else if (line) log(line);
    };
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop();
      lines.forEach(onLine);
    });
    child.stderr.on("data", (chunk) => log(String(chunk).trimEnd()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`build/bench-alerts.js timed out after ${LIMIT_MS / 1000} s`));
    }, LIMIT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", () => {
      clearTimeout(timer);
      onLine(pending);
      resolve(figures);
    });
  });
}

/** The summary's line: the median time to find a published home's subscribers, against the budget. */
export function alertsSummaryRows(figures) {
  const what = "search alerts: publishing one home finds its subscribers, 10,000 confirmed, scaled data";
  if (!figures) return [[what, "not measured", "<= 200 ms", "N/A"]];
  return [
    [
      what,
      `${figures.matchMs.toFixed(1)} ms, ${Math.round(figures.subscribers).toLocaleString("en-US")} subscribers (median of ${figures.runs.length}; cold ${figures.cold.matchMs.toFixed(1)} ms)`,
      `<= ${figures.budgetMs} ms`,
      figures.matchMs <= figures.budgetMs ? "PASS" : "MISS",
    ],
    [`  recordAlertMatches as a whole (matches written)`, `${figures.recordMs.toFixed(1)} ms`, "(informative)", ""],
  ];
}

// ---------------------------------------------------------------- alone

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "ensure-build.mjs")], { cwd: ROOT, stdio: "inherit" });
  try {
    await benchAlerts();
  } catch (error) {
    console.log(`search alerts bench failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(0);
}
