import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "~/config/env.server";
import { maskCredentials } from "~/utils/mask-credentials";

let cwd: string;
let workDir: string;
beforeEach(() => {
  cwd = process.cwd();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "config-"));
  process.chdir(workDir);
});
afterEach(() => process.chdir(cwd));

describe("readConfig", () => {
  it("gives every default of the contract", () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.databasePath).toBe(path.join(fs.realpathSync(workDir), "data", "app.db"));
    expect(config.mailFrom).toBe("no-reply@localhost");
    expect(config.smtpUrl).toBeNull();
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(0);
    expect(config.rateLimitFactor).toBe(1);
    expect(config.logLevel).toBe("info");
    expect(config.mapTileUrl).toContain("tile.openstreetmap.org");
    expect(config.s3).toBeNull();
    expect(config.adminEmails).toEqual([]);
  });

  it("follows PORT in the default APP_URL", () => {
    expect(readConfig({ PORT: "8080" }).appUrl).toBe("http://localhost:8080");
  });

  it("keeps a generated session secret in data/session-secret", () => {
    const first = readConfig({}).sessionSecrets;
    const second = readConfig({}).sessionSecrets;
    expect(first).toEqual(second);
    expect(fs.readFileSync(path.join(workDir, "data", "session-secret"), "utf8").trim()).toBe(first[0]);
    expect(readConfig({ SESSION_SECRET: "a".repeat(20) + "," + "b".repeat(20) }).sessionSecrets).toHaveLength(2);
  });

  it("lowercases and de-duplicates ADMIN_EMAILS", () => {
    expect(readConfig({ ADMIN_EMAILS: "A@Example.com, a@example.com ,b@example.org" }).adminEmails).toEqual([
      "a@example.com",
      "b@example.org",
    ]);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["APP_URL", "localhost:3000"],
    ["LOG_LEVEL", "verbose"],
    ["SEED_DEMO", "maybe"],
    ["TRUST_PROXY", "-1"],
    ["RATE_LIMIT_FACTOR", "0"],
    ["SMTP_URL", "http://mail.example.com"],
    ["MAIL_FROM", "not an address"],
    ["ADMIN_EMAILS", "boss@example.com,nobody"],
    ["SESSION_SECRET", "short"],
    ["REPLICA_URL", "/var/replica"],
    ["REPLICA_URL", "https://bucket.example/replica"],
    ["REPLICA_URL", "file://backup-host/replica"],
    ["REPLICA_URL", "file:///"],
    ["REPLICA_URL", "s3:///no-bucket"],
    ["REPLICA_URL", "s3://key:secret@bucket/replica"],
    ["REPLICA_URL", "s3://bucket/replica?region=us-east-1"],
  ])("stops on a bad %s (%s) and names it", (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(name);
  });
});

describe("REPLICA_URL", () => {
  it("is off when unset", () => {
    expect(readConfig({}).replica).toBeNull();
  });

  it("takes a local folder as file:///path", () => {
    expect(readConfig({ REPLICA_URL: "file:///var/replica" }).replica).toEqual({ url: "file:///var/replica", s3: null });
  });

  it("takes s3://bucket/path with the S3_* settings, whether or not media are on S3", () => {
    const replica = readConfig({
      REPLICA_URL: "s3://backups/site/app.db",
      S3_REGION: "us-east-2",
      S3_ENDPOINT: "https://s3.example.com",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    }).replica;
    expect(replica).toEqual({
      url: "s3://backups/site/app.db",
      s3: { region: "us-east-2", endpoint: "https://s3.example.com", accessKeyId: "id", secretAccessKey: "secret", forcePathStyle: true },
    });
  });
});

describe("maskCredentials", () => {
  it.each([
    ["smtp://user:pass@host:587", "smtp://user:***@host:587"],
    ["smtp//user:pass@host", "smtp//user:***@host"],
    ["smtps:/user:pass@host:465", "smtps:/user:***@host:465"],
    ["smtps:\\\\user:pass@host", "smtps:\\\\user:***@host"],
    ["user:pass@host", "user:***@host"],
    ["smtp:user:pass@host", "smtp:***@host"],
    ["smtp://user:p@ss/w:rd@host", "smtp://user:***@host"],
    ["smtp://token@host", "smtp://***@host"],
    ["smtp://:token@host", "smtp://:***@host"],
  ])("%s is shown as %s", (value, shown) => {
    expect(maskCredentials(value)).toBe(shown);
  });

  it.each(["boss@example.com", "not an address", "smtp://mail.example.com:587", "https://tiles.example/{z}/{x}/{y}.png?by=@osm", ""])("leaves %j as it is", (value) => {
    expect(maskCredentials(value)).toBe(value);
  });

  it("is used by every message that echoes a value", () => {
    for (const [name, value] of [
      ["SMTP_URL", "smtp//u:pw1@host"],
      ["SMTP_URL", "smtps:/u:pw1@host"],
      ["SMTP_URL", "ftp://u:pw1@host"],
      ["APP_URL", "localhost//u:pw1@host"],
      ["MAIL_FROM", "u:pw1@host"],
      ["ADMIN_EMAILS", "a@example.com,u:pw1@host"],
      ["PORT", "u:pw1@host"],
      ["LOG_LEVEL", "u:pw1@host"],
      ["MAP_TILE_URL", "tiles//u:pw1@host/{z}"],
    ]) {
      let message = "";
      try {
        readConfig({ [name]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, `${name}=${value}`).toContain(name);
      expect(message, `${name}=${value}`).toContain("u:***@host");
      expect(message, `${name}=${value}`).not.toContain("pw1");
    }
  });
});
