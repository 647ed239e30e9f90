// npm test: the linter, the dependency check (known advisories and retired packages,
// docs/dependencies.md), then unit and integration tests (vitest), then the browser tests
// (Playwright) against the production build in Debian's Chromium, JavaScript on and off.
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// Run through npm, this is the Node of the `node` dev dependency (README, decision 066).
console.log(`npm test on Node ${process.version} (${process.execPath})`);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the browser tests...");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
}

run("npm", ["run", "lint"]);
run("npm", ["run", "check:dependencies"]);
run("npm", ["run", "build"]);
run("npx", ["vitest", "run"]);
run("npx", ["playwright", "test"]);
