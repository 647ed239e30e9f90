import os from "node:os";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/chromium-flags.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
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
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
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
