// Small helpers shared by the parts of `npm run bench` (bench.mjs, bench-dashboard.mjs,
// bench-uploads.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One request on its own connection (no agent); the answer's body as text. */
export function request(url, { method = "GET", headers = {}, body, timeoutMs = 15_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.end(body);
  });
}

export function pad(text, width) {
  text = String(text);
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

export function printTable(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => String(row[i] ?? "").length)));
  const line = (row) => row.map((cell, i) => pad(cell ?? "", widths[i])).join("  ").trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
}

/**
 * build/server.js as production runs it (as tests/support/server.ts does), working
 * directory `workDir` (so ./data is a fresh database with the demo catalogue), on a free
 * port of 127.0.0.1, LOG_LEVEL=warn, RATE_LIMIT_FACTOR=1000 (the load runs come from one
 * address: 600,000 reads a minute keeps them under the read limit), files on local disk
 * and mail to data/outbox whatever the caller's shell says; `env` goes on top. `onSpawn(server)`
 * gets it before it answers (to stop it on a failure); resolves once /healthz answers.
 */
export async function startBuiltServer({ workDir, env: extra = {}, nodeArgs = [], ipc = false, startLimitMs = 45_000, onSpawn }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1", APP_URL: url, RATE_LIMIT_FACTOR: "1000" };
  for (const name of Object.keys(env)) if (name.startsWith("S3_")) delete env[name];
  for (const name of ["DATABASE_PATH", "SEED_DEMO", "SMTP_URL", "SESSION_SECRET", "MALLOC_ARENA_MAX", "NODE_OPTIONS"]) delete env[name];
  Object.assign(env, extra);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, "build", "server.js")], {
    cwd: workDir,
    env,
    stdio: ["ignore", "pipe", "pipe", ...(ipc ? ["ipc"] : [])],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  const server = { child, pid: child.pid, url, port, workDir, databasePath: path.join(workDir, "data", "app.db"), exited, output: () => output };
  onSpawn?.(server);

  const deadline = Date.now() + startLimitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      if ((await request(`${url}/healthz`, { timeoutMs: 5000 })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz in ${startLimitMs / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}

/** SIGTERM, then SIGKILL if it has not exited after `limitMs`; resolves with its exit. */
export async function stopBuiltServer(server, limitMs = 15_000) {
  const child = server.child;
  if (child.exitCode !== null || child.signalCode !== null) return server.exited;
  child.kill("SIGTERM");
  const timer = setTimeout(() => {
    console.log(`  server shutdown timed out after ${limitMs / 1000} s: SIGKILL`);
    child.kill("SIGKILL");
  }, limitMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Fields of /proc/<pid>/status in kB (VmRSS, VmHWM, RssAnon, RssFile). */
export function procStatus(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? NaN);
  return { rss: field("VmRSS"), hwm: field("VmHWM"), anon: field("RssAnon"), file: field("RssFile") };
}

/** Resets VmHWM to the current RSS (Linux >= 4.0); false where that is not allowed. */
export function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

function attributes(tag) {
  const attrs = {};
  const pattern = /([^\s=<>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
  const inner = tag.replace(/^<\s*[a-z]+/i, "").replace(/\/?>$/, "");
  for (const m of inner.matchAll(pattern)) attrs[m[1].toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? "").replace(/&amp;/g, "&");
  return attrs;
}

/** The /build/*.js files a page's HTML loads: script src, module imports, modulepreload (also the held-back ones). */
export function scriptsOf(html, baseUrl) {
  const found = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(`<script ${m[1]}>`);
    if (attrs.src) found.push(attrs.src);
    else if ((attrs.type ?? "").toLowerCase() === "module") {
      const code = m[2];
      for (const i of code.matchAll(/\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) found.push(i[1]);
      for (const i of code.matchAll(/\bfrom\s*["']([^"']+)["']/g)) found.push(i[1]);
      for (const i of code.matchAll(/\bimport\s*["']([^"']+)["']/g)) found.push(i[1]);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    if (rel.includes("modulepreload") && attrs.href) found.push(attrs.href);
    // Held back until the first photo is drawn, then turned into preloads (decision 025).
    if (attrs["data-modulepreload"]) found.push(attrs["data-modulepreload"]);
  }
  const base = new URL(baseUrl);
  const paths = new Set();
  for (const ref of found) {
    let resolved;
    try {
      resolved = new URL(ref, base);
    } catch {
      continue;
    }
    if (resolved.origin !== base.origin) continue;
    if (resolved.pathname.startsWith("/build/") && resolved.pathname.endsWith(".js")) paths.add(resolved.pathname);
  }
  return [...paths];
}
