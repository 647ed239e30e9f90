import fs from "node:fs";
import path from "node:path";
import { test as base } from "@playwright/test";
import { startLibreTranslate } from "../support/libretranslate";
import { freePort, makeWorkDir, startServer } from "../support/server";
import { startSmtpSink } from "../support/smtp";
import { startTileServer } from "../support/tile-server";

export { expect } from "@playwright/test";

/**
 * One site per Playwright worker: the production server (build/server.js) with its own
 * database in a fresh work directory, a real SMTP server process that files every mail in
 * its own folder, the translation service and the map tile server. Workers share nothing,
 * so spec files run side by side; the tests in one worker run one after another against
 * its site, as they did against the single server before.
 */
export type E2eSite = {
  baseURL: string;
  databasePath: string;
  mailDir: string;
  oauthPort: number;
  /** Its work directory and configuration: a second process on the same data starts from them (startSibling). */
  workDir: string;
  env: Record<string, string>;
};

// Every admin the specs sign in as; each spec file uses its own address (the sign-in
// mail is limited per address).
const ADMIN_EMAILS = [
  "admin@example.com",
  "axe-admin@example.com",
  "axe-busy@example.com",
  "google.admin@example.com",
  "staff@example.com",
  "editor@example.com",
  "properties@example.com",
  "photo-order@example.com",
  "faqs@example.com",
  "media@example.com",
  "settings@example.com",
  "expiry@example.com",
  "uploads@example.com",
  "geocode@example.com",
  "inquiries@example.com",
  "audit@example.com",
  "messages@example.com",
  "sessions@example.com",
  "spanish@example.com",
  "office@example.com",
  "visits@example.com",
  "steps@example.com",
  "homes@example.com",
  "free-times@example.com",
  "visitor-link@example.com",
  "office-visits@example.com",
  "photos-upload@example.com",
  "portrait@example.com",
  "sources@example.com",
  "stages@example.com",
  "replies@example.com",
];

async function startSite(): Promise<{ site: E2eSite; stop: () => Promise<void> }> {
  const workDir = makeWorkDir("e2e-site-");
  const mailDir = path.join(workDir, "mail");
  const sink = await startSmtpSink(await freePort(), { dir: mailDir });
  const translator = await startLibreTranslate();
  const tiles = await startTileServer();
  // The Google sign-in spec starts its OAuth server on this port (admin-google.spec.ts).
  const oauthPort = await freePort();
  const env: Record<string, string> = {
    ADMIN_EMAILS: ADMIN_EMAILS.join(","),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    GOOGLE_CLIENT_ID: "e2e-client",
    GOOGLE_CLIENT_SECRET: "e2e-secret",
    GOOGLE_OAUTH_ISSUER: `http://127.0.0.1:${oauthPort}`,
    // Saving a FAQ fills its Spanish texts through this LibreTranslate-compatible service.
    TRANSLATE_URL: translator.url,
    // The address search answers from the embedded gazetteer: no call leaves the machine.
    GEOCODER_URL: "",
    // The maps load their tiles from the local stub, never from the internet.
    MAP_TILE_URL: tiles.url,
    // Every spec file signs in from 127.0.0.1 (at most 20 sign-in links per IP in 15
    // minutes), and every page and call comes from it (600 reads a minute, 3,000 here);
    // the limits themselves are tested against their own servers.
    RATE_LIMIT_FACTOR: "5",
  };
  const server = await startServer({ workDir, env, startupTimeoutMs: 120_000 });
  return {
    site: { baseURL: server.url, databasePath: server.databasePath, mailDir, oauthPort, workDir, env },
    stop: async () => {
      const exitCode = await server.stop();
      await Promise.all([sink.stop(), translator.stop(), tiles.stop()]);
      fs.rmSync(workDir, { recursive: true, force: true });
      if (exitCode !== 0) console.error(`the e2e server stopped with ${exitCode}:\n${server.output()}`);
    },
  };
}

export const test = base.extend<object, { site: E2eSite }>({
  site: [
    async ({}, use) => {
      const { site, stop } = await startSite();
      // The helpers of support.ts find the site's database and mail folder here.
      process.env.E2E_DATABASE_PATH = site.databasePath;
      process.env.E2E_MAIL_DIR = site.mailDir;
      process.env.E2E_BASE_URL = site.baseURL;
      await use(site);
      await stop();
    },
    { scope: "worker", auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ site }, use) => use(site.baseURL),
});
