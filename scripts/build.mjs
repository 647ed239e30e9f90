// npm run build: the Remix app (Remix's Vite plugin: build/remix/server/index.js and the
// browser's files in build/remix/client/build), the compressed copies of the text files, and then the server (build/server.js and the database
// commands), all plain JavaScript.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const remix = spawnSync("node_modules/.bin/remix", ["vite:build"], {
  cwd: ROOT,
  stdio: "inherit",
  // Remix's command line loads Vite's CommonJS entry; the notice about that is addressed
  // to its authors, not to whoever builds the site.
  env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true" },
});
if (remix.status !== 0) process.exit(remix.status ?? 1);

await import("./precompress.mjs");
await import("./build-server.mjs");
