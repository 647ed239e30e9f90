import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS } from "./scripts/chromium-flags.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3999);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// A run on another port gets its own work directory, so two runs side by side do not
// delete each other's database.
const WORK_DIR = process.env.E2E_PORT ? path.join(os.tmpdir(), `e2e-work-${PORT}`) : path.resolve(".e2e-work");
// A real SMTP server for the sign-in mail (tests/support/smtp-sink.mjs); it also
// writes each message as a JSON file into MAIL_DIR, where the tests read them.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000);
const MAIL_DIR = path.join(os.tmpdir(), `e2e-mail-${SMTP_PORT}`);
process.env.E2E_MAIL_DIR = MAIL_DIR;
// The server's database, for tests that look up what the pages do not show (ids).
process.env.E2E_DATABASE_PATH = path.join(WORK_DIR, "data", "app.db");
// The Google sign-in tests run an OAuth server here (tests/support/oauth.ts) standing in for Google.
const OAUTH_PORT = Number(process.env.E2E_OAUTH_PORT ?? PORT - 900);
process.env.E2E_OAUTH_PORT = String(OAUTH_PORT);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// A LibreTranslate-compatible service (tests/support/libretranslate.ts), started by
// tests/e2e/global-setup.ts, so that saving a FAQ fills its Spanish texts.
const TRANSLATE_PORT = Number(process.env.E2E_TRANSLATE_PORT ?? PORT + 2000);
process.env.E2E_TRANSLATE_PORT = String(TRANSLATE_PORT);
// Map tiles from a local stub (tests/support/tile-server.ts, also started by
// global-setup.ts), so the maps never reach the internet.
const TILE_PORT = Number(process.env.E2E_TILE_PORT ?? PORT + 3000);
process.env.E2E_TILE_PORT = String(TILE_PORT);
process.env.E2E_TILE_URL = `http://127.0.0.1:${TILE_PORT}/{z}/{x}/{y}.png`;


export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
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
  webServer: [
    {
      // An empty mail folder for every run.
      command: `rm -rf "${MAIL_DIR}" && exec node "${path.resolve("tests/support/smtp-sink.mjs")}" ${SMTP_PORT} --dir "${MAIL_DIR}"`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
    },
    {
      // A fresh database for every run, in its own work directory (its ./data).
      command: `rm -rf "${WORK_DIR}" && mkdir -p "${WORK_DIR}" && cd "${WORK_DIR}" && exec node "${path.resolve("build/server.js")}"`,
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        APP_URL: BASE_URL,
        LOG_LEVEL: "warn",
        ADMIN_EMAILS: "admin@example.com,axe-admin@example.com,axe-busy@example.com,google.admin@example.com,staff@example.com,editor@example.com,properties@example.com,faqs@example.com,media@example.com,settings@example.com,expiry@example.com,uploads@example.com,geocode@example.com,inquiries@example.com,audit@example.com,messages@example.com,sessions@example.com",
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_OAUTH_ISSUER: `http://127.0.0.1:${OAUTH_PORT}`,
        TRANSLATE_URL: `http://127.0.0.1:${TRANSLATE_PORT}`,
        // The address search answers from the embedded gazetteer: no call leaves the machine.
        GEOCODER_URL: "",
        MAP_TILE_URL: process.env.E2E_TILE_URL,
        // Every spec file signs in from 127.0.0.1 (at most 20 sign-in links per IP in 15
        // minutes), and every page and call comes from it (600 reads a minute, 3,000 here);
        // the limits themselves are tested against their own servers.
        RATE_LIMIT_FACTOR: "5",
      },
    },
  ],
});
