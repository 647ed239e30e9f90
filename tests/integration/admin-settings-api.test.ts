import net from "node:net";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, signInAdmin } from "../support/admin-api";
import { eventually } from "../support/eventually";
import { mailQueueDrained } from "../support/mail-queue";
import { startOAuthServer } from "../support/oauth";
import { freePort, startServer, type RunningServer } from "../support/server";
import { mailHeader, mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";

/**
 * docs/product.md §7, the settings: GET and PUT /api/admin/configurations/contact_email,
 * POST /api/admin/configurations and POST /api/admin/configurations/test-email, against
 * the built server and a real SMTP server process (stopped to make the mail server fail).
 * The tests run in order: first nothing is configured, then the setting is created and changed.
 */

const MAIL_FROM = "office@lonestar.example";
const STAFF = "staff@example.com";
const BOSS = "boss@example.com";

const MESSAGES = {
  invalid: "Please enter a valid email address",
  updated: "Contact email updated successfully",
  notConfigured: "No contact email is configured yet. Save an address first.",
  unknownKey: "Unknown configuration key",
  notAnObject: "The request body must be a JSON object.",
};
const DESCRIPTION = "Email address where contact form submissions are sent";
const TEST_SUBJECT = "Test email: contact form messages reach this address";

type Setting = { key: string; value: string; description: string | null; updatedBy: string | null; updatedAt: string };

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let app: RunningServer;
let sink: SmtpSink;
let smtpPort: number;
let staffCookie: string;

beforeAll(async () => {
  oauth = await startOAuthServer();
  smtpPort = await freePort();
  sink = await startSmtpSink(smtpPort);
  app = await startServer({
    env: {
      SEED_DEMO: "0",
      ADMIN_EMAILS: `${STAFF},${BOSS}`,
      MAIL_FROM,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      GOOGLE_CLIENT_ID: "c",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_OAUTH_ISSUER: oauth.url,
    },
  });
  staffCookie = await signInAdmin(oauth, app.url, { email: STAFF, sub: "g-staff" });
});
afterAll(async () => {
  await app?.stop();
  await sink?.stop();
  await oauth?.stop();
});

const call = jsonCaller(() => app, () => staffCookie);
const getSetting = (key = "contact_email", cookie?: string) => call(`/api/admin/configurations/${key}`, { cookie });
const create = (body: unknown, cookie?: string) => call("/api/admin/configurations", { method: "POST", body, cookie });
const update = (body: unknown, cookie?: string) => call("/api/admin/configurations/contact_email", { method: "PUT", body, cookie });
const testEmail = (cookie?: string, body: unknown = {}) => call("/api/admin/configurations/test-email", { method: "POST", body, cookie });

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(app.databasePath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const settingRows = () => query<Record<string, unknown>>("select * from configurations order by id");
const queuedCount = () => query<{ n: number }>("select count(*) as n from mail_queue")[0].n;
type QueueRow = { id: number; recipient: string; subject: string; attempts: number; sent_at: number | null; last_error: string | null };
const queuedTestMails = () => query<QueueRow>("select * from mail_queue where subject = ? order by id", TEST_SUBJECT);

let serial = 0;
/** Sends a contact message through the public call; its last name finds its mail. */
async function sendContactMessage(): Promise<string> {
  serial += 1;
  const lastName = `Settings${Date.now().toString(36)}${serial}`;
  const response = await fetch(`${app.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: "Ana", lastName, email: "ana@example.com", subject: "other", message: "Who reads this?" }),
  });
  expect(response.status).toBe(201);
  return lastName;
}

const isTestMail = (mail: ReceivedMail) => mailHeader(mail.raw, "Subject") === TEST_SUBJECT;

/** A port where something accepts connections and never says a word: a mail server that hangs. */
async function silentServer(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("without an admin session", () => {
  it.each([
    ["GET", "/api/admin/configurations/contact_email"],
    ["PUT", "/api/admin/configurations/contact_email"],
    ["POST", "/api/admin/configurations"],
    ["POST", "/api/admin/configurations/test-email"],
    ["GET", "/api/admin/configurations/unknown_key"],
  ])("%s %s answers 401 JSON and changes nothing", async (method, path) => {
    const mail = queuedCount();
    const body = method === "GET" ? undefined : { key: "contact_email", value: "intruder@example.com" };
    await expectJson(await call(path, { method, cookie: null, body }), 401, { error: "Unauthorized" });
    expect(settingRows()).toEqual([]);
    expect(queuedCount()).toBe(mail);
  });
});

describe("while no contact email is configured", () => {
  it("GET answers 404 with an error", async () => {
    await expectJson(await getSetting(), 404, { error: MESSAGES.notConfigured });
  });

  it("PUT answers 404 (it is created with POST) and creates nothing", async () => {
    await expectJson(await update({ value: "first@example.com" }), 404, { error: MESSAGES.notConfigured });
    expect(settingRows()).toEqual([]);
  });

  it("a test e-mail is refused with 400 and nothing is queued", async () => {
    const before = queuedCount();
    await expectJson(await testEmail(), 400, { error: MESSAGES.notConfigured });
    expect(queuedCount()).toBe(before);
  });

  it("contact messages go to MAIL_FROM", async () => {
    const lastName = await sendContactMessage();
    const mail = await sink.waitFor((received) => received.raw.includes(lastName));
    expect(mail.to).toEqual([MAIL_FROM]);
  });
});

const badValues: [string, unknown][] = [
  ["an empty value", ""],
  ["only spaces", "   "],
  ["a space inside", "ana maria@example.com"],
  ["no dotted domain", "ana@example"],
  ["no @", "ana.example.com"],
  ["nothing before the @", "@example.com"],
  ["two addresses", "a@example.com,b@example.com"],
  ["a display name", "Ana <ana@example.com>"],
  ["a number", 42],
  ["null", null],
  ["an address that is too long", `${"x".repeat(250)}@example.com`],
  // Decision 041: what a line refuses.
  ["NUL inside", "ana\u0000@example.com"],
  ["ESC inside", "ana\u001b@example.com"],
  ["a right-to-left override inside", "ana\u202E@example.com"],
];

const notObjects: [string, string][] = [
  ["an array", '[{"value":"a@example.com"}]'],
  ["broken JSON", '{"value": "a@example.com"'],
  ["null", "null"],
  ["a string", '"a@example.com"'],
  ["a form body", "value=a%40example.com"],
  ["no body", ""],
];

describe("POST /api/admin/configurations", () => {
  it.each(badValues)("answers 400 with the field error for %s and creates nothing", async (_name, value) => {
    await expectJson(await create({ key: "contact_email", value, description: DESCRIPTION }), 400, {
      error: MESSAGES.invalid,
      fieldErrors: { value: [MESSAGES.invalid] },
    });
    expect(settingRows()).toEqual([]);
  });

  it("answers 400 without a value", async () => {
    await expectJson(await create({ key: "contact_email" }), 400, { error: MESSAGES.invalid, fieldErrors: { value: [MESSAGES.invalid] } });
    expect(settingRows()).toEqual([]);
  });

  it.each([
    ["an unknown key", { key: "site_name", value: "a@example.com" }],
    ["no key", { value: "a@example.com" }],
    ["a key that is not text", { key: 7, value: "a@example.com" }],
  ])("answers 400 for %s: only contact_email is a setting", async (_name, body) => {
    await expectJson(await create(body), 400, { error: MESSAGES.unknownKey, fieldErrors: { key: [MESSAGES.unknownKey] } });
    expect(settingRows()).toEqual([]);
  });

  it("answers 400 for a description with a control character or a direction override, naming the rule (decision 041)", async () => {
    for (const description of ["Contact\u0000 address", "Contact \u202Eaddress"]) {
      await expectJson(await create({ key: "contact_email", value: "a@example.com", description }), 400, {
        error: "The description must be one line, without control characters or text direction overrides (such as NUL, ESC or U+202E)",
        fieldErrors: { description: ["The description must be one line, without control characters or text direction overrides (such as NUL, ESC or U+202E)"] },
      });
    }
    expect(settingRows()).toEqual([]);
  });

  it("answers 400 for a description that is not text", async () => {
    const response = await create({ key: "contact_email", value: "a@example.com", description: 42 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors)).toEqual(["description"]);
    expect(body.error).toBe(body.fieldErrors.description[0]);
    expect(settingRows()).toEqual([]);
  });

  it.each(notObjects)("answers 400 for %s as the body and creates nothing", async (_name, rawBody) => {
    const response = await call("/api/admin/configurations", { method: "POST", rawBody });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body.error).toBe(MESSAGES.notAnObject);
    expect(body.fieldErrors).toEqual({ key: [MESSAGES.unknownKey], value: [MESSAGES.invalid] });
    expect(settingRows()).toEqual([]);
  });

  it("creates contact_email, trimmed, with who and when: 201, and GET answers the same", async () => {
    const response = await create({ key: "contact_email", value: "  Front.Desk@Example.com ", description: DESCRIPTION });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { message, ...created } = (await response.json()) as Setting & { message: string };
    expect(message).toBe(MESSAGES.updated);
    expect(created).toMatchObject({ key: "contact_email", value: "Front.Desk@Example.com", description: DESCRIPTION, updatedBy: STAFF });
    expect(Math.abs(Date.parse(created.updatedAt) - Date.now())).toBeLessThan(60_000);
    await expectJson(await getSetting(), 200, created);
    expect(settingRows()).toHaveLength(1);
  });

  it("answers 409 when it exists already and changes nothing", async () => {
    const before = settingRows();
    const response = await create({ key: "contact_email", value: "other@example.com", description: DESCRIPTION }, undefined);
    expect(response.status).toBe(409);
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    expect(settingRows()).toEqual(before);
  });
});

describe("PUT /api/admin/configurations/contact_email", () => {
  it.each(badValues)("answers 400 with the field error for %s and changes nothing", async (_name, value) => {
    const before = settingRows();
    await expectJson(await update({ value }), 400, { error: MESSAGES.invalid, fieldErrors: { value: [MESSAGES.invalid] } });
    expect(settingRows()).toEqual(before);
  });

  it.each(notObjects)("answers 400 for %s as the body and changes nothing", async (_name, rawBody) => {
    const before = settingRows();
    const response = await call("/api/admin/configurations/contact_email", { method: "PUT", rawBody });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body).toEqual({ error: MESSAGES.notAnObject, fieldErrors: { value: [MESSAGES.invalid] } });
    expect(settingRows()).toEqual(before);
  });

  it("changes the address and records who changed it and when", async () => {
    const bossCookie = await signInAdmin(oauth, app.url, { email: BOSS, sub: "g-boss" });
    const before = (await (await getSetting()).json()) as Setting;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const response = await update({ value: " inbox@lonestar.example " }, bossCookie);
    expect(response.status).toBe(200);
    const { message, ...updated } = (await response.json()) as Setting & { message: string };
    expect(message).toBe(MESSAGES.updated);
    expect(updated).toMatchObject({ key: "contact_email", value: "inbox@lonestar.example", description: DESCRIPTION, updatedBy: BOSS });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    await expectJson(await getSetting(), 200, updated);
  });

  it("a contact message now goes to the new address", async () => {
    const lastName = await sendContactMessage();
    const mail = await sink.waitFor((received) => received.raw.includes(lastName));
    expect(mail.to).toEqual(["inbox@lonestar.example"]);
  });
});

describe("unknown keys", () => {
  it.each([
    ["GET", "site_name"],
    ["PUT", "site_name"],
    ["DELETE", "site_name"],
    ["GET", "CONTACT_EMAIL"],
  ])("%s /api/admin/configurations/%s answers 404", async (method, key) => {
    const before = settingRows();
    const body = method === "GET" ? undefined : { value: "a@example.com" };
    await expectJson(await call(`/api/admin/configurations/${key}`, { method, body }), 404, { error: MESSAGES.unknownKey });
    expect(settingRows()).toEqual(before);
  });
});

describe("POST /api/admin/configurations/test-email", () => {
  it("the mail server accepts it: 200 with the message, and it arrives once through the contact mail's queue", async () => {
    const response = await testEmail();
    await expectJson(response, 200, { message: "Test email sent to inbox@lonestar.example" });
    const mail = await sink.waitFor(isTestMail);
    expect(mail.to).toEqual(["inbox@lonestar.example"]);
    expect(mail.from).toBe(MAIL_FROM);
    const text = mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
    expect(text).toContain(`Sent by ${STAFF}`);
    expect(sink.messages().filter(isTestMail)).toHaveLength(1);
    expect(queuedTestMails()).toHaveLength(1);
    expect(queuedTestMails()[0]).toMatchObject({ recipient: "inbox@lonestar.example", attempts: 0 });
    expect(queuedTestMails()[0].sent_at).not.toBeNull();
  });

  it("takes no body at all as the empty payload", async () => {
    const before = sink.messages().filter(isTestMail).length;
    const response = await call("/api/admin/configurations/test-email", { method: "POST", rawBody: "" });
    expect(response.status).toBe(200);
    await eventually(() => (sink.messages().filter(isTestMail).length === before + 1 ? true : undefined));
  });

  it.each(notObjects.filter(([name]) => name !== "no body"))("answers 400 for %s as the body and queues nothing", async (_name, rawBody) => {
    const before = queuedCount();
    await expectJson(await call("/api/admin/configurations/test-email", { method: "POST", rawBody }), 400, { error: MESSAGES.notAnObject });
    expect(queuedCount()).toBe(before);
  });

  it("the mail server is down: 502 at once saying so; the mail stays queued and arrives once it is back", { timeout: 60_000 }, async () => {
    await sink.stop();
    const started = Date.now();
    const response = await testEmail();
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(response.status).toBe(502);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { error } = (await response.json()) as { error: string };
    expect(error).toMatch(/^The mail server did not accept the test email to inbox@lonestar\.example \(.+\)\. It stays queued and will be retried\.$/);
    const row = queuedTestMails().at(-1)!;
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBeGreaterThanOrEqual(1);

    sink = await startSmtpSink(smtpPort);
    const mail = await sink.waitFor(isTestMail, 30_000);
    expect(mail.to).toEqual(["inbox@lonestar.example"]);
    await eventually(() => (queuedTestMails().at(-1)!.sent_at ? true : undefined));
    // Delivered once, not once per attempt: nothing is left in the queue to send, and the
    // sink's output is read up to here.
    await mailQueueDrained(app);
    await sink.caughtUp();
    expect(sink.messages().filter(isTestMail)).toHaveLength(1);
  });

  it("a mail server that does not answer: 504 within a few seconds; the mail arrives once it works", { timeout: 60_000 }, async () => {
    await sink.stop();
    const hanging = await silentServer(smtpPort);
    try {
      const started = Date.now();
      const response = await testEmail();
      expect(Date.now() - started).toBeLessThan(8_000);
      await expectJson(response, 504, {
        error: "The mail server has not accepted the test email to inbox@lonestar.example yet. It stays queued and will be retried.",
      });
    } finally {
      await hanging.stop();
    }
    sink = await startSmtpSink(smtpPort);
    await sink.waitFor(isTestMail, 45_000);
    await eventually(() => (queuedTestMails().at(-1)!.sent_at ? true : undefined), 45_000);
    expect(sink.messages().filter(isTestMail)).toHaveLength(1);
  });

  it("a few test e-mails a minute per admin, then 429 with Retry-After", { timeout: 60_000 }, async () => {
    const bossCookie = await signInAdmin(oauth, app.url, { email: BOSS, sub: "g-boss" });
    for (let i = 0; i < 5; i++) expect((await testEmail(bossCookie)).status).toBe(200);
    const before = queuedCount();
    const response = await testEmail(bossCookie);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    expect(queuedCount()).toBe(before);
  });
});

describe("wrong methods", () => {
  it.each([
    ["GET", "/api/admin/configurations", "POST"],
    ["PUT", "/api/admin/configurations", "POST"],
    ["DELETE", "/api/admin/configurations", "POST"],
    ["POST", "/api/admin/configurations/contact_email", "GET, PUT"],
    ["PATCH", "/api/admin/configurations/contact_email", "GET, PUT"],
    ["DELETE", "/api/admin/configurations/contact_email", "GET, PUT"],
    ["GET", "/api/admin/configurations/test-email", "POST"],
    ["PUT", "/api/admin/configurations/test-email", "POST"],
  ])("%s %s answers 405 JSON with Allow: %s and changes nothing", async (method, path, allow) => {
    const before = { settings: settingRows(), mail: queuedCount() };
    const body = method === "GET" ? undefined : { key: "contact_email", value: "wrong-method@example.com" };
    const response = await call(path, { method, body });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    expect({ settings: settingRows(), mail: queuedCount() }).toEqual(before);
  });
});
