// Part of npm run build: every text file under public/ (the SVGs, the manifest) and the
// browser's built scripts and styles (build/remix/client) gets a brotli (.br, quality 11) and a gzip (.gz, level 9)
// copy beside it, which the server sends as they are (express-static-gzip) instead of
// compressing each answer. Fonts and pictures are compressed already and are left.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const SERVED_DIRS = ["../public", "../build/remix/client"].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));
const TEXT_FILES = /\.(js|mjs|css|svg|html|json|txt|xml|map|webmanifest)$/i;
// A copy that saves less than this is not worth a second file.
const MOST_WORTH_KEEPING = 0.9;

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && TEXT_FILES.test(entry.name)) yield full;
  }
}

const encoders = {
  br: (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gz: (bytes) => zlib.gzipSync(bytes, { level: 9 }),
};

let files = 0;
let before = 0;
let after = 0;
for (const file of SERVED_DIRS.flatMap((dir) => [...filesUnder(dir)])) {
  const bytes = fs.readFileSync(file);
  files += 1;
  before += bytes.length;
  for (const [suffix, encode] of Object.entries(encoders)) {
    const copy = `${file}.${suffix}`;
    const compressed = encode(bytes);
    if (compressed.length > bytes.length * MOST_WORTH_KEEPING) {
      fs.rmSync(copy, { force: true });
      continue;
    }
    fs.writeFileSync(copy, compressed);
    if (suffix === "br") after += compressed.length;
  }
}
console.log(`Precompressed ${files} files under public/ and build/remix/client/: ${(before / 1024).toFixed(1)} KiB, ${(after / 1024).toFixed(1)} KiB as brotli.`);
