// The memory part of `npm run bench` (issue 13): the server's RSS during a mixed load of
// 10 minutes, on a seed:scale database (5,000 homes, 100,000 messages): public pages in
// both languages (the home page, every kind of /properties search, homes' pages), the
// public JSON, contact messages, and the dashboard's tabs as a signed-in admin. The RSS
// is read from /proc every 5 s. The verdict reads the RSS after a full collection, asked
// for every 30 s (scripts/bench-gc-probe.mjs): between collections the heap alone swings by
// 50-90 MiB with no trend (docs/bench.md), more than any leak worth finding in 10 minutes.
// It compares the median of the first 3 minutes after a warm-up of 2 with that of the last 3.
// Alone: node scripts/bench-memory.mjs [--seconds=600] (builds first if needed); in npm
// run bench, BENCH_MEMORY_SECONDS shortens it for a trial.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_ADMIN, signInForBench } from "./bench-dashboard.mjs";
import { printTable, procStatus, startBuiltServer, stopBuiltServer } from "./bench-util.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SAMPLE_MS = 5_000;
// Every 6th sample is taken after a full collection.
const SETTLED_EVERY = 6;
const SETTLE_MS = 500;
const WARMUP_SECONDS = 120;
const WINDOW_SECONDS = 180;
const GC_PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-gc-probe.mjs");
const CONCURRENCY = 16;
// Flat: the last window holds at most this much more than the first (MiB), or this share
// of it, whichever is larger. Below that is the noise of an allocator that returns memory
// in its own time.
const FLAT = { mib: 16, share: 0.05 };

const TOWNS = ["Fort Worth", "Arlington", "Mansfield", "Denton", "Waco", "Tyler", "Killeen", "San Marcos"];
const SORTS = ["newest", "price-asc", "price-desc"];
const SUBJECTS = ["property-management", "investment", "development", "rental-inquiry", "other"];
const ADMIN_TABS = [
  "/admin/dashboard",
  "/admin/dashboard/properties",
  "/admin/dashboard/properties?q=oak",
  "/admin/dashboard/faqs",
  "/admin/dashboard/media",
  "/admin/dashboard/text",
  "/admin/dashboard/admins",
  "/admin/dashboard/settings",
  "/admin/dashboard/messages",
  "/admin/dashboard/messages?q=garcia",
];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const mib = (kb) => kb / 1024;

/** A /properties search of the kinds visitors make: thousands of distinct URLs. */
function randomSearch() {
  const params = new URLSearchParams();
  if (Math.random() < 0.5) params.set("q", pick(TOWNS));
  if (Math.random() < 0.4) params.set("minPrice", String(500 + 100 * Math.floor(Math.random() * 10)));
  if (Math.random() < 0.3) params.set("beds", String(1 + Math.floor(Math.random() * 4)));
  const sort = pick(SORTS);
  if (sort !== "newest") params.set("sort", sort);
  if (Math.random() < 0.5) params.set("page", String(2 + Math.floor(Math.random() * 20)));
  if (Math.random() < 0.3) params.set("lng", "es");
  const query = params.toString();
  return `/properties${query ? `?${query}` : ""}`;
}

/** The mix: each entry a weight and what to send. */
function requestMix({ propertyIds, cookie }) {
  const page = (pathname) => ({ method: "GET", path: pathname, headers: { "accept-encoding": "gzip, br" } });
  return [
    [20, () => page(pick(["/", "/?lng=es"]))],
    [20, () => page(randomSearch())],
    [15, () => page(`/properties/${pick(propertyIds)}${Math.random() < 0.3 ? "?lng=es" : ""}`)],
    [20, () => page(pick(["/api/properties", "/api/faqs", "/api/hero-images", "/api/text-entries", "/api/map-markers", `/api/properties/${pick(propertyIds)}`]))],
    // Every message empties the page cache, as an admin's edit does.
    [1, () => ({
      method: "POST",
      path: "/api/contact",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Memory",
        lastName: "Bench",
        email: "memory.bench@example.com",
        subject: pick(SUBJECTS),
        message: `A question about the homes (${Math.random().toString(36).slice(2)}).`,
        propertyId: pick(propertyIds),
      }),
    })],
    [12, () => ({ method: "GET", path: pick(ADMIN_TABS), headers: { cookie } })],
  ];
}

function chooser(mix) {
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let at = Math.random() * total;
    for (const [weight, make] of mix) {
      at -= weight;
      if (at < 0) return make();
    }
    return mix[mix.length - 1][1]();
  };
}

function send(agent, server, { method, path: pathname, headers = {}, body }) {
  return new Promise((resolve) => {
    const req = http.request(`${server.url}${pathname}`, { method, agent, headers: { origin: server.url, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", () => resolve(0));
    });
    req.on("error", () => resolve(0));
    req.setTimeout(30_000, () => req.destroy());
    req.end(body);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

/** Least-squares slope of (seconds, MiB) in MiB a minute. */
function slopePerMinute(samples) {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, p) => s + p.seconds, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMiB, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.seconds - mx) * (p.rssMiB - my);
    den += (p.seconds - mx) ** 2;
  }
  return den ? (num / den) * 60 : 0;
}

/** Runs the mixed load on `server` for `seconds`; the RSS samples, request counts and the verdict. */
export async function benchMemory({ server, seconds = 600, log = console.log }) {
  const cookie = await signInForBench(server);
  const properties = JSON.parse(await new Promise((resolve, reject) => {
    http.get(`${server.url}/api/properties`, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve(text));
    }).on("error", reject);
  }));
  const propertyIds = properties.map((property) => property.id);
  const next = chooser(requestMix({ propertyIds, cookie }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const statuses = {};
  let requests = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const samples = [];
  const settled = [];
  const sample = () => {
    const status = procStatus(server.pid);
    samples.push({ seconds: (Date.now() - started) / 1000, rssMiB: mib(status.rss), requests });
  };
  const settledSample = () => {
    process.kill(server.pid, "SIGUSR2");
    setTimeout(() => {
      const status = procStatus(server.pid);
      settled.push({ seconds: (Date.now() - started) / 1000, rssMiB: mib(status.rss) });
    }, SETTLE_MS).unref();
  };
  sample();
  const sampler = setInterval(() => {
    sample();
    if (server.collectsOnSignal && samples.length % SETTLED_EVERY === 0) settledSample();
    const last = samples[samples.length - 1];
    if (samples.length % 12 === 1) log(`  ${last.seconds.toFixed(0).padStart(4)} s  RSS ${last.rssMiB.toFixed(1)} MiB  ${requests} requests`);
  }, SAMPLE_MS);
  const worker = async () => {
    while (Date.now() < deadline) {
      const status = await send(agent, server, next());
      statuses[status] = (statuses[status] ?? 0) + 1;
      requests += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  sample();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 100));
  return summarize({ samples, settled, statuses, requests, seconds });
}

function summarize({ samples, settled, statuses, requests, seconds }) {
  const warmup = Math.min(WARMUP_SECONDS, seconds / 5);
  const window = Math.min(WINDOW_SECONDS, (seconds - warmup) / 2);
  // The verdict's series: after a full collection when the server has the probe, else every sample.
  const judged = (settled.length ? settled : samples).filter((p) => p.seconds >= warmup);
  const first = median(judged.filter((p) => p.seconds < warmup + window).map((p) => p.rssMiB));
  const last = median(judged.filter((p) => p.seconds >= seconds - window).map((p) => p.rssMiB));
  const growth = last - first;
  const allowed = Math.max(FLAT.mib, first * FLAT.share);
  const perMinute = [];
  const inMinute = (series, minute) => series.filter((p) => p.seconds >= minute * 60 && p.seconds < (minute + 1) * 60).map((p) => p.rssMiB);
  for (let minute = 0; minute * 60 < seconds; minute++) {
    const raw = inMinute(samples, minute);
    const collected = inMinute(settled, minute);
    if (raw.length) perMinute.push({ minute: minute + 1, rssMiB: median(raw), max: Math.max(...raw), settledMiB: collected.length ? median(collected) : NaN });
  }
  return {
    seconds,
    requests,
    statuses,
    warmupSeconds: warmup,
    windowSeconds: window,
    afterCollection: settled.length > 0,
    start: samples[0]?.rssMiB,
    peak: Math.max(...samples.map((p) => p.rssMiB)),
    first,
    last,
    growth,
    allowed,
    slope: slopePerMinute(judged),
    flat: growth <= allowed,
    perMinute,
  };
}

export function printMemory(result, log = console.log) {
  printTable(
    ["minute", "RSS median MiB", "max MiB", "after a full collection MiB"],
    result.perMinute.map((row) => [String(row.minute), row.rssMiB.toFixed(1), row.max.toFixed(1), Number.isNaN(row.settledMiB) ? "-" : row.settledMiB.toFixed(1)]),
  );
  const codes = Object.entries(result.statuses).map(([code, count]) => `${code}:${count}`).join(" ");
  log(`  ${result.requests} requests in ${result.seconds} s (${(result.requests / result.seconds).toFixed(0)}/s) [${codes}]`);
  log(
    `  RSS: at start ${result.start.toFixed(1)} MiB, peak ${result.peak.toFixed(1)} MiB; ${result.afterCollection ? "after a full collection, " : ""}` +
      `after the ${result.warmupSeconds} s warm-up: first ${result.windowSeconds / 60} minutes ${result.first.toFixed(1)}, ` +
      `last ${result.windowSeconds / 60} minutes ${result.last.toFixed(1)} (${result.growth >= 0 ? "+" : ""}${result.growth.toFixed(1)} MiB, ` +
      `slope ${result.slope.toFixed(2)} MiB/min): ${result.flat ? "flat" : "GROWING"} (noise allowed ${result.allowed.toFixed(1)} MiB)`,
  );
}

/** A server on a fresh seed:scale database, for the load. */
export async function startScaledServer({ onSpawn } = {}) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
  execFileSync(process.execPath, [path.join(ROOT, "build", "seed-scale.js")], { cwd: workDir, stdio: "ignore", timeout: 120_000 });
  const server = await startBuiltServer({ workDir, env: { ADMIN_EMAILS: BENCH_ADMIN }, nodeArgs: ["--expose-gc", "--import", GC_PROBE], onSpawn });
  return { ...server, collectsOnSignal: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const seconds = Number(process.argv.find((arg) => arg.startsWith("--seconds="))?.split("=")[1] ?? 600);
  if (!fs.existsSync(path.join(ROOT, "build", "server.js"))) execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  console.log(`Memory under a mixed load of ${seconds} s (${CONCURRENCY} at once), on a seed:scale database`);
  const server = await startScaledServer();
  try {
    printMemory(await benchMemory({ server, seconds }));
  } finally {
    await stopBuiltServer(server);
    fs.rmSync(server.workDir, { recursive: true, force: true });
  }
}
