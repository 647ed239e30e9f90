import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { startOAuthServer } from "../support/oauth";
import { builtEntry, makeWorkDir, startServer, type RunningServer } from "../support/server";

/**
 * `npm run seed:scale` fills the database named by DATABASE_PATH with the real-scale
 * catalogue, once; the server then runs on it and the dashboard counts it.
 */

const workDir = makeWorkDir("site-scale-");
const databasePath = path.join(workDir, "elsewhere", "scaled.db");

function seedScale(): string {
  return execFileSync(process.execPath, [builtEntry("seed-scale")], {
    cwd: workDir,
    env: { ...process.env, DATABASE_PATH: databasePath, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
}

function counts() {
  const db = new Database(databasePath, { readonly: true });
  try {
    const n = (table: string, where = "1") => (db.prepare(`select count(*) as n from ${table} where ${where}`).get() as { n: number }).n;
    return {
      properties: n("properties"),
      activeProperties: n("properties", "is_active = 1"),
      media: n("media"),
      linkedMedia: n("media", "property_id is not null"),
      heroImages: n("media", "is_hero_image = 1"),
      messages: n("contact_messages"),
    };
  } finally {
    db.close();
  }
}

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let app: RunningServer | undefined;

beforeAll(async () => {
  oauth = await startOAuthServer();
});
afterAll(async () => {
  await app?.stop();
  await oauth?.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe("npm run seed:scale", () => {
  it("adds 5,000 properties, 20,000 media rows and 100,000 messages to DATABASE_PATH, once", () => {
    expect(seedScale()).toContain(`Added 5000 properties, 20000 media rows and 100000 messages to ${databasePath}`);
    const first = counts();
    expect(first).toMatchObject({ properties: 5000, media: 20000, messages: 100000, heroImages: 0 });
    // Most homes are listed and most pictures belong to a home; some wait to be linked.
    expect(first.activeProperties).toBeGreaterThan(4000);
    expect(first.linkedMedia).toBe(15000);

    expect(seedScale()).toContain("already holds the scaled catalogue: nothing added");
    expect(counts()).toEqual(first);
  });

  it("gives a database the server runs on, with the demo catalogue beside it", async () => {
    app = await startServer({
      workDir,
      env: { DATABASE_PATH: databasePath, ADMIN_EMAILS: "scale@example.com", GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_ISSUER: oauth.url },
    });
    const scaled = counts();
    expect(scaled.properties).toBeGreaterThan(5000);
    const cookie = await signInAdmin(oauth, app.url, { email: "scale@example.com", sub: "g-scale" });
    const overview = visibleTexts(await (await fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: cookie } })).text());
    for (const [label, value] of [
      ["Total Properties", scaled.activeProperties],
      ["Total Media", scaled.media],
      ["Total Messages", scaled.messages],
    ] as const) {
      expect(overview[overview.indexOf(label) + 1], label).toBe(String(value));
    }
    // Beside the public count, every home the Properties tab lists.
    expect(overview[overview.indexOf("Total Properties") + 2]).toBe(`${scaled.properties} homes, ${scaled.activeProperties} public`);
  });
});
