// Compiles the Express server and the database commands into plain JavaScript beside the
// Remix build, so production runs `node build/server.js` with no TypeScript loader.
// npm packages stay external (the image installs them with `npm ci --omit=dev`); our own
// code (server/, the app modules the server imports) is bundled.
import { spawnSync } from "node:child_process";
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT_DIR = path.join(ROOT, "build");

const ENTRY_POINTS = {
  server: "server.ts",
  "server-main": "server/main.ts",
  "db-migrate": "scripts/db-migrate.ts",
  "db-backup": "scripts/db-backup.ts",
  "db-restore": "scripts/db-restore.ts",
  "seed-scale": "scripts/seed-scale.ts",
  "admin-reset-passkeys": "scripts/admin-reset-passkeys.ts",
  "render-demo-images": "scripts/render-demo-images.ts",
};

// server.ts must set NODE_ENV before any package loads. A bundle hoists every package
// import above its own code, so server/main.ts (and the packages it imports) stays a
// separate file that server.js imports once NODE_ENV is set.
function keepServerMainSeparate() {
  return {
    name: "keep-server-main-separate",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\/server\/main$/ }, () => ({ path: "./server-main.js", external: true }));
    },
  };
}

await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRY_POINTS,
  outdir: OUT_DIR,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // No code splitting: every module then runs from build/<entry>.js, which the paths
  // resolved from import.meta.url (server/paths.ts, the migrations) rely on.
  sourcemap: true,
  logLevel: "warning",
  plugins: [keepServerMainSeparate()],
});

// The bundles find their migrations beside themselves (app/db/client.server.ts resolves
// ./migrations from its own module, which is build/*.js once compiled).
fs.cpSync(path.join(ROOT, "app/db/migrations"), path.join(OUT_DIR, "migrations"), { recursive: true });

// The demo scenes, encoded once here rather than at every new site's first start.
const rendered = spawnSync(process.execPath, [path.join(OUT_DIR, "render-demo-images.js")], { stdio: "inherit" });
if (rendered.status !== 0) process.exit(rendered.status ?? 1);
console.log("Server compiled to build/server.js, build/server-main.js, build/db-migrate.js, build/db-backup.js, build/db-restore.js, build/seed-scale.js and build/render-demo-images.js");
