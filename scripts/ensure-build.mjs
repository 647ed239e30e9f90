// `npm start` and the database commands build first when there is no build, or when
// the sources are newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const OUTPUTS = ["build/remix/server/index.js", "build/server.js", "build/server-main.js", "build/db-migrate.js", "build/db-backup.js", "build/db-restore.js", "build/seed-scale.js", "build/admin-reset-passkeys.js"];
const SOURCES = [
  "app",
  "server",
  "server.ts",
  "scripts/build.mjs",
  "scripts/build-server.mjs",
  "scripts/db-migrate.ts",
  "scripts/db-backup.ts",
  "scripts/db-restore.ts",
  "scripts/seed-scale.ts",
  "scripts/admin-reset-passkeys.ts",
  "vite.config.ts",
  "postcss.config.js",
  "package.json",
];

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

// The image holds the build and no sources (no app/): there is nothing to build from, and
// nothing to build; its commands (npm run db:backup, admin:reset-passkeys) run as built.
if (!fs.existsSync("app")) process.exit(0);

const builtAt = OUTPUTS.every((file) => fs.existsSync(file))
  ? Math.min(...OUTPUTS.map((file) => fs.statSync(file).mtimeMs))
  : 0;
const changedAt = Math.max(...SOURCES.filter((s) => fs.existsSync(s)).map(newestMtime));
if (changedAt > builtAt) {
  console.log(builtAt ? "Sources changed since the last build: building." : "No build yet: building.");
  execSync(`"${process.execPath}" scripts/build.mjs`, { stdio: "inherit" });
}
