import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { logLines, type LogLine } from "../support/log-lines";
import { sessionCookieOf, signInWithGoogle, startServerWithGoogle, type GoogleSite } from "../support/oauth";
import { withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts } from "../support/smtp";

/**
 * Sign-in events in the structured log (ASVS 16.3.1): each sign-in, each kind of refused
 * sign-in, each sign-out and each refused cross-site write is one line with a stable
 * `event`, its `outcome`, the request's id, and the address only masked with a keyed
 * hash (never in full, never the token); successes and sign-outs are in the change log too.
 */

const DANA = "dana.staff@example.com";
const LEE = "lee@example.com";
const STRANGER = "stranger@example.com";
const KEY = /^[0-9a-f]{12}$/;

let site: GoogleSite;
let oauth: GoogleSite["oauth"];
let app: RunningServer;

beforeAll(async () => {
  // A dozen links for one address from one client here.
  site = await startServerWithGoogle({ SEED_DEMO: "0", LOG_LEVEL: "info", ADMIN_EMAILS: `${DANA},${LEE}`, RATE_LIMIT_FACTOR: "20" });
  ({ oauth, app } = site);
}, 60_000);
afterAll(() => site?.stop());

// ---------------------------------------------------------------------------------
// Helpers

/** Every log line written while answering this response's request, once its own line is out. */
async function linesOf(response: Response): Promise<LogLine[]> {
  const id = response.headers.get("x-request-id");
  expect(id, "X-Request-Id").toBeTruthy();
  return eventually(() => {
    const lines = logLines(app.output()).filter((line) => line.requestId === id);
    return lines.some((line) => typeof line.status === "number") ? lines : undefined;
  });
}

/** The one event line of the request, checked to hold none of the secrets given. */
async function eventOf(response: Response, secrets: string[] = []): Promise<LogLine> {
  const lines = await linesOf(response);
  for (const secret of secrets) expect(JSON.stringify(lines), "a line of this request").not.toContain(secret);
  const events = lines.filter((line) => typeof line.event === "string");
  expect(events).toHaveLength(1);
  return events[0];
}

function outboxMails(): string[] {
  const dir = path.join(app.workDir, "data", "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => name.endsWith(".eml")).map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
}

const handedOut = new Set<string>();

/** A new sign-in link's token for the address, asked for as the login page does and read from the outbox. */
async function newToken(email: string): Promise<string> {
  const asked = await fetch(`${app.url}/api/admin/auth/magic/request`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);
  const token = await eventually(() =>
    outboxMails()
      .filter((mail) => mail.includes(`To: ${email}`))
      .map((mail) => /token=([A-Za-z0-9_-]{43})/.exec(mimeParts(mail).find((part) => part.contentType === "text/plain")!.body)?.[1])
      .find((found) => found && !handedOut.has(found)),
  );
  handedOut.add(token);
  return token;
}

function openLink(token: string) {
  return fetch(`${app.url}/admin/auth/magic?token=${token}`, { redirect: "manual" });
}

function submitToken(token: string) {
  return fetch(`${app.url}/admin/auth/magic`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams({ token }),
    redirect: "manual",
  });
}

function logout(cookie: string) {
  return fetch(`${app.url}/admin/auth/logout`, { method: "POST", headers: { Cookie: cookie, Origin: app.url }, redirect: "manual" });
}

type AuditEntry = { actor: string; entity: string; action: string; summary: string };

/** The change log's session entries, as the dashboard reads them. */
async function sessionEntries(cookie: string): Promise<AuditEntry[]> {
  const response = await fetch(`${app.url}/api/admin/audit?entity=session&limit=100`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: AuditEntry[] }).entries;
}

function signInAs(email: string) {
  oauth.signInAs({ sub: `google-${email}`, email, email_verified: true, name: email.split("@")[0] });
}

const danaKey = { value: "" };

// ---------------------------------------------------------------------------------

describe("sign-in by e-mailed link", () => {
  it("a sign-in: one success event with the address masked and its keyed hash, no token; a change-log entry", async () => {
    const token = await newToken(DANA);
    const answer = await submitToken(token);
    expect(answer.headers.get("location")).toBe("/admin/dashboard");
    const event = await eventOf(answer, [token, DANA]);
    expect(event).toMatchObject({
      level: "info",
      event: "auth.signin.success",
      outcome: "success",
      authMethod: "magic_link",
      email: "d***@example.com",
      emailKey: expect.stringMatching(KEY),
      clientKey: expect.stringMatching(KEY),
    });
    expect(new Date(event.time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Keyed: not a plain hash anyone could compute from a list of addresses.
    const plain = crypto.createHash("sha256").update(DANA).digest("hex");
    expect(plain.startsWith(event.emailKey as string)).toBe(false);
    danaKey.value = event.emailKey as string;

    const cookie = sessionCookieOf(answer)!;
    expect(await sessionEntries(cookie)).toContainEqual(
      expect.objectContaining({ actor: DANA, entity: "session", action: "sign-in", summary: "method: email link" }),
    );
  });

  it("a used link: a failure event, reason used_token, for its opening (GET) and its submission (POST)", async () => {
    const token = await newToken(DANA);
    expect((await submitToken(token)).headers.get("location")).toBe("/admin/dashboard");

    const opened = await openLink(token);
    expect(opened.headers.get("location")).toBe("/admin/login?error=token_already_used");
    const submitted = await submitToken(token);
    expect(submitted.headers.get("location")).toBe("/admin/login?error=token_already_used");
    for (const answer of [opened, submitted]) {
      expect(await eventOf(answer, [token, DANA])).toMatchObject({
        level: "warn",
        event: "auth.signin.failure",
        outcome: "failure",
        authMethod: "magic_link",
        reason: "used_token",
        email: "d***@example.com",
        // The same address, the same hash: its events can be followed without its address.
        emailKey: danaKey.value,
      });
    }
  });

  it("an expired link: reason expired_token", async () => {
    const token = await newToken(DANA);
    withServerDatabase(app, (db) => db.prepare("update magic_tokens set expires_at = ? where email = ? and used_at is null").run(Date.now() - 1_000, DANA));
    const answer = await submitToken(token);
    expect(answer.headers.get("location")).toBe("/admin/login?error=expired_token");
    expect(await eventOf(answer, [token, DANA])).toMatchObject({ event: "auth.signin.failure", reason: "expired_token", email: "d***@example.com" });
  });

  it("an unknown token: reason unknown_token, and no address", async () => {
    const token = crypto.randomBytes(32).toString("base64url");
    const answer = await submitToken(token);
    expect(answer.headers.get("location")).toBe("/admin/login?error=unknown");
    const event = await eventOf(answer, [token]);
    expect(event).toMatchObject({ event: "auth.signin.failure", outcome: "failure", authMethod: "magic_link", reason: "unknown_token" });
    expect(event).not.toHaveProperty("email");
  });

  it("a link of an address taken off the whitelist since: reason unauthorized", async () => {
    const leaving = "leaving.soon@example.com";
    withServerDatabase(app, (db) => db.prepare("insert into admin_whitelist (email, added_by) values (?, 'test')").run(leaving));
    const token = await newToken(leaving);
    withServerDatabase(app, (db) => db.prepare("delete from admin_whitelist where email = ?").run(leaving));
    const answer = await submitToken(token);
    expect(answer.headers.get("location")).toBe("/admin/login?error=unauthorized");
    const event = await eventOf(answer, [token, leaving]);
    expect(event).toMatchObject({ event: "auth.signin.failure", reason: "unauthorized", email: "l***@example.com", emailKey: expect.stringMatching(KEY) });
    expect(event.emailKey).not.toBe(danaKey.value);
  });
});

describe("sign-in with Google", () => {
  it("a sign-in: one success event; a change-log entry", async () => {
    signInAs(LEE);
    const trip = await signInWithGoogle(app.url);
    expect(trip.callback.headers.get("location")).toBe("/admin/dashboard");
    const code = trip.callbackUrl.searchParams.get("code")!;
    expect(await eventOf(trip.callback, [LEE, code])).toMatchObject({
      level: "info",
      event: "auth.signin.success",
      outcome: "success",
      authMethod: "google",
      email: "l***@example.com",
      emailKey: expect.stringMatching(KEY),
    });
    expect(await sessionEntries(trip.sessionCookie!)).toContainEqual(
      expect.objectContaining({ actor: LEE, entity: "session", action: "sign-in", summary: "method: google" }),
    );
  });

  it("an address off the whitelist: reason unauthorized, the address masked", async () => {
    signInAs(STRANGER);
    const trip = await signInWithGoogle(app.url);
    expect(trip.callback.headers.get("location")).toBe("/admin/login?error=unauthorized");
    expect(await eventOf(trip.callback, [STRANGER])).toMatchObject({
      level: "warn",
      event: "auth.signin.failure",
      outcome: "failure",
      authMethod: "google",
      reason: "unauthorized",
      email: "s***@example.com",
      emailKey: expect.stringMatching(KEY),
    });
  });

  it("a state that does not match, a missing state cookie, a replayed callback: reasons state_mismatch, state_missing, state_reused", async () => {
    signInAs(LEE);
    const tampered = await signInWithGoogle(app.url, { tamperState: true });
    expect(tampered.callback.headers.get("location")).toBe("/admin/login?error=server_error");
    expect(await eventOf(tampered.callback)).toMatchObject({ event: "auth.signin.failure", authMethod: "google", reason: "state_mismatch" });

    const trip = await signInWithGoogle(app.url);
    expect(trip.callback.headers.get("location")).toBe("/admin/dashboard");
    const withoutCookie = await fetch(trip.callbackUrl, { redirect: "manual" });
    expect(withoutCookie.headers.get("location")).toBe("/admin/login?error=server_error");
    expect(await eventOf(withoutCookie)).toMatchObject({ event: "auth.signin.failure", authMethod: "google", reason: "state_missing" });

    const replay = await fetch(trip.callbackUrl, { redirect: "manual", headers: { Cookie: trip.stateCookie! } });
    expect(replay.headers.get("location")).toBe("/admin/login?error=server_error");
    expect(await eventOf(replay, [LEE])).toMatchObject({
      event: "auth.signin.failure",
      authMethod: "google",
      reason: "state_reused",
      email: "l***@example.com",
    });
  });
});

describe("sign-out and refused cross-site writes", () => {
  it("a sign-out: one logout event; a change-log entry; a second sign-out of the same session logs none", async () => {
    signInAs(LEE);
    const trip = await signInWithGoogle(app.url);
    const cookie = trip.sessionCookie!;
    const out = await logout(cookie);
    expect(out.headers.get("location")).toBe("/admin/login");
    expect(await eventOf(out, [LEE])).toMatchObject({ level: "info", event: "auth.logout", outcome: "success", email: "l***@example.com" });

    const again = await logout(cookie);
    expect((await linesOf(again)).filter((line) => line.event)).toEqual([]);

    const other = await signInWithGoogle(app.url);
    expect(await sessionEntries(other.sessionCookie!)).toContainEqual(
      expect.objectContaining({ actor: LEE, entity: "session", action: "sign-out" }),
    );
  });

  it("a write another site started: one event with the method and path, never the body", async () => {
    const marker = "body-text-that-must-not-be-logged";
    const refused = await fetch(`${app.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.test" },
      body: JSON.stringify({ name: marker, email: "x@example.com", message: marker }),
    });
    expect(refused.status).toBe(403);
    expect(await eventOf(refused, [marker])).toMatchObject({
      level: "warn",
      event: "security.cross_site_refused",
      outcome: "refused",
      method: "POST",
      path: "/api/contact",
      origin: "https://evil.test",
      clientKey: expect.stringMatching(KEY),
    });

    const form = await fetch(`${app.url}/admin/auth/logout?token=secret-in-the-query`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site" },
      body: marker,
      redirect: "manual",
    });
    expect(form.status).toBe(403);
    expect(await eventOf(form, [marker, "secret-in-the-query"])).toMatchObject({
      event: "security.cross_site_refused",
      method: "POST",
      path: "/admin/auth/logout",
      fetchSite: "cross-site",
    });
    expect(app.output()).not.toContain(marker);
  });
});
