// The /properties part of `npm run bench` (section 7): the public list of every home on the
// demo catalogue and on seed:scale's (5,000 homes), its plain first page, a filtered and
// price-sorted page and a town's fifth page. Alone: node scripts/bench-browse.mjs (builds
// first if needed, starts both servers itself).
//
// Each page is measured twice:
// - rendered: sequential HEAD requests, which the page cache never answers (Remix runs
//   the queries and renders the whole page; the server sends only its headers): what a
//   search nobody asked for in the last 5 seconds costs;
// - served: autocannon, 50 connections for 5 s, on the page's own URL: what visitors get
//   while the page cache holds it (one render per 5 s), with the req/s.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { printTable, request, startBuiltServer, stopBuiltServer } from "./bench-util.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WARMUP = 5;
const SAMPLES = 40;
const LOAD = { connections: 50, durationSeconds: 5 };

// Denton has one demo home and about 600 of the 5,000 (scripts/seed-scale.ts): its fifth
// page exists only at scale, so the demo column times its first.
export const BROWSE_PAGES = [
  { label: "/properties", scaled: "/properties", demo: "/properties" },
  { label: "price-asc, minPrice=800, beds=2", scaled: "/properties?minPrice=800&beds=2&sort=price-asc", demo: "/properties?minPrice=800&beds=2&sort=price-asc" },
  { label: "q=Denton, page 5", scaled: "/properties?q=Denton&page=5", demo: "/properties?q=Denton" },
  // Three of a home's facts (docs/product.md, "Find and compare by facts").
  {
    label: "pets=dogs, homeType=double_wide, availableBy",
    scaled: "/properties?pets=dogs&homeType=double_wide&availableBy=2099-12-31",
    demo: "/properties?pets=dogs&homeType=double_wide&availableBy=2099-12-31",
  },
  // Near a place (docs/product.md, "Search by place"): within 25 miles through the latitude
  // index and the distance, and at any distance (every home's distance, sorted).
  { label: "near=Arlington, TX, within=25", scaled: "/properties?near=Arlington%2C%20TX&within=25", demo: "/properties?near=Arlington%2C%20TX&within=25", p99BudgetMs: 50 },
  // Nothing found: the ways out count the search without each filter and at wider distances.
  { label: "nothing near El Paso, TX, within=5, beds=4", scaled: "/properties?near=El%20Paso%2C%20TX&within=5&beds=4", demo: "/properties?near=El%20Paso%2C%20TX&within=5&beds=4" },
  { label: "near=Arlington, TX, within=any", scaled: "/properties?near=Arlington%2C%20TX&within=any", demo: "/properties?near=Arlington%2C%20TX&within=any" },
];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Sequential p50 and p99 (ms) of fresh renders, the status and the number of cards. */
async function timeRendered(server, pagePath) {
  const url = `${server.url}${pagePath}`;
  const page = await request(url);
  if (page.status !== 200) return { status: page.status };
  for (let i = 0; i < WARMUP; i++) await request(url, { method: "HEAD" });
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = process.hrtime.bigint();
    await request(url, { method: "HEAD" });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const cards = (page.body.match(/<h3 id="listing-\d+-name"/g) ?? []).length;
  return { status: page.status, p50: percentile(times, 50), p99: percentile(times, 99), bytes: Buffer.byteLength(page.body), cards };
}

async function loadServed(autocannon, server, pagePath) {
  const result = await autocannon({
    url: `${server.url}${pagePath}`,
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
    headers: { "accept-encoding": "gzip" },
  });
  return {
    rps: result.duration > 0 ? result.requests.total / result.duration : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Every page on both servers; rows for printBrowse and the summary. */
export async function benchBrowse({ demo, scaled, autocannon }) {
  const rows = [];
  for (const page of BROWSE_PAGES) {
    const row = { label: page.label, path: page.scaled, p99BudgetMs: page.p99BudgetMs };
    for (const [name, server, pagePath] of [["demo", demo, page.demo], ["scaled", scaled, page.scaled]]) {
      row[name] = { rendered: await timeRendered(server, pagePath), served: autocannon ? await loadServed(autocannon, server, pagePath) : null };
    }
    row.ratio = row.demo.rendered.p50 && row.scaled.rendered.p50 ? row.scaled.rendered.p50 / row.demo.rendered.p50 : null;
    rows.push(row);
  }
  return rows;
}

export function printBrowse(rows) {
  const ms = (value) => (value == null ? "-" : value.toFixed(1));
  const served = (s) => (s ? `${s.rps.toFixed(0)} req/s, p50 ${s.p50} / p99 ${s.p99}${s.non2xx + s.errors ? ` (${s.non2xx} non-2xx, ${s.errors} errors)` : ""}` : "-");
  printTable(
    ["/properties", "demo rendered p50 / p99", "scaled rendered p50 / p99", "scaled/demo", "scaled cards, HTML", "demo served", "scaled served"],
    rows.map((row) => [
      row.label,
      row.demo.rendered.p50 == null ? `HTTP ${row.demo.rendered.status}` : `${ms(row.demo.rendered.p50)} / ${ms(row.demo.rendered.p99)}`,
      row.scaled.rendered.p50 == null ? `HTTP ${row.scaled.rendered.status}` : `${ms(row.scaled.rendered.p50)} / ${ms(row.scaled.rendered.p99)}`,
      row.ratio == null ? "-" : `${row.ratio.toFixed(2)}x`,
      row.scaled.rendered.cards == null ? "-" : `${row.scaled.rendered.cards}, ${(row.scaled.rendered.bytes / 1024).toFixed(1)} KiB`,
      served(row.demo.served),
      served(row.scaled.served),
    ]),
  );
  console.log(
    `  (ms; rendered: ${WARMUP} warm-up then ${SAMPLES} sequential requests past the page cache; ` +
      `served: autocannon ${LOAD.connections} connections ${LOAD.durationSeconds} s, page cache on, gzip)`,
  );
}

// ---------------------------------------------------------------- alone

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const servers = [];
  const workDirs = [];
  const start = async (prepare) => {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-browse-"));
    workDirs.push(workDir);
    prepare?.(workDir);
    return startBuiltServer({ workDir, onSpawn: (server) => servers.push(server) });
  };
  const stopAll = async () => {
    for (const server of servers) await stopBuiltServer(server);
    for (const workDir of workDirs) fs.rmSync(workDir, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll().finally(() => process.exit(130)));
  let exitCode = 0;
  try {
    execFileSync(process.execPath, [path.join(ROOT, "scripts", "ensure-build.mjs")], { cwd: ROOT, stdio: "inherit" });
    console.log("== /properties on the demo data and on npm run seed:scale's 5,000 homes");
    console.log(`  load average (1 min): ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism?.() ?? os.cpus().length} cores`);
    const demo = await start();
    const scaled = await start((workDir) =>
      execFileSync(process.execPath, [path.join(ROOT, "build", "seed-scale.js")], { cwd: workDir, stdio: "ignore", timeout: 60_000 }),
    );
    const autocannon = (await import("autocannon")).default;
    printBrowse(await benchBrowse({ demo, scaled, autocannon }));
    console.log(`  load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)}`);
  } catch (error) {
    console.log(`\nbrowse bench failed: ${error instanceof Error ? error.stack : String(error)}`);
    exitCode = 1;
  } finally {
    await stopAll();
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
  }
  process.exit(exitCode);
}
