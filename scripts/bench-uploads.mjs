// The upload part of `npm run bench`: the server's memory while 4 uploads run at once
// (docs/product.md §7's flow, docs/decisions/011-upload-quarantine.md). The figure asked for
// is the peak RSS of the server process over its baseline, for 4 × 1 MB and 4 × 10 MB:
// it must not grow with file size beyond what re-encoding a picture of that many pixels
// needs (one at a time). Runnable alone:
//
//   node scripts/bench-uploads.mjs        (builds first when the build is missing or old)
//   node scripts/bench-uploads.mjs --timeline --runs=local-10,s3-10   (RSS over time; some runs)
//
// Each run starts a fresh build/server.js (its own temp work dir, database and data/tmp),
// signs in as the bench admin through the outbox link, warms up with 2 small uploads,
// reads the baseline, then runs 4 uploads at once while a worker thread reads VmRSS from
// /proc/<pid>/status every 20 ms; VmHWM, reset just before the run (clear_refs), gives
// the exact peak. A probe loaded into the server (--import) reports the peaks of Node's
// own heap and Buffers, so a file held whole in memory would show there.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import S3rver from "s3rver";
import sharp from "sharp";
import { BENCH_ADMIN, signInForBench } from "./bench-dashboard.mjs";
import { pad, printTable, procStatus, request as requestOnce, resetPeak, startBuiltServer, stopBuiltServer } from "./bench-util.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** app/services/uploads/upload-rules.ts */
export const MAX_UPLOAD_BYTES = 10_485_760;
const CONCURRENT = 4;
const WARMUP_UPLOADS = 2;
const SAMPLE_MS = 20;
const LIMIT_MS = { serverStart: 45_000, request: 180_000, serverStop: 15_000 };

/** The runs, in order; each on a fresh server. `record: false` is steps 1-2 only. */
const RUNS = [
  { key: "receive-1", label: "receive only (steps 1-2), local", backend: "local", record: false, image: "small" },
  { key: "receive-10", label: "receive only (steps 1-2), local", backend: "local", record: false, image: "large" },
  { key: "local-1", label: "all 4 steps, local disk", backend: "local", record: true, image: "small" },
  { key: "local-10", label: "all 4 steps, local disk", backend: "local", record: true, image: "large" },
  // The pixels of the 10 MB file in about 1 MB: memory follows pixels, not bytes.
  { key: "local-light", label: "all 4 steps, local, 10 MB's pixels in ~1 MB", backend: "local", record: true, image: "light" },
  { key: "s3-1", label: "all 4 steps, S3 (s3rver)", backend: "s3", record: true, image: "small" },
  { key: "s3-10", label: "all 4 steps, S3 (s3rver)", backend: "s3", record: true, image: "large" },
  // The same as local-10 with glibc's malloc held to 2 arenas (the image's Debian uses glibc):
  // what of the peak is memory freed by sharp but kept by the allocator, per thread.
  { key: "local-10-arenas", label: "all 4 steps, local, MALLOC_ARENA_MAX=2", backend: "local", record: true, image: "large", env: { MALLOC_ARENA_MAX: "2" } },
  // The upload form without JavaScript: one multipart POST whose file part the form's
  // parser streams into quarantine (app/http/form-upload.server.ts), then checked and
  // recorded as above. A parser that held the part whole would show here, 10 MB a file.
  { key: "form-1", label: "the form without JavaScript (multipart), local", backend: "local", record: true, via: "form", image: "small" },
  { key: "form-10", label: "the form without JavaScript (multipart), local", backend: "local", record: true, via: "form", image: "large" },
];

// ---------------------------------------------------------------- helpers

const mib = (kb) => (kb == null ? "-" : `${(kb / 1024).toFixed(1)} MiB`);
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const mp = (pixels) => `${(pixels / 1e6).toFixed(1)} MP`;
const errorText = (error) => (error instanceof Error ? error.message : String(error));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const clock = () => performance.timeOrigin + performance.now();
// A record step waits for the re-encodings queued before it: up to half a minute here.
const request = (url, options = {}) => requestOnce(url, { timeoutMs: LIMIT_MS.request, ...options });

// ---------------------------------------------------------------- images

const NOISE = { type: "gaussian", mean: 128, sigma: 40 };
// Random noise barely compresses: high quality, 4:2:0 as cameras write. About 0.7 B/pixel.
const JPEG_OPTIONS = { quality: 92, chromaSubsampling: "4:2:0" };

function noiseJpeg(width, height) {
  return sharp({ create: { width, height, channels: 3, noise: NOISE } }).jpeg(JPEG_OPTIONS).toBuffer();
}

/** A 4:3 noise JPEG of at least `low` and at most `high` bytes (the size follows the pixel count). */
async function noiseJpegBetween(low, high) {
  const target = (low + high) / 2;
  let width = 800;
  for (let attempt = 0; attempt < 8; attempt++) {
    const height = Math.round((width * 3) / 4);
    const bytes = await noiseJpeg(width, height);
    if (bytes.length >= low && bytes.length <= high) {
      return { bytes, width, height, pixels: width * height, type: "image/jpeg", quality: JPEG_OPTIONS.quality, sigma: NOISE.sigma };
    }
    width = Math.max(16, Math.round(width * Math.sqrt(target / bytes.length)));
  }
  throw new Error(`no noise JPEG between ${low} and ${high} bytes after 8 tries`);
}

/**
 * The most pixels an upload may have (48 of the 50 allowed megapixels) in fewer bytes:
 * gentler noise, quality 85. Used by the sharp-alone reference only: the ceiling of one
 * re-encoding, which the pixel limit sets, not the byte limit.
 */
async function largestPicture() {
  const width = 8000;
  const height = 6000;
  const [sigma, quality] = [8, 85];
  const bytes = await sharp({ create: { width, height, channels: 3, noise: { ...NOISE, sigma } } }).jpeg({ quality }).toBuffer();
  return { bytes, width, height, pixels: width * height, type: "image/jpeg", quality, sigma };
}

/** A JPEG of `like`'s size in pixels but far fewer bytes: gentler noise, lower quality. */
async function samePixelsInFewerBytes(like, low, high) {
  const { width, height } = like;
  for (const [sigma, quality] of [[6, 60], [4, 60], [3, 55], [2, 50], [1, 50], [0.5, 40]]) {
    const bytes = await sharp({ create: { width, height, channels: 3, noise: { ...NOISE, sigma } } }).jpeg({ quality }).toBuffer();
    if (bytes.length >= low && bytes.length <= high) return { bytes, width, height, pixels: width * height, type: "image/jpeg", quality, sigma };
    if (bytes.length < low) return { bytes, width, height, pixels: width * height, type: "image/jpeg", quality, sigma };
  }
  throw new Error(`no JPEG of ${width}x${height} under ${high} bytes`);
}

export async function makeImages({ withLargest = true } = {}) {
  const images = {
    warmup: await noiseJpegBetween(40_000, 80_000),
    small: await noiseJpegBetween(980_000, 1_048_576),
    large: await noiseJpegBetween(Math.round(MAX_UPLOAD_BYTES * 0.95), MAX_UPLOAD_BYTES),
  };
  images.light = await samePixelsInFewerBytes(images.large, 900_000, 1_200_000);
  if (withLargest) images.most = await largestPicture();
  for (const image of Object.values(images)) {
    if (image.bytes.length > MAX_UPLOAD_BYTES || image.pixels > 50_000_000) throw new Error("a test image breaks the upload limits");
  }
  return images;
}

// ---------------------------------------------------------------- s3rver

async function startS3(dirs) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-s3-"));
  dirs.push(directory);
  const bucket = "media";
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      // s3rver's fixed development keys (as tests/support/s3.ts).
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "1",
    },
    stop: () => server.close(),
  };
}

// ---------------------------------------------------------------- server

// Loaded into the server with --import: the peaks of Node's own memory (V8 heap, Buffers)
// since the bench said "reset", reported over the IPC channel.
const PROBE = `
const KEYS = ["rss", "heapTotal", "heapUsed", "external", "arrayBuffers"];
let peaks = {};
let timer = null;
const sample = () => {
  const now = process.memoryUsage();
  for (const key of KEYS) if (!(now[key] <= peaks[key])) peaks[key] = now[key];
  return now;
};
process.on("message", (message) => {
  if (message?.probe === "reset") {
    peaks = {};
    const at = sample();
    clearInterval(timer);
    timer = setInterval(sample, ${SAMPLE_MS});
    timer.unref();
    process.send({ probe: "reset", at });
  } else if (message?.probe === "report") {
    const now = sample();
    process.send({ probe: "report", peaks, now });
  }
});
process.channel?.unref();
`;

async function startServer({ env = {}, dirs, servers }) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-uploads-"));
  dirs.push(workDir);
  const probe = path.join(workDir, "memory-probe.mjs");
  fs.writeFileSync(probe, PROBE);
  return startBuiltServer({
    workDir,
    env: { ADMIN_EMAILS: BENCH_ADMIN, ...env },
    nodeArgs: ["--import", pathToFileURL(probe).href],
    ipc: true,
    startLimitMs: LIMIT_MS.serverStart,
    onSpawn: (server) => servers.push(server),
  });
}

const stopServer = (server) => stopBuiltServer(server, LIMIT_MS.serverStop);

/** Asks the probe inside the server; resolves with its answer. */
function askProbe(server, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      server.child.off("message", onMessage);
      reject(new Error(`the server's memory probe did not answer "${what}"`));
    }, 5000);
    const onMessage = (message) => {
      if (message?.probe !== what) return;
      clearTimeout(timer);
      server.child.off("message", onMessage);
      resolve(message);
    };
    server.child.on("message", onMessage);
    server.child.send({ probe: what });
  });
}

// ---------------------------------------------------------------- RSS sampler

// A worker thread, so the samples keep their pace while the main thread sends 40 MB.
const SAMPLER = `
const fs = require("node:fs");
const { workerData, parentPort } = require("node:worker_threads");
const stop = new Int32Array(workerData.stop);
const file = "/proc/" + workerData.pid + "/status";
const samples = [];
while (Atomics.load(stop, 0) === 0) {
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    break;
  }
  const rss = Number(/^VmRSS:\\s+(\\d+)/m.exec(text)?.[1] ?? NaN);
  const anon = Number(/^RssAnon:\\s+(\\d+)/m.exec(text)?.[1] ?? NaN);
  samples.push([performance.timeOrigin + performance.now(), rss, anon]);
  Atomics.wait(stop, 0, 0, workerData.intervalMs);
}
parentPort.postMessage(samples);
`;

function startSampler(pid) {
  const stop = new SharedArrayBuffer(4);
  const worker = new Worker(SAMPLER, { eval: true, workerData: { pid, intervalMs: SAMPLE_MS, stop } });
  const done = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return async () => {
    const flag = new Int32Array(stop);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    const samples = await done;
    await worker.terminate();
    return samples;
  };
}

// ---------------------------------------------------------------- one upload

/** docs/product.md §7's steps for one file; `record: false` stops after the PUT of the bytes. */
async function uploadOnce(server, cookie, image, { record, name }) {
  const times = { start: clock() };
  const api = (apiPath, method, body) =>
    request(`${server.url}${apiPath}`, {
      method,
      headers: { Origin: server.url, Cookie: cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  try {
    const slot = await api("/api/objects/upload", "POST");
    if (slot.status !== 200) return { ...times, end: clock(), ok: false, status: `upload URL ${slot.status}` };
    const { uploadURL } = JSON.parse(slot.body);
    const put = await request(uploadURL, {
      method: "PUT",
      headers: { "Content-Type": image.type, "Content-Length": String(image.bytes.length) },
      body: image.bytes,
    });
    times.put = clock();
    if (put.status !== 200) return { ...times, end: clock(), ok: false, status: `PUT ${put.status}` };
    if (!record) return { ...times, end: clock(), ok: true, status: put.status };
    const named = await api("/api/property-images", "PUT", { imageURL: uploadURL });
    if (named.status !== 200) return { ...times, end: clock(), ok: false, status: `property-images ${named.status}` };
    const { objectPath } = JSON.parse(named.body);
    const recorded = await api("/api/admin/media/upload", "POST", {
      filename: name,
      filePath: objectPath,
      fileSize: image.bytes.length,
      mimeType: image.type,
    });
    return { ...times, end: clock(), ok: recorded.status === 201, status: recorded.status };
  } catch (error) {
    return { ...times, end: clock(), ok: false, status: errorText(error) };
  }
}

/** The Media tab's upload form as a browser without JavaScript posts it: one multipart body, answered with a redirect. */
async function uploadByForm(server, cookie, image, { name }) {
  const times = { start: clock() };
  const boundary = "----benchUploadForm7MA4YWxkTrZu0gW";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${image.type}\r\n\r\n`),
    image.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  try {
    const posted = await request(`${server.url}/admin/dashboard/media/upload`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(body.length) },
      body,
    });
    const ok = posted.status === 302 && /^\/admin\/dashboard\/media/.test(posted.headers.location ?? "");
    return { ...times, end: clock(), ok, status: posted.status };
  } catch (error) {
    return { ...times, end: clock(), ok: false, status: errorText(error) };
  }
}

// ---------------------------------------------------------------- one run

async function measureRun(run, images, context) {
  const image = images[run.image];
  const env = { ...(run.backend === "s3" ? context.s3.env : {}), ...run.env };
  const server = await startServer({ env, dirs: context.dirs, servers: context.servers });
  try {
    const cookie = await signInForBench(server);
    // Warm-up: the same steps with a small picture, one after another (loads the routes,
    // sharp and libvips, opens the database pages the flow uses).
    const upload = (picture, options) => (run.via === "form" ? uploadByForm(server, cookie, picture, options) : uploadOnce(server, cookie, picture, options));
    for (let i = 0; i < WARMUP_UPLOADS; i++) {
      const warm = await upload(images.warmup, { record: run.record, name: `bench-warmup-${i}.jpg` });
      if (!warm.ok) throw new Error(`warm-up upload answered ${warm.status}:\n${server.output().slice(-2000)}`);
    }
    await sleep(500);
    const before = procStatus(server.pid);
    const probeAt = (await askProbe(server, "reset")).at;
    const hwmReset = resetPeak(server.pid);
    const stopSampler = startSampler(server.pid);
    await sleep(SAMPLE_MS * 2);

    const started = clock();
    const uploads = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => upload(image, { record: run.record, name: `bench-${run.key}-${i}.jpg` })),
    );
    const ended = clock();
    await sleep(SAMPLE_MS * 2);
    const samples = await stopSampler();
    const after = procStatus(server.pid);
    const probe = await askProbe(server, "report");

    const sampledPeak = Math.max(...samples.map((s) => s[1]));
    const peak = hwmReset ? Math.max(after.hwm, sampledPeak) : sampledPeak;
    const peakAnon = Math.max(...samples.map((s) => s[2]));
    // The receiving phase ends with the last PUT; the rest is checking and re-encoding.
    // A form's one POST does both: no phases.
    const phases = run.via !== "form";
    const receivedAt = Math.max(...uploads.map((u) => u.put ?? u.end));
    const peakIn = (from, to) => {
      const inside = samples.filter((s) => s[0] >= from && s[0] <= to).map((s) => s[1]);
      return inside.length ? Math.max(...inside) : null;
    };
    const peakAtMs = samples.find((s) => s[1] === sampledPeak)?.[0] - started;
    // RSS over the run, the highest sample of each 250 ms, and when each upload finished.
    const timeline = [];
    for (const [at, rss] of samples) {
      const slot = Math.max(0, Math.floor((at - started) / 250));
      timeline[slot] = Math.max(timeline[slot] ?? 0, rss);
    }
    return {
      key: run.key,
      label: run.label,
      backend: run.backend,
      record: run.record,
      image: run.image,
      imageBytes: image.bytes.length,
      pixels: image.pixels,
      ok: uploads.every((u) => u.ok),
      statuses: uploads.map((u) => u.status),
      seconds: (ended - started) / 1000,
      receiveSeconds: (receivedAt - started) / 1000,
      baselineKb: before.rss,
      baselineAnonKb: before.anon,
      peakKb: peak,
      sampledPeakKb: sampledPeak,
      peakAnonKb: peakAnon,
      peakAtMs,
      deltaKb: peak - before.rss,
      hwmReset,
      via: run.via ?? "api",
      receivingPeakKb: phases ? peakIn(started, receivedAt) : null,
      checkingPeakKb: phases && run.record ? peakIn(receivedAt, ended + SAMPLE_MS * 2) : null,
      endKb: after.rss,
      samples: samples.length,
      timeline: Array.from(timeline, (rss) => rss ?? null),
      finished: uploads.map((u) => ({ put: (u.put ?? u.end) - started, end: u.end - started })).sort((a, b) => a.end - b.end),
      node: {
        heapUsed: probe.peaks.heapUsed - probeAt.heapUsed,
        external: probe.peaks.external - probeAt.external,
        arrayBuffers: probe.peaks.arrayBuffers - probeAt.arrayBuffers,
        heapUsedPeak: probe.peaks.heapUsed,
        arrayBuffersPeak: probe.peaks.arrayBuffers,
      },
    };
  } finally {
    await stopServer(server);
  }
}

// ---------------------------------------------------------------- sharp alone

// What one re-encoding needs by itself: the steps of app/services/uploads/image-check.server.ts
// (header read, then sequential decode, autoOrient, fit inside 2560 px, JPEG q85 to a
// file) in a fresh Node process with nothing else loaded. Keep in step with that file.
const REFERENCE = `
import fs from "node:fs";
import sharp from "sharp";
const status = () => fs.readFileSync("/proc/self/status", "utf8");
const kb = (name) => Number(new RegExp("^" + name + ":\\\\s+(\\\\d+)", "m").exec(status())[1]);
const reencode = async (input, output) => {
  await sharp(input, { animated: true, limitInputPixels: false }).metadata();
  await sharp(input, { animated: false, limitInputPixels: 50_000_000, failOn: "error", sequentialRead: true })
    .autoOrient()
    .resize({ width: 2560, height: 2560, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toFile(output);
};
const [warmup, input, output] = process.argv.slice(-3);
await reencode(warmup, output);
await reencode(warmup, output);
await new Promise((resolve) => setTimeout(resolve, 300));
const baseline = kb("VmRSS");
fs.writeFileSync("/proc/self/clear_refs", "5");
const started = performance.now();
await reencode(input, output);
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ baselineKb: baseline, peakKb: kb("VmHWM"), seconds, concurrency: sharp.concurrency() }));
`;

function measureReference(images, key, dirs) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-sharp-"));
  dirs.push(dir);
  const warmup = path.join(dir, "warmup.jpg");
  const input = path.join(dir, "input.jpg");
  fs.writeFileSync(warmup, images.warmup.bytes);
  fs.writeFileSync(input, images[key].bytes);
  // --input-type=module -e resolves "sharp" from the working directory: the repository.
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", REFERENCE, "--", warmup, input, path.join(dir, "out.jpg")], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });
  const result = JSON.parse(out.trim().split("\n").pop());
  const { width, height, pixels } = images[key];
  return { image: key, imageBytes: images[key].bytes.length, width, height, pixels, ...result, deltaKb: result.peakKb - result.baselineKb };
}

// ---------------------------------------------------------------- the section

const running = { servers: [], dirs: [], s3: null };

/** Stops whatever this section started (servers, s3rver) and removes its temp dirs. */
export async function stopUploadBench() {
  for (const server of running.servers.splice(0)) await stopServer(server).catch(() => {});
  if (running.s3) await running.s3.stop().catch(() => {});
  running.s3 = null;
  for (const dir of running.dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Every run of RUNS plus the sharp-alone reference; returns the figures (and prints progress). */
export async function benchUploads({ log = (line) => console.log(`  ${line}`), only = null } = {}) {
  const results = { images: null, runs: [], reference: [], notes: [] };
  try {
    let t = Date.now();
    const images = await makeImages({ withLargest: !only });
    results.images = Object.fromEntries(
      Object.entries(images).map(([key, image]) => [key, { bytes: image.bytes.length, width: image.width, height: image.height, pixels: image.pixels }]),
    );
    for (const [key, image] of Object.entries(images)) {
      log(`image ${pad(key, 7)} noise (sigma ${image.sigma}) JPEG q${image.quality} ${image.width}x${image.height} = ${mp(image.pixels)}, ${image.bytes.length} B (${mb(image.bytes.length)})`);
    }
    log(`(made in ${((Date.now() - t) / 1000).toFixed(1)} s; limit ${MAX_UPLOAD_BYTES} B)`);

    for (const key of Object.keys(images).filter((name) => name !== "warmup")) {
      if (only && !RUNS.some((r) => only.includes(r.key) && r.image === key)) continue;
      try {
        const reference = measureReference(images, key, running.dirs);
        results.reference.push(reference);
        log(`sharp alone, one re-encode of ${key}: +${mib(reference.deltaKb)} over ${mib(reference.baselineKb)} (${reference.seconds.toFixed(1)} s)`);
      } catch (error) {
        log(`sharp alone (${key}) failed: ${errorText(error)}`);
      }
    }

    for (const run of RUNS.filter((r) => !only || only.includes(r.key))) {
      try {
        if (run.backend === "s3" && !running.s3) running.s3 = await startS3(running.dirs);
        t = Date.now();
        const result = await measureRun(run, images, running);
        results.runs.push(result);
        log(
          `${pad(`${run.label}, ${CONCURRENT} × ${mb(result.imageBytes)}`, 50)} peak ${mib(result.peakKb)} - baseline ${mib(result.baselineKb)} = +${mib(result.deltaKb)}; ` +
            `${result.seconds.toFixed(1)} s; [${result.statuses.join(" ")}] (${((Date.now() - t) / 1000).toFixed(1)} s in all)`,
        );
        if (!result.hwmReset) results.notes.push("VmHWM could not be reset: the peaks are the 20 ms samples only");
        if (!result.ok) results.notes.push(`${run.label}, ${run.image}: not every upload succeeded (${result.statuses.join(", ")})`);
      } catch (error) {
        log(`${run.label}, ${run.image}: failed: ${errorText(error)}`);
        results.notes.push(`${run.label}, ${run.image}: ${errorText(error).split("\n")[0]}`);
      }
    }
  } finally {
    await stopUploadBench();
  }
  results.notes = [...new Set(results.notes)];
  return results;
}

function runRow(run) {
  const expected = run.via === "form" ? 302 : run.record ? 201 : 200;
  return [
    run.label,
    `${CONCURRENT} × ${mb(run.imageBytes)} (${mp(run.pixels)})`,
    mib(run.baselineKb),
    mib(run.peakKb),
    `+${mib(run.deltaKb)}`,
    mib(run.receivingPeakKb),
    run.checkingPeakKb == null ? "-" : mib(run.checkingPeakKb),
    `${run.seconds.toFixed(1)} s`,
    run.ok ? `${CONCURRENT} × ${expected}` : run.statuses.join(" "),
  ];
}

/** The tables of the section. */
export function printUploads(results) {
  if (!results.runs.length) {
    console.log("  no run completed");
  } else {
    printTable(["run", "files", "baseline", "peak", "peak - base", "peak receiving", "peak checking", `${CONCURRENT} took`, "answers"], results.runs.map(runRow));
    console.log(
      `  (server RSS: baseline after ${WARMUP_UPLOADS} small warm-up uploads; peak = VmHWM reset just before the run, ` +
        `the phases from samples every ${SAMPLE_MS} ms; "receiving" ends with the last PUT)`,
    );
    console.log("\n  Node's own memory in the server during the run (peak over its value at the start):");
    printTable(
      ["run", "files", "V8 heap used", "Buffers (arrayBuffers)", "RssAnon peak"],
      results.runs.map((run) => [
        run.label,
        `${CONCURRENT} × ${mb(run.imageBytes)}`,
        `+${mib(run.node.heapUsed / 1024)}`,
        `+${mib(run.node.arrayBuffers / 1024)}`,
        `${mib(run.peakAnonKb)} (base ${mib(run.baselineAnonKb)})`,
      ]),
    );
  }
  if (results.reference.length) {
    console.log("\n  Reference: one re-encoding by sharp alone, in a fresh process (what a picture of that many pixels needs):");
    printTable(
      ["image", "pixels", "baseline", "peak", "peak - base", "per MP", "time"],
      results.reference.map((r) => [
        mb(r.imageBytes),
        `${r.width}x${r.height} = ${mp(r.pixels)}`,
        mib(r.baselineKb),
        mib(r.peakKb),
        `+${mib(r.deltaKb)}`,
        `${(r.deltaKb / 1024 / (r.pixels / 1e6)).toFixed(1)} MiB`,
        `${r.seconds.toFixed(1)} s`,
      ]),
    );
  }
  const growth = uploadGrowth(results);
  for (const [backend, g] of Object.entries(growth)) {
    console.log(`  ${backend}: 10 MB × 4 over 1 MB × 4: +${mib(g.extraKb)} more at the peak, for ${mp(g.extraPixels)} more per picture`);
  }
  for (const note of results.notes) console.log(`  note: ${note}`);
}

/** `--timeline`: the server's RSS every 250 ms of each run, with each upload's end marked. */
export function printTimelines(results) {
  for (const run of results.runs) {
    console.log(`\n  ${run.label}, ${CONCURRENT} × ${mb(run.imageBytes)}: RSS (MiB) per 250 ms, baseline ${mib(run.baselineKb)}`);
    const ends = run.finished.map((f) => Math.floor(f.end / 250));
    const cells = run.timeline.map((kb, i) => `${kb == null ? "-" : (kb / 1024).toFixed(0)}${ends.includes(i) ? "*".repeat(ends.filter((e) => e === i).length) : ""}`);
    for (let i = 0; i < cells.length; i += 16) console.log(`    ${pad(`${(i / 4).toFixed(0)} s`, 5)} ${cells.slice(i, i + 16).join(" ")}`);
  }
  console.log("  (* = an upload answered)");
}

/** Per back end (local, s3, receive): how much more the 10 MB run peaked than the 1 MB one. */
export function uploadGrowth(results) {
  const growth = {};
  for (const [name, small, large] of [
    ["receive only, local", "receive-1", "receive-10"],
    ["all 4 steps, local", "local-1", "local-10"],
    ["all 4 steps, S3", "s3-1", "s3-10"],
    ["the form without JavaScript, local", "form-1", "form-10"],
  ]) {
    const a = results.runs.find((run) => run.key === small);
    const b = results.runs.find((run) => run.key === large);
    if (a && b) growth[name] = { extraKb: b.deltaKb - a.deltaKb, extraPixels: b.pixels - a.pixels };
  }
  return growth;
}

/** Rows for `npm run bench`'s summary table: [what, measured, budget, result]. */
export function uploadSummaryRows(results) {
  if (!results?.runs?.length) return [[`Server RSS, ${CONCURRENT} uploads at once`, "not measured", "(informative)", "N/A"]];
  return results.runs
    .filter((run) => run.image === "large")
    .map((run) => [
      `Server RSS peak - base, ${CONCURRENT} × 10 MB, ${run.label}`,
      `+${mib(run.deltaKb)} (${run.ok ? "all OK" : "failures"})`,
      "(informative)",
      "",
    ]);
}

// ---------------------------------------------------------------- alone

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping`);
      stopUploadBench().finally(() => process.exit(130));
    });
  }
  const started = Date.now();
  let exitCode = 0;
  try {
    execFileSync(process.execPath, [path.join(ROOT, "scripts", "ensure-build.mjs")], { cwd: ROOT, stdio: "inherit" });
    console.log(`== uploads: the server's memory while ${CONCURRENT} uploads run at once`);
    console.log(`  load average (1 min): ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism?.() ?? os.cpus().length} cores`);
    // --runs=local-10,s3-10 runs only those (keys in RUNS); default: all.
    const only = process.argv.find((arg) => arg.startsWith("--runs="))?.slice("--runs=".length).split(",");
    const results = await benchUploads({ only });
    console.log("");
    printUploads(results);
    if (process.argv.includes("--timeline")) printTimelines(results);
    if (!results.runs.length) exitCode = 1;
  } catch (error) {
    console.log(`\nupload bench failed: ${error instanceof Error ? error.stack : String(error)}`);
    exitCode = 1;
  } finally {
    await stopUploadBench();
    console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s in all)`);
  }
  process.exit(exitCode);
}
