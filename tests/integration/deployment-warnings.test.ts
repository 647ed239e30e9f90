import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { logLines } from "../support/log-lines";
import { startServer, type RunningServer } from "../support/server";

// A public site still on the defaults meant for a first local try says so in its log at
// start, a line for each variable to set; a local site, or a public one configured for
// real, says nothing.

let app: RunningServer | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

async function configurationWarnings(env: Record<string, string>) {
  app = await startServer({ env: { LOG_LEVEL: "info", ...env } });
  // The warnings come before the "listening" line: once it is read, all of them are.
  await eventually(() => logLines(app!.output()).find((line) => String(line.msg).startsWith("listening on")));
  return logLines(app.output())
    .filter((line) => line.level === "warn" && String(line.msg).startsWith("configuration: "))
    .map((line) => ({ variable: line.variable, msg: line.msg }));
}

describe("at start, a site reached by others", () => {
  it("on the defaults warns of plain http, no SMTP, the localhost sender and the demo data, and still serves", async () => {
    const warnings = await configurationWarnings({ APP_URL: "http://homes.example.test" });
    expect(warnings.map((warning) => warning.variable)).toEqual(["APP_URL", "SMTP_URL", "MAIL_FROM", "SEED_DEMO"]);
    expect(warnings[0].msg).toContain("set APP_URL to its https:// address");
    expect(warnings[1].msg).toContain("only written to data/outbox/");
    expect(warnings[3].msg).toContain("Set SEED_DEMO=0");
    expect((await fetch(`${app!.url}/healthz`)).status).toBe(200);
  });

  it("configured for real (https, SMTP, its own sender, no demo data) warns of nothing", async () => {
    const warnings = await configurationWarnings({
      APP_URL: "https://homes.example.test",
      SMTP_URL: "smtp://127.0.0.1:1",
      MAIL_FROM: "office@homes.example.test",
      SEED_DEMO: "0",
    });
    expect(warnings).toEqual([]);
  });

  it("names only what is left: a site over https with SMTP but the demo data on", async () => {
    const warnings = await configurationWarnings({
      APP_URL: "https://homes.example.test",
      SMTP_URL: "smtp://127.0.0.1:1",
      MAIL_FROM: "office@homes.example.test",
    });
    expect(warnings.map((warning) => warning.variable)).toEqual(["SEED_DEMO"]);
  });
});

describe("at start, a site whose mail relay is on another machine", () => {
  const real = { APP_URL: "https://homes.example.test", MAIL_FROM: "office@homes.example.test", SEED_DEMO: "0" };

  it("warns that smtp:// without requireTLS may carry sign-in links in clear", async () => {
    const warnings = await configurationWarnings({ ...real, SMTP_URL: "smtp://mailer:secret@relay.example.test:587" });
    expect(warnings.map((warning) => warning.variable)).toEqual(["SMTP_URL"]);
    expect(warnings[0].msg).toContain("add ?requireTLS=true to the URL");
    // The warning names the variable, never its value: the password stays out of the log.
    expect(app!.output()).not.toContain("secret@");
  });

  it.each(["smtps://mailer:secret@relay.example.test:465", "smtp://mailer:secret@relay.example.test:587?requireTLS=true", "smtp://127.0.0.1:2525"])(
    "(%s) warns of nothing: TLS is required, or the relay is this machine",
    async (smtpUrl) => {
      expect(await configurationWarnings({ ...real, SMTP_URL: smtpUrl })).toEqual([]);
    },
  );
});

describe("at start, a local site", () => {
  it.each(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000", "http://homes.localhost"])(
    "(%s) on the defaults warns of nothing",
    async (appUrl) => {
      expect(await configurationWarnings({ APP_URL: appUrl })).toEqual([]);
    },
  );
});
