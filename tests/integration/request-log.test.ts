import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectLoggedFor, logLineLike, logLines, type LogLine } from "../support/log-lines";
import { builtEntry, freePort, makeWorkDir, startServer, type RunningServer } from "../support/server";
import { mimeParts } from "../support/smtp";
import { HONEYPOT_FIELD } from "~/models/contact-fields";

// The server's log as whoever runs the container reads it: JSON lines, one per request
// with its id, method, path, status and duration, the id in X-Request-Id and on every
// line the request wrote, LOG_LEVEL honoured, and no secret: no cookie, no
// Authorization, no token of a URL, and a sign-in link only in local (http) use.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function until<T>(find: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function outbox(app: RunningServer): string[] {
  const dir = path.join(app.workDir, "data", "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith(".eml")).map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
}

describe("the request log at LOG_LEVEL=info", () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startServer({ env: { LOG_LEVEL: "info", ADMIN_EMAILS: "owner@example.com" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** The request's own line, found by the id its answer carried. */
  async function lineOf(response: Response): Promise<LogLine> {
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    return until(() => logLines(app.output()).find((line) => line.requestId === id && typeof line.status === "number"), `log line for ${id}`);
  }

  it("writes one JSON line per request: its id (also in X-Request-Id), method, path, status and duration", async () => {
    const home = await fetch(`${app.url}/?lng=es`);
    await home.text();
    const line = await lineOf(home);
    expect(line).toMatchObject({ level: "info", method: "GET", path: "/?lng=es", status: 200, msg: "GET /?lng=es 200" });
    expect(typeof line.duration).toBe("number");
    expect(new Date(line.time).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const missing = await fetch(`${app.url}/properties/999999`);
    await missing.text();
    expect(await lineOf(missing)).toMatchObject({ level: "info", status: 404 });

    // A cached page, a static file and the health check are logged as well, each with its own id.
    const again = await fetch(`${app.url}/?lng=es`);
    await again.text();
    expect(again.headers.get("x-page-cache")).toBe("hit");
    const cached = await lineOf(again);
    expect(cached.requestId).not.toBe(line.requestId);
    const favicon = await fetch(`${app.url}/favicon.svg`);
    await favicon.arrayBuffer();
    expect(await lineOf(favicon)).toMatchObject({ path: "/favicon.svg", status: 200 });

    // Every line is JSON with a level and a time.
    const raw = app.output().split("\n").filter((text) => text.trim());
    expect(raw.length).toBeGreaterThan(0);
    for (const text of raw) expect(() => JSON.parse(text), text).not.toThrow();
  });

  it("names the request on the lines written while answering it", async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({
        firstName: "Ana",
        lastName: "Logged",
        email: "ana@example.com",
        subject: "other",
        message: "Filled by a robot.",
        [HONEYPOT_FIELD]: "https://spam.example",
      }),
    });
    await response.text();
    const id = response.headers.get("x-request-id");
    await lineOf(response);
    expect(logLines(app.output())).toContainEqual(logLineLike("contact: honeypot filled", { requestId: id }));
  });

  it("keeps secrets out: URL tokens redacted, no cookie, no Authorization", async () => {
    const token = "LiveLookingToken_0123456789abcdefghijklmnopqrstu";
    const response = await fetch(`${app.url}/admin/auth/magic?token=${token}&redirectTo=%2Fadmin%2Fdashboard`, {
      headers: { Cookie: "__session=session-id-that-must-not-be-logged", Authorization: "Bearer authorization-that-must-not-be-logged" },
      redirect: "manual",
    });
    await response.text();
    expect(await lineOf(response)).toMatchObject({ path: "/admin/auth/magic?token=[redacted]&redirectTo=%2Fadmin%2Fdashboard" });
    for (const [name, value] of [["code", "oauth-code-value"], ["state", "oauth-state-value"], ["signature", "upload-signature-value"], ["X-Amz-Credential", "aws-credential-value"]]) {
      const other = await fetch(`${app.url}/admin/auth/google/callback?${name}=${value}&page=2`, { redirect: "manual" });
      await other.text();
      expect((await lineOf(other)).path).toBe(`/admin/auth/google/callback?${name}=[redacted]&page=2`);
    }
    const output = app.output();
    for (const secret of [token, "session-id-that-must-not-be-logged", "authorization-that-must-not-be-logged", "oauth-code-value", "oauth-state-value", "upload-signature-value", "aws-credential-value"]) {
      expect(output).not.toContain(secret);
    }
  });

  it("logs a sign-in link without SMTP when the site is local (http), as the README says", async () => {
    const response = await fetch(`${app.url}/api/admin/auth/magic/request`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: "owner@example.com" }),
    });
    expect(response.status).toBe(200);
    const eml = await until(() => outbox(app)[0], "mail in the outbox");
    const link = mimeParts(eml).find((part) => part.contentType === "text/plain")!.body.split(/\r?\n/).find((text) => text.includes("/admin/auth/magic?token="))!;
    expect(logLines(app.output())).toContainEqual(logLineLike(`sign-in link for owner@example.com: ${link.trim()}`));
  });
});

describe("the request log at LOG_LEVEL=warn", () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startServer({ env: { LOG_LEVEL: "warn" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("writes no line for a request that went well", async () => {
    const response = await fetch(`${app.url}/`);
    await response.text();
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    // A later request that does write a line (a warning): the log is written in order, so
    // once its line is read, a line of the first request would have been read before it.
    const refused = await fetch(`${app.url}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json", Origin: "https://elsewhere.example" }, body: "{}" });
    expect(refused.status).toBe(403);
    await expectLoggedFor(app.output, refused.headers.get("x-request-id"), "cross-site write refused");
    expect(logLines(app.output()).filter((line) => line.level === "info")).toEqual([]);
  });
});

describe("a site served over https without SMTP", () => {
  let app: RunningServer;
  const appUrl = "https://homes.example.test";
  beforeAll(async () => {
    app = await startServer({ env: { LOG_LEVEL: "info", APP_URL: appUrl, ADMIN_EMAILS: "owner@example.com" } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("mails the sign-in link to the outbox and never logs it", async () => {
    const response = await fetch(`${app.url}/api/admin/auth/magic/request`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: appUrl },
      body: JSON.stringify({ email: "owner@example.com" }),
    });
    expect(response.status).toBe(200);
    const eml = await until(() => outbox(app)[0], "mail in the outbox");
    const token = /token=([A-Za-z0-9_-]{43})/.exec(eml)?.[1];
    expect(token).toBeTruthy();
    // Everything the request wrote is in the log once its own line is (the last it writes),
    // and the worker's line for the mail it wrote comes after the file.
    await expectLoggedFor(app.output, response.headers.get("x-request-id"), "POST /api/admin/auth/magic/request 200");
    await expect.poll(() => logLines(app.output()), { timeout: 10_000 }).toContainEqual(logLineLike("mail: written to the outbox"));
    expect(app.output()).not.toContain(token);
    expect(logLines(app.output()).filter((line) => line.msg.includes("sign-in link for"))).toEqual([]);
  });
});

describe("at a terminal", () => {
  it("writes readable lines instead of JSON (pino-pretty, a dev dependency)", async () => {
    const workDir = makeWorkDir();
    const port = await freePort();
    // `script` gives the server a pseudo-terminal, as a developer's shell would.
    const child = spawn("script", ["-qfec", `${JSON.stringify(process.execPath)} ${JSON.stringify(builtEntry("server"))}`, "/dev/null"], {
      cwd: workDir,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info", SEED_DEMO: "0" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    try {
      await until(() => (output.includes("listening on") ? true : undefined), "the listening line", 30_000);
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(response.status).toBe(200);
      await until(() => (output.includes("GET /healthz 200") ? true : undefined), "the request's line");
      const text = output.replace(/\u001b\[[0-9;]*m/g, "");
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: listening on http:\/\/127\.0\.0\.1:\d+/m);
      expect(text).toMatch(/INFO: GET \/healthz 200 \{.*"status":200/);
      expect(text).not.toContain('{"level"');
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  }, 45_000);
});
