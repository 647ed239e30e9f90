// npm run build: the Remix app (build/index.js, public/build), the compressed copies of
// public/'s text files, and then the server (build/server.js and the database
// commands), all plain JavaScript.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const remix = spawnSync("node_modules/.bin/remix", ["build"], {
  cwd: ROOT,
  stdio: "inherit",
  // The classic compiler loads Vite's CommonJS entry for its CSS handling; the notice
  // about that is addressed to the compiler's authors, not to whoever builds the site.
  env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true" },
});
if (remix.status !== 0) process.exit(remix.status ?? 1);

await import("./precompress.mjs");
await import("./build-server.mjs");
