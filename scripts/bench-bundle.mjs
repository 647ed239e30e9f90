// What the JavaScript of a public page is made of (part of `npm run bench`; alone:
// node scripts/bench-bundle.mjs [--write docs/bundle-report.md], which builds first if
// needed and starts a server on the demo catalogue itself).
//
// For each page, the files its HTML loads before any interaction (script src, module
// imports, modulepreload, the held-back preloads of decision 025) and the files those
// import in turn (the chunks as the build described them, build/client-chunks.json, written
// by vite.config.ts), each with its
// gzip -9 size; then the modules inside them, grouped by package (node_modules) or by
// folder of app/, with their bytes in the output and their share of the gzipped total
// (each file's gzip size split by its modules' bytes: gzip does not say more exactly).
// Files the page only imports on demand (a dialog, the map) are listed apart: they are
// not loaded unless something asks for them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { request, scriptsOf, startBuiltServer, stopBuiltServer } from "./bench-util.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHUNKS_FILE = path.join(ROOT, "build", "client-chunks.json");
const CLIENT_DIR = path.join(ROOT, "build", "remix", "client");
const KIB = 1024;

/** The pages whose JavaScript is reported, with the path of a home's page filled in. */
export function bundlePages(homeId) {
  return [
    { label: "/", path: "/" },
    { label: "/properties", path: "/properties" },
    { label: "a home's page", path: `/properties/${homeId}` },
  ];
}

/** node_modules/react-dom/... -> react-dom; app/components/home/x.tsx -> app/components/home. */
function groupOf(input) {
  const modules = input.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const parts = input.slice(modules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const clean = input.replace(/^[a-z-]+:/, "").replace(/\?.*$/, "");
  const parts = clean.split("/");
  return parts.length > 2 ? parts.slice(0, -1).join("/") : clean;
}

/** Each chunk by its URL path (/build/x.js): its imports, those made on demand, its modules' bytes. */
function loadChunks() {
  return JSON.parse(fs.readFileSync(CHUNKS_FILE, "utf8"));
}

const bytesOf = (file) => fs.statSync(path.join(CLIENT_DIR, file)).size;

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The files `/build/...` paths load through static imports, and what they import on demand. */
function closure(chunks, urlPaths) {
  const loaded = new Set();
  const onDemand = new Set();
  const queue = [...urlPaths];
  while (queue.length) {
    const file = queue.shift();
    if (loaded.has(file) || !chunks[file]) continue;
    loaded.add(file);
    queue.push(...chunks[file].imports);
    for (const imported of chunks[file].dynamicImports) onDemand.add(imported);
  }
  for (const file of loaded) onDemand.delete(file);
  return { loaded: [...loaded], onDemand: [...onDemand] };
}

/** A file's name without its hash, with the module groups that make most of it. */
function describeFile(chunks, file) {
  const byGroup = new Map();
  for (const [input, bytes] of Object.entries(chunks[file].modules)) byGroup.set(groupOf(input), (byGroup.get(groupOf(input)) ?? 0) + bytes);
  const main = [...byGroup.entries()].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([group]) => group);
  return `${file.replace(/-[\w-]{8}\.js$/, ".js")}${main.length ? ` (${main.join(", ")})` : ""}`;
}

/** One page's report: its files and their gzip sizes, its module groups, what loads on demand. */
export function pageBundle(chunks, html, baseUrl) {
  const { loaded, onDemand } = closure(chunks, scriptsOf(html, baseUrl));
  const groups = new Map();
  let totalGzip = 0;
  let totalBytes = 0;
  const files = loaded.map((file) => {
    const bytes = bytesOf(file);
    const gzip = gzipSize(file);
    totalGzip += gzip;
    totalBytes += bytes;
    const modules = Object.entries(chunks[file].modules);
    const rendered = modules.reduce((sum, [, moduleBytes]) => sum + moduleBytes, 0);
    for (const [input, moduleBytes] of modules) {
      const group = groupOf(input);
      const entry = groups.get(group) ?? { group, bytes: 0, gzip: 0 };
      // The modules' rendered bytes before minification, scaled to the file's.
      entry.bytes += rendered ? (bytes * moduleBytes) / rendered : 0;
      entry.gzip += rendered ? (gzip * moduleBytes) / rendered : 0;
      groups.set(group, entry);
    }
    return { file: describeFile(chunks, file), bytes, gzip };
  });
  // What the on-demand files bring that the page does not already hold.
  const later = closure(chunks, onDemand).loaded.filter((file) => !loaded.includes(file));
  return {
    files: files.sort((a, b) => b.gzip - a.gzip),
    groups: [...groups.values()].sort((a, b) => b.gzip - a.gzip),
    totalGzip,
    totalBytes,
    onDemand: later.map((file) => ({ file: describeFile(chunks, file), gzip: gzipSize(file) })).sort((a, b) => b.gzip - a.gzip),
  };
}

/** Reports every page of `pages` on the server at `url`. */
export async function bundleReport(url, pages) {
  const chunks = loadChunks();
  const reports = [];
  for (const page of pages) {
    const response = await request(`${url}${page.path}`);
    reports.push({ ...page, ...pageBundle(chunks, response.body.toString("utf8"), `${url}${page.path}`) });
  }
  return reports;
}

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;

/** The report as Markdown (the top `top` groups of each page). */
export function bundleMarkdown(reports, top = 15) {
  const lines = [];
  for (const report of reports) {
    lines.push(`### ${report.label} (\`${report.path}\`)`, "");
    lines.push(`${report.files.length} files before any interaction: ${kib(report.totalBytes)}, ${kib(report.totalGzip)} gzipped.`, "");
    lines.push("| module group | bytes | share of gzip |", "| --- | ---: | ---: |");
    for (const group of report.groups.slice(0, top)) lines.push(`| ${group.group} | ${kib(group.bytes)} | ${kib(group.gzip)} |`);
    const rest = report.groups.slice(top);
    if (rest.length) lines.push(`| ${rest.length} more | ${kib(rest.reduce((sum, group) => sum + group.bytes, 0))} | ${kib(rest.reduce((sum, group) => sum + group.gzip, 0))} |`);
    lines.push("", "| file (its main module groups) | bytes | gzip |", "| --- | ---: | ---: |");
    const large = report.files.filter((file) => file.gzip >= KIB);
    for (const file of large) lines.push(`| ${file.file} | ${kib(file.bytes)} | ${kib(file.gzip)} |`);
    const small = report.files.filter((file) => file.gzip < KIB);
    if (small.length) lines.push(`| ${small.length} files under 1 KiB gzipped | ${kib(small.reduce((sum, file) => sum + file.bytes, 0))} | ${kib(small.reduce((sum, file) => sum + file.gzip, 0))} |`);
    if (report.onDemand.length) {
      lines.push("", "Imported on demand, not loaded unless asked for:", "");
      for (const file of report.onDemand) lines.push(`- ${file.file}: ${kib(file.gzip)} gzipped`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

/** The report printed for the bench's output. */
export function printBundle(reports) {
  console.log(bundleMarkdown(reports, 10));
}

async function main() {
  const writeTo = process.argv.includes("--write") ? process.argv[process.argv.indexOf("--write") + 1] : null;
  if (!fs.existsSync(CHUNKS_FILE)) {
    const { execFileSync } = await import("node:child_process");
    execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], { stdio: "inherit", cwd: ROOT });
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bundle-"));
  const server = await startBuiltServer({ workDir });
  try {
    const homes = JSON.parse((await request(`${server.url}/api/properties`)).body.toString("utf8"));
    const reports = await bundleReport(server.url, bundlePages(homes[0].id));
    const markdown = bundleMarkdown(reports);
    if (writeTo) {
      const intro = [
        "# What the public pages' JavaScript is made of",
        "",
        "Written by `node scripts/bench-bundle.mjs --write docs/bundle-report.md` on the demo",
        "catalogue (also printed by `npm run bench`). Per page: the module groups of the files",
        "loaded before any interaction, each group's bytes and its share of the gzipped total,",
        "then the files. Sizes change with every build; the shares are what to read.",
        "",
      ].join("\n");
      fs.writeFileSync(path.join(ROOT, writeTo), `${intro}\n${markdown}`);
      console.log(`written to ${writeTo}`);
    } else console.log(markdown);
  } finally {
    await stopBuiltServer(server);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
