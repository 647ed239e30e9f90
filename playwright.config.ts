import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3999);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const WORK_DIR = path.resolve(".e2e-work");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Only the flags this machine's Chromium needs: no sandbox as root, no GPU, no calls home.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: BASE_URL,
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
  webServer: {
    // A fresh database for every run, in its own work directory (its ./data).
    command: `rm -rf "${WORK_DIR}" && mkdir -p "${WORK_DIR}" && cd "${WORK_DIR}" && exec node --import "${path.resolve("node_modules/tsx/dist/loader.mjs")}" "${path.resolve("server.ts")}"`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: BASE_URL,
      TSX_TSCONFIG_PATH: path.resolve("tsconfig.json"),
      LOG_LEVEL: "warn",
      ADMIN_EMAILS: "admin@example.com",
    },
  },
});
