import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { visibleTexts } from "../support/html";
import { expectLoggedFor } from "../support/log-lines";
import { mailQueueDrained } from "../support/mail-queue";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { mailHeader, mimeParts, startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp";

// Sign-in by e-mailed one-time link, end to end through real processes: the built
// server (temporary database) and a real SMTP server. Every rule of docs/product.md §10's
// sign-in section has a test here.

const MAIL_FROM = "office@lonestar.example";
const SENT = { message: "Check your email for a login link." };
const TOKEN_LINE = /^http:\/\/127\.0\.0\.1:\d+\/admin\/auth\/magic\?token=[A-Za-z0-9_-]{43}$/;

let sink: SmtpSink;
let server: RunningServer;

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  server = await startServer({
    env: {
      SEED_DEMO: "0",
      ADMIN_EMAILS: "admin@example.com",
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM,
      // Dozens of requests from one client IP here; the limits have their own servers below.
      RATE_LIMIT_FACTOR: "20",
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

// ---------------------------------------------------------------------------------
// Helpers

let serial = 0;
/** A fresh address per test, so each test finds its own mail, tokens and sessions. */
function uniqueAddress(label: string): string {
  serial += 1;
  return `${label}-${Date.now().toString(36)}-${serial}@example.com`;
}

const withDb = withServerDatabase;

function whitelist(app: RunningServer, email: string) {
  withDb(app, (db) => db.prepare("insert into admin_whitelist (email, added_by) values (?, 'test')").run(email));
}

function unlist(app: RunningServer, email: string) {
  withDb(app, (db) => db.prepare("delete from admin_whitelist where email = ?").run(email));
}

/** A new address on the whitelist. */
function newAdmin(label = "admin", app = server): string {
  const email = uniqueAddress(label);
  whitelist(app, email);
  return email;
}

type TokenRow = {
  jti: string;
  email: string;
  purpose: string;
  expires_at: number;
  used_at: number | null;
  requested_ip: string | null;
  requested_user_agent: string | null;
  used_ip: string | null;
  used_user_agent: string | null;
  created_at: number;
};

function tokenRows(app: RunningServer, email: string): TokenRow[] {
  return withDb(app, (db) => db.prepare("select * from magic_tokens where email = ? order by id").all(email) as TokenRow[]);
}

function tokenRow(app: RunningServer, token: string): TokenRow | undefined {
  const jti = crypto.createHash("sha256").update(token).digest("hex");
  return withDb(app, (db) => db.prepare("select * from magic_tokens where jti = ?").get(jti) as TokenRow | undefined);
}

function queuedMailFor(app: RunningServer, email: string): number {
  return withDb(app, (db) => (db.prepare("select count(*) as n from mail_queue where recipient = ?").get(email) as { n: number }).n);
}

function sessionRowsFor(app: RunningServer, email: string): number {
  return withDb(
    app,
    (db) =>
      (db.prepare("select count(*) as n from sessions where sess like ?").get(`%"adminEmail":"${email}"%`) as { n: number }).n,
  );
}

function requestLink(app: RunningServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/admin/auth/magic/request`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function mailsTo(email: string, from: SmtpSink = sink): ReceivedMail[] {
  return from.messages().filter((mail) => mail.to.includes(email));
}

function textPart(mail: ReceivedMail): string {
  const part = mimeParts(mail.raw).find((item) => item.contentType === "text/plain");
  if (!part) throw new Error("the mail has no text/plain part");
  return part.body;
}

/** The sign-in link: the text part's line that starts with APP_URL's sign-in path. */
function linkIn(text: string, appUrl = server.url): string {
  const lines = text.split(/\r?\n/).filter((line) => line.startsWith(`${appUrl}/admin/auth/magic?`));
  if (lines.length !== 1) throw new Error(`expected one sign-in link line, found ${lines.length}:\n${text}`);
  return lines[0];
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

async function waitForMailCount(email: string, count: number, from: SmtpSink = sink): Promise<ReceivedMail[]> {
  await from.waitFor(() => mailsTo(email, from).length >= count);
  return mailsTo(email, from);
}

/** Asks for a link through the JSON route and returns the one the mail brings. */
async function askForLink(email: string, requested = email): Promise<string> {
  const before = mailsTo(email).length;
  const response = await requestLink(server, { email: requested });
  expect(response.status).toBe(200);
  const mails = await waitForMailCount(email, before + 1);
  return linkIn(textPart(mails[before]));
}

/** The confirm page's form, posted as a browser does (same origin). */
function submitToken(token: string | null, headers: Record<string, string> = {}, extra: Record<string, string> = {}) {
  const fields = new URLSearchParams(extra);
  if (token !== null) fields.set("token", token);
  return fetch(`${server.url}/admin/auth/magic`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...headers },
    body: fields.toString(),
  });
}

function open(url: string, cookie?: string) {
  return fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

function location(response: Response): string | null {
  return response.headers.get("location");
}

function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
}

function sessionCookie(response: Response): string {
  const header = sessionSetCookie(response);
  if (!header) throw new Error("no session cookie");
  return header.split(";")[0];
}

async function signIn(email: string): Promise<string> {
  const link = await askForLink(email);
  const response = await submitToken(tokenOf(link));
  expect(location(response)).toBe("/admin/dashboard");
  return sessionCookie(response);
}

function me(cookie: string) {
  return fetch(`${server.url}/api/admin/me`, { headers: { Cookie: cookie } });
}

/** Raw HTTP, for headers fetch will not let a test forge (Host). */
function rawPost(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

// ---------------------------------------------------------------------------------

describe("asking for a sign-in link", () => {
  it("mails a whitelisted address a text and an HTML part, the link alone on a line starting with APP_URL", async () => {
    const email = newAdmin();
    const response = await requestLink(server, { email }, { "User-Agent": "magic-link-test/1.0" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(await response.json()).toEqual(SENT);

    const [mail] = await waitForMailCount(email, 1);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe(MAIL_FROM);
    expect(mailHeader(mail.raw, "Subject")).toBe("Your sign-in link");
    const parts = mimeParts(mail.raw);
    expect(parts.map((part) => part.contentType).sort()).toEqual(["text/html", "text/plain"]);

    const text = textPart(mail);
    const link = linkIn(text);
    expect(link).toMatch(TOKEN_LINE);
    expect(link.startsWith(`${server.url}/admin/auth/magic?token=`)).toBe(true);
    // Alone on its line: the line is the link and nothing else.
    expect(text.split("\n")).toContain(link);
    // Also in the raw message, unencoded, for whoever reads it without a MIME decoder.
    expect(mail.raw.split(/\r?\n/)).toContain(link);
    expect(text).toMatch(/works once/);
    expect(text).toMatch(/10 minutes/);
    const html = parts.find((part) => part.contentType === "text/html")!.body;
    expect(html).toContain(`href="${link}"`);

    // Only the token's SHA-256 is stored, with who asked and a 10-minute life.
    const token = tokenOf(link);
    const rows = tokenRows(server, email);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.jti).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.purpose).toBe("login");
    expect(row.used_at).toBeNull();
    expect(row.expires_at - row.created_at).toBeGreaterThan(9.9 * 60_000);
    expect(row.expires_at - row.created_at).toBeLessThanOrEqual(10 * 60_000 + 1_000);
    expect(row.requested_ip).toMatch(/127\.0\.0\.1/);
    expect(row.requested_user_agent).toBe("magic-link-test/1.0");
  });

  it("keeps no live link in the mail queue once the mail is sent: the token is masked there, and the mailed link signs in", async () => {
    const email = newAdmin("queued");
    const link = await askForLink(email);
    const token = tokenOf(link);
    const row = await eventually(() => {
      const queued = withServerDatabase(server, (db) =>
        db.prepare("select text_body, html_body, sent_at from mail_queue where recipient = ?").get(email),
      ) as { text_body: string; html_body: string; sent_at: number | null } | undefined;
      return queued?.sent_at ? queued : undefined;
    });
    expect(row.text_body).not.toContain(token);
    expect(row.html_body).not.toContain(token);
    expect(row.text_body.split("\n")).toContain(`${server.url}/admin/auth/magic?token=[redacted]`);
    expect(row.html_body).toContain(`href="${server.url}/admin/auth/magic?token=[redacted]"`);
    expect(row.text_body).toMatch(/10 minutes/);
    const response = await submitToken(token);
    expect(location(response)).toBe("/admin/dashboard");
  });

  it("answers an address off the whitelist exactly the same, with no token and no mail", async () => {
    const listed = newAdmin("listed");
    const stranger = uniqueAddress("stranger");
    const refused = await requestLink(server, { email: stranger });
    const accepted = await requestLink(server, { email: listed });
    expect(refused.status).toBe(accepted.status);
    expect(refused.headers.get("content-type")).toBe(accepted.headers.get("content-type"));
    expect(refused.headers.get("cache-control")).toBe(accepted.headers.get("cache-control"));
    const [refusedBody, acceptedBody] = [await refused.text(), await accepted.text()];
    expect(refusedBody).toBe(acceptedBody);
    expect(JSON.parse(refusedBody)).toEqual(SENT);

    // The mail asked for second arrives; the queue is in order, so nothing was queued before
    // it; nothing is left to send, and the sink's output is read up to here.
    await waitForMailCount(listed, 1);
    await mailQueueDrained(server);
    await sink.caughtUp();
    expect(mailsTo(stranger)).toHaveLength(0);
    expect(queuedMailFor(server, stranger)).toBe(0);
    expect(tokenRows(server, stranger)).toHaveLength(0);
  });

  it("lowercases a mixed-case address: the mail, the token and the session are the lowercase one's", async () => {
    const email = newAdmin("mixed");
    const mixed = `  ${email.replace("mixed", "MiXeD").replace("example.com", "Example.COM")} `;
    expect(mixed.trim()).not.toBe(email);
    const link = await askForLink(email, mixed);
    expect(tokenRows(server, email)).toHaveLength(1);
    expect(tokenRows(server, email)[0].email).toBe(email);
    const response = await submitToken(tokenOf(link));
    expect(location(response)).toBe("/admin/dashboard");
    expect(await (await me(sessionCookie(response))).json()).toMatchObject({ email });

    // The bootstrap address from ADMIN_EMAILS, typed in capitals, works too.
    const before = mailsTo("admin@example.com").length;
    expect((await requestLink(server, { email: "Admin@Example.COM" })).status).toBe(200);
    await waitForMailCount("admin@example.com", before + 1);
  });

  it("builds the link from APP_URL whatever Host and X-Forwarded-Host say", async () => {
    const email = newAdmin("forged");
    const answer = await rawPost(`${server.url}/api/admin/auth/magic/request`, JSON.stringify({ email }), {
      Host: "evil.example",
      "X-Forwarded-Host": "evil.example",
      "X-Forwarded-Proto": "https",
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(SENT);
    const [mail] = await waitForMailCount(email, 1);
    const text = textPart(mail);
    expect(text).not.toContain("evil.example");
    const link = linkIn(text);
    expect(link.startsWith(`${server.url}/admin/auth/magic?token=`)).toBe(true);
    expect(mimeParts(mail.raw).find((part) => part.contentType === "text/html")!.body).not.toContain("evil.example");
  });

  it("answers a bad address with 400, the field message and no write", async () => {
    for (const body of [{ email: "not-an-address" }, { email: "" }, {}, { email: 42 }, { email: `${"x".repeat(250)}@example.com` }]) {
      const response = await requestLink(server, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({
        error: "Please enter a valid email address",
        fieldErrors: { email: ["Please enter a valid email address"] },
      });
    }
    for (const body of ["email=admin@example.com", "{not json", "", "[1]", "null"]) {
      const response = await requestLink(server, body);
      expect(response.status, body).toBe(400);
      expect((await response.json()) as { fieldErrors: unknown }).toHaveProperty("fieldErrors.email");
    }
    expect(tokenRows(server, "not-an-address")).toHaveLength(0);
  });

  it("answers other methods with 405 and needs no session", async () => {
    const get = await fetch(`${server.url}/api/admin/auth/magic/request`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(((await get.json()) as { error: string }).error).toBeTruthy();
    const put = await fetch(`${server.url}/api/admin/auth/magic/request`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com" }),
    });
    expect(put.status).toBe(405);
  });

  it("a newer request ends the older link, which then says it expired", async () => {
    const email = newAdmin("twice");
    const older = await askForLink(email);
    const newer = await askForLink(email);
    expect(tokenOf(older)).not.toBe(tokenOf(newer));
    expect(location(await open(older))).toBe("/admin/login?error=expired_token");
    expect(location(await submitToken(tokenOf(older)))).toBe("/admin/login?error=expired_token");
    expect(tokenRow(server, tokenOf(older))!.used_at).toBeNull();
    const response = await submitToken(tokenOf(newer));
    expect(location(response)).toBe("/admin/dashboard");
  });
});

describe("opening and submitting the link", () => {
  it("GET shows one post form with the token and a Continue button, and changes nothing", async () => {
    const email = newAdmin("prefetch");
    const link = await askForLink(email);
    const token = tokenOf(link);

    // A mail scanner, a link preview and the person: three GETs.
    for (let i = 0; i < 3; i++) {
      const page = await open(link);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = await page.text();
      expect(html.match(/<form\b[^>]*method="post"/g)).toHaveLength(1);
      expect(html).toMatch(/<form method="post" action="\/admin\/auth\/magic"/);
      expect(html).toContain(`<input type="hidden" name="token" value="${token}"/>`);
      expect(html).toMatch(/<button type="submit"[^>]*>Continue<\/button>/);
      expect(html).toMatch(/<meta name="robots" content="noindex"/);
      expect(page.headers.getSetCookie()).toEqual([]);
    }
    const row = tokenRow(server, token)!;
    expect(row.used_at).toBeNull();
    expect(row.used_ip).toBeNull();
    expect(sessionRowsFor(server, email)).toBe(0);

    // Still good for the person who presses Continue.
    expect(location(await submitToken(token))).toBe("/admin/dashboard");
  });

  it("POST signs in: a fresh HttpOnly SameSite=Lax session cookie (not Secure on http) and /api/admin/me answers", async () => {
    const email = newAdmin("signin");
    const link = await askForLink(email);
    const response = await submitToken(tokenOf(link), { "User-Agent": "browser-test/2.0" });
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/admin/dashboard");
    const setCookie = sessionSetCookie(response)!;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).not.toMatch(/; Secure/i);
    const cookie = sessionCookie(response);

    const identity = await me(cookie);
    expect(identity.status).toBe(200);
    expect(await identity.json()).toEqual({ name: email.split("@")[0], email });
    expect(sessionRowsFor(server, email)).toBe(1);

    const row = tokenRow(server, tokenOf(link))!;
    expect(row.used_at).toBeGreaterThan(0);
    expect(row.used_ip).toMatch(/127\.0\.0\.1/);
    expect(row.used_user_agent).toBe("browser-test/2.0");

    const dashboard = await open(`${server.url}/admin/dashboard`, cookie);
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(visibleTexts(html)).toContain("Admin Dashboard");
    // React marks the join of text and value with an empty comment.
    expect(html).toContain(`Welcome, <!-- -->${email.split("@")[0]}<`);
  });

  it("a session id planted before sign-in is not kept", async () => {
    const email = newAdmin("fixation");
    const first = await signIn(email);
    const link = await askForLink(email);
    const response = await submitToken(tokenOf(link), { Cookie: first });
    const second = sessionCookie(response);
    expect(second).not.toBe(first);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(200);
  });

  it("works once: a second POST and a second GET lead to error=token_already_used", async () => {
    const email = newAdmin("once");
    const link = await askForLink(email);
    expect(location(await submitToken(tokenOf(link)))).toBe("/admin/dashboard");
    const again = await submitToken(tokenOf(link));
    expect(again.status).toBe(302);
    expect(location(again)).toBe("/admin/login?error=token_already_used");
    expect(sessionSetCookie(again)).toBeUndefined();
    expect(location(await open(link))).toBe("/admin/login?error=token_already_used");
    expect(sessionRowsFor(server, email)).toBe(1);
  });

  it("of ten simultaneous submissions of one link exactly one signs in", async () => {
    const email = newAdmin("race");
    const token = tokenOf(await askForLink(email));
    const responses = await Promise.all(Array.from({ length: 10 }, () => submitToken(token)));
    const locations = responses.map(location).sort();
    expect(locations.filter((value) => value === "/admin/dashboard")).toHaveLength(1);
    expect(locations.filter((value) => value === "/admin/login?error=token_already_used")).toHaveLength(9);
    expect(responses.filter((response) => sessionSetCookie(response))).toHaveLength(1);
    expect(sessionRowsFor(server, email)).toBe(1);
  });

  it("after 10 minutes (expires_at in the past) GET and POST lead to error=expired_token", async () => {
    const email = newAdmin("late");
    const link = await askForLink(email);
    withDb(server, (db) => db.prepare("update magic_tokens set expires_at = ? where email = ?").run(Date.now() - 1_000, email));
    expect(location(await open(link))).toBe("/admin/login?error=expired_token");
    expect(location(await submitToken(tokenOf(link)))).toBe("/admin/login?error=expired_token");
    expect(tokenRow(server, tokenOf(link))!.used_at).toBeNull();
    expect(sessionRowsFor(server, email)).toBe(0);
  });

  it("an altered, unreadable or missing token leads to error=unknown and uses nothing", async () => {
    const email = newAdmin("tamper");
    const link = await askForLink(email);
    const token = tokenOf(link);
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const unknownToken = crypto.randomBytes(32).toString("base64url");
    for (const bad of [flipped, unknownToken, token.slice(1), `${token}x`, "abc", "", "' or 1=1 --"]) {
      const url = new URL(link);
      url.searchParams.set("token", bad);
      expect(location(await open(url.href)), `GET ${bad}`).toBe("/admin/login?error=unknown");
      expect(location(await submitToken(bad)), `POST ${bad}`).toBe("/admin/login?error=unknown");
    }
    expect(location(await open(`${server.url}/admin/auth/magic`))).toBe("/admin/login?error=unknown");
    expect(location(await submitToken(null))).toBe("/admin/login?error=unknown");
    // A body that is not a form at all.
    const json = await fetch(`${server.url}/admin/auth/magic`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ token }),
    });
    expect(location(json)).toBe("/admin/login?error=unknown");

    expect(tokenRow(server, token)!.used_at).toBeNull();
    expect(sessionRowsFor(server, email)).toBe(0);
    expect(location(await submitToken(token))).toBe("/admin/dashboard");
  });

  it("an address removed from the whitelist between request and click gets error=unauthorized", async () => {
    const email = newAdmin("removed");
    const link = await askForLink(email);
    unlist(server, email);
    const response = await submitToken(tokenOf(link));
    expect(location(response)).toBe("/admin/login?error=unauthorized");
    expect(sessionSetCookie(response)).toBeUndefined();
    expect(sessionRowsFor(server, email)).toBe(0);
  });

  it("keeps a return-to path on this site through the mail, and drops any other", async () => {
    const email = newAdmin("return");
    const page = await fetch(`${server.url}/admin/login?redirectTo=${encodeURIComponent("/admin/dashboard/faqs")}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(page.status).toBe(200);
    const [mail] = await waitForMailCount(email, 1);
    const link = linkIn(textPart(mail));
    expect(new URL(link).searchParams.get("redirectTo")).toBe("/admin/dashboard/faqs");
    const confirm = await (await open(link)).text();
    expect(confirm).toContain('<input type="hidden" name="redirectTo" value="/admin/dashboard/faqs"/>');
    expect(location(await submitToken(tokenOf(link), {}, { redirectTo: "/admin/dashboard/faqs" }))).toBe("/admin/dashboard/faqs");

    // Another site, in the request or smuggled into the form: the dashboard instead.
    const evil = newAdmin("evil-return");
    expect((await requestLink(server, { email: evil, redirectTo: "//evil.example/x" })).status).toBe(200);
    const [evilMail] = await waitForMailCount(evil, 1);
    const evilLink = linkIn(textPart(evilMail));
    expect(new URL(evilLink).searchParams.has("redirectTo")).toBe(false);
    expect(location(await submitToken(tokenOf(evilLink), {}, { redirectTo: "https://evil.example/" }))).toBe("/admin/dashboard");
  });
});

describe("the session after sign-in", () => {
  it("ends on the next request once the address leaves the whitelist", async () => {
    const email = newAdmin("revoked");
    const cookie = await signIn(email);
    expect((await me(cookie)).status).toBe(200);
    unlist(server, email);
    const response = await me(cookie);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
    expect(sessionRowsFor(server, email)).toBe(0);
    expect(location(await open(`${server.url}/admin/dashboard`, cookie))).toMatch(/^\/admin\/login/);
  });

  it("logout (POST) deletes the session row and the old cookie is worthless; GET changes nothing", async () => {
    const email = newAdmin("logout");
    const cookie = await signIn(email);

    const get = await open(`${server.url}/admin/auth/logout`, cookie);
    expect(get.status).toBe(302);
    expect(location(get)).toBe("/admin/login");
    expect(sessionRowsFor(server, email)).toBe(1);
    expect((await me(cookie)).status).toBe(200);

    const post = await fetch(`${server.url}/admin/auth/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(post.status).toBe(302);
    expect(location(post)).toBe("/admin/login");
    expect(sessionRowsFor(server, email)).toBe(0);
    const replay = await me(cookie);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: "Unauthorized" });
  });

  it("guards the admin pages and GET /api/contact", async () => {
    const dashboard = await open(`${server.url}/admin/dashboard`);
    expect(dashboard.status).toBe(302);
    expect(location(dashboard)).toMatch(/^\/admin\/login(\?|$)/);

    const anonymous = await fetch(`${server.url}/api/contact`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Unauthorized" });
    expect((await fetch(`${server.url}/api/admin/me`)).status).toBe(401);

    const cookie = await signIn(newAdmin("reader"));
    const messages = await fetch(`${server.url}/api/contact`, { headers: { Cookie: cookie } });
    expect(messages.status).toBe(200);
    expect(Array.isArray(await messages.json())).toBe(true);
  });
});

describe("cross-site posts", () => {
  const EVIL = { Origin: "https://evil.example" };

  it("are refused with 403 at the link request, the link's form and logout, and change nothing", async () => {
    const email = newAdmin("csrf");
    const request = await requestLink(server, { email }, EVIL);
    expect(request.status).toBe(403);
    expect(queuedMailFor(server, email)).toBe(0);
    const form = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...EVIL },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(form.status).toBe(403);
    expect(queuedMailFor(server, email)).toBe(0);

    const link = await askForLink(email);
    const submit = await submitToken(tokenOf(link), EVIL);
    expect(submit.status).toBe(403);
    expect(sessionSetCookie(submit)).toBeUndefined();
    expect(tokenRow(server, tokenOf(link))!.used_at).toBeNull();
    expect((await submitToken(tokenOf(link), { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);

    const cookie = sessionCookie(await submitToken(tokenOf(link)));
    const logout = await fetch(`${server.url}/admin/auth/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...EVIL },
      body: "",
    });
    expect(logout.status).toBe(403);
    expect((await me(cookie)).status).toBe(200);
  });
});

describe("the login page", () => {
  const ERRORS: [string, string, RegExp][] = [
    ["unauthorized", "Access Denied", /not authorized to access the admin dashboard.*contact an administrator/i],
    ["server_error", "Login Error", /problem with login.*try again/i],
    ["session_expired", "Session Expired", /expired for security.*sign in again/i],
    ["expired_token", "Magic Link Expired", /request a new one/i],
    ["token_already_used", "Magic Link Already Used", /request a new one/i],
    ["unknown", "Authentication Failed", /./],
  ];
  const TITLES = ERRORS.map(([, title]) => title);

  async function loginPage(search = "", cookie?: string) {
    const response = await open(`${server.url}/admin/login${search}`, cookie);
    return { response, html: await response.text() };
  }

  it("renders the form, the divider and Google as a plain link, with a title and noindex", async () => {
    const { response, html } = await loginPage();
    expect(response.status).toBe(200);
    const texts = visibleTexts(html);
    expect(texts).toContain("Send Login Link");
    expect(texts).toContain("Or");
    expect(texts).toContain("Sign in with Google");
    expect(html).toMatch(/<a href="\/admin\/auth\/google"/);
    expect(html).toMatch(/<form method="post" action="\/admin\/login"[^>]*novalidate/i);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*type="email"/);
    expect(html).toContain("<title>Admin Login | Lone Star Home Management</title>");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    for (const title of TITLES) expect(texts).not.toContain(title);
  });

  it.each(ERRORS)("shows the message for error=%s", async (code, title, text) => {
    const { html } = await loginPage(`?error=${code}`);
    const texts = visibleTexts(html);
    expect(texts).toContain(title);
    const index = texts.indexOf(title);
    expect(texts[index + 1]).toMatch(text);
    for (const other of TITLES.filter((item) => item !== title)) expect(texts).not.toContain(other);
  });

  it("shows nothing for any other error value", async () => {
    for (const value of ["bogus", "constructor", "__proto__", "toString", ""]) {
      const texts = visibleTexts((await loginPage(`?error=${encodeURIComponent(value)}`)).html);
      for (const title of TITLES) expect(texts, value).not.toContain(title);
    }
  });

  it("sends a signed-in visitor to the dashboard", async () => {
    const cookie = await signIn(newAdmin("already"));
    const { response } = await loginPage("", cookie);
    expect(response.status).toBe(302);
    expect(location(response)).toBe("/admin/dashboard");
  });

  it("without JavaScript: a bad address re-renders the form with the message, a good one says to check the mail", async () => {
    const post = (email: string) =>
      fetch(`${server.url}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ email }).toString(),
      });
    const bad = await post("nobody@");
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/<p id="admin-login-form-email-error"[^>]*>Please enter a valid email address<\/p>/);
    expect(badHtml).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="admin-login-form-email-error"[^>]*value="nobody@"/);

    const email = newAdmin("form");
    const good = await post(email.toUpperCase());
    expect(good.status).toBe(200);
    const goodHtml = await good.text();
    // Where the link went, masked as the log masks it, the same words for an address on the list or not.
    expect(goodHtml).toMatch(/role="status"[^>]*>Check your email for a login link\. We sent a link to f\*\*\*@example\.com if it is on the list\.</);
    await waitForMailCount(email, 1);

    const stranger = await post(uniqueAddress("form-stranger"));
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toMatch(/role="status"[^>]*>Check your email for a login link\. We sent a link to f\*\*\*@example\.com if it is on the list\.</);
  });
});

// ---------------------------------------------------------------------------------
// Rate limits, each on its own server so the counters start at zero (factor 1).

describe("the per-address limit", () => {
  let limited: RunningServer;
  let limitedSink: SmtpSink;
  beforeAll(async () => {
    limitedSink = await startSmtpSink(await freePort());
    limited = await startServer({
      env: { SEED_DEMO: "0", ADMIN_EMAILS: "limited@example.com", SMTP_URL: `smtp://127.0.0.1:${limitedSink.port}` },
    });
  });
  afterAll(async () => {
    await limited?.stop();
    await limitedSink?.stop();
  });

  it("answers the 6th request in 15 minutes like the others, but sends no 6th mail", async () => {
    const email = "limited@example.com";
    for (let i = 1; i <= 6; i++) {
      const response = await requestLink(limited, { email });
      expect(response.status, `request ${i}`).toBe(200);
      expect(await response.json()).toEqual(SENT);
    }
    await waitForMailCount(email, 5, limitedSink);
    // A 6th mail would have been queued before its answer: once nothing is left to send and
    // the sink's output is read up to here, it would be there.
    await mailQueueDrained(limited);
    await limitedSink.caughtUp();
    expect(mailsTo(email, limitedSink)).toHaveLength(5);
    expect(tokenRows(limited, email)).toHaveLength(5);
    expect(queuedMailFor(limited, email)).toBe(5);
    // The same limit through the login page, in capitals: still no mail.
    const form = await fetch(`${limited.url}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: limited.url },
      body: new URLSearchParams({ email: "LIMITED@example.com" }).toString(),
    });
    expect(form.status).toBe(200);
    expect(await form.text()).toMatch(/role="status"[^>]*>Check your email for a login link\. We sent a link to l\*\*\*@example\.com if it is on the list\.</);
    expect(tokenRows(limited, email)).toHaveLength(5);
  });
});

describe("the per-IP limit", () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startServer({ env: { SEED_DEMO: "0" } });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("answers the 21st request from one IP in 15 minutes with 429 and Retry-After, at both doors", async () => {
    for (let i = 1; i <= 20; i++) {
      const response = await requestLink(limited, { email: uniqueAddress("ip") });
      expect(response.status, `request ${i}`).toBe(200);
    }
    const refused = await requestLink(limited, { email: uniqueAddress("ip") });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = (await refused.json()) as { error: string };
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toMatch(/too many/i);

    // X-Forwarded-For is ignored without TRUST_PROXY: no way around the limit.
    expect((await requestLink(limited, { email: uniqueAddress("ip") }, { "X-Forwarded-For": "203.0.113.9" })).status).toBe(429);

    // The login page shares the limit and says so beside the form.
    const form = await fetch(`${limited.url}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: limited.url },
      body: new URLSearchParams({ email: uniqueAddress("ip") }).toString(),
    });
    expect(form.status).toBe(429);
    expect(Number(form.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await form.text()).toMatch(/role="alert"[^>]*>Too many login link requests\. Please wait a few minutes and try again\./);

    // Bad input is still answered as bad input.
    expect((await requestLink(limited, { email: "nope" })).status).toBe(400);
  });
});

describe("without SMTP_URL", () => {
  let local: RunningServer;
  beforeAll(async () => {
    // LOG_LEVEL=info is the default a new user gets (the harness lowers it to warn).
    local = await startServer({ env: { SEED_DEMO: "0", ADMIN_EMAILS: "owner@example.com", LOG_LEVEL: "info" } });
  });
  afterAll(async () => {
    await local?.stop();
  });

  function outbox(): string[] {
    const dir = path.join(local.workDir, "data", "outbox");
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
  }

  it("writes the mail to data/outbox as .eml and logs the link to stdout", async () => {
    const response = await requestLink(local, { email: "owner@example.com" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(SENT);

    const eml = await eventually(() => outbox()[0]);
    expect(mailHeader(eml, "To")).toBe("owner@example.com");
    const text = mimeParts(eml).find((part) => part.contentType === "text/plain")!.body;
    const link = linkIn(text, local.url);
    expect(link).toMatch(TOKEN_LINE);
    expect(local.output()).toContain(`sign-in link for owner@example.com: ${link}`);

    // The logged link is the real one.
    const page = await fetch(link, { redirect: "manual" });
    expect(page.status).toBe(200);

    // Nothing is logged or written for an address off the whitelist: the request's own line
    // is the last it writes, and every mail queued so far is written once the queue is empty.
    const stranger = await requestLink(local, { email: "someone@example.com" });
    expect(stranger.status).toBe(200);
    await expectLoggedFor(local.output, stranger.headers.get("x-request-id"), "POST /api/admin/auth/magic/request 200");
    await mailQueueDrained(local);
    expect(outbox()).toHaveLength(1);
    expect(local.output()).not.toContain("someone@example.com");
  });
});
