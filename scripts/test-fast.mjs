// The fast loop for one change (docs/testing.md):
//   npm run test:changed [-- <git ref>]
//     the vitest and Playwright files that differ from the ref (main by default), or that
//     import a test helper that does, both JavaScript modes;
//   npm run test:one -- <test file> [on|off]
//     one test file; a browser spec in one JavaScript mode (on, off) or in both.
// Both build first only when the sources are newer than the build (ensure-build.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const [mode, ...args] = process.argv.slice(2);

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function usage(message) {
  console.error(`${message}\nusage: npm run test:changed [-- <git ref>]\n       npm run test:one -- <test file> [on|off]`);
  process.exit(2);
}

run(process.execPath, ["scripts/ensure-build.mjs"]);

if (mode === "changed") {
  const base = args[0] ?? "main";
  if (spawnSync("git", ["rev-parse", "--verify", "--quiet", base], { stdio: "ignore" }).status !== 0) usage(`No such git ref: ${base}`);
  run("npx", ["vitest", "run", "--changed", base, "--passWithNoTests"]);
  run("npx", ["playwright", "test", `--only-changed=${base}`, "--pass-with-no-tests"]);
} else if (mode === "one") {
  const [file, javaScript] = args;
  if (!file || !fs.existsSync(file)) usage(file ? `No such test file: ${file}` : "Which test file?");
  if (javaScript && javaScript !== "on" && javaScript !== "off") usage(`JavaScript mode is on or off, not ${javaScript}`);
  if (/^(\.\/)?tests\/e2e\//.test(file)) {
    run("npx", ["playwright", "test", file, ...(javaScript ? ["--project", `js-${javaScript}`] : [])]);
  } else {
    if (javaScript) usage("A JavaScript mode is for browser specs (tests/e2e) only");
    run("npx", ["vitest", "run", file]);
  }
} else {
  usage(`Unknown mode: ${mode ?? "(none)"}`);
}
