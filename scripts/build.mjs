// npm run build: the app (React Router's Vite plugin: build/remix/server/index.js and the
// browser's files in build/remix/client/build), the compressed copies of the text files, and then the server (build/server.js and the database
// commands), all plain JavaScript.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const app = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { cwd: ROOT, stdio: "inherit" });
if (app.status !== 0) process.exit(app.status ?? 1);

await import("./precompress.mjs");
await import("./build-server.mjs");
