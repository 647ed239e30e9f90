import os from "node:os";
import { defineConfig } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { CHROMIUM_ARGS, TEST_DISABLED_FEATURES } from "./scripts/chromium-flags.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// Starts CHROMIUM with Playwright's disabled features and ours merged (decision 043).
const CHROMIUM_FOR_TESTS = fileURLToPath(new URL("./scripts/chromium-for-tests.sh", import.meta.url));
// Each worker runs its own site (tests/e2e/fixtures.ts: server, database, mail, ports),
// so spec files run side by side. One per core by default; E2E_WORKERS (or --workers) sets it.
const WORKERS = Number(process.env.E2E_WORKERS) || Math.max(1, os.availableParallelism());

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    launchOptions: {
      executablePath: CHROMIUM_FOR_TESTS,
      args: [...CHROMIUM_ARGS, `--disable-features=${TEST_DISABLED_FEATURES.join(",")}`],
      env: { ...process.env, CHROMIUM_BINARY: CHROMIUM },
    },
    // A trace records every step of every test (a fifth of the suite's CPU time) to keep
    // only the failures': off by default, and `--trace retain-on-failure` (or `on`) brings
    // it back for the run that needs one. A failure still leaves its screenshot.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "js-on",
      testIgnore: /\.nojs\.spec\.ts$/,
      use: { javaScriptEnabled: true },
    },
    {
      name: "js-off",
      testIgnore: /\.js\.spec\.ts$/,
      use: { javaScriptEnabled: false },
    },
  ],
});
