import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postFormFollowed } from "../support/admin-api";
import { visibleTexts } from "../support/html";
import { signInWithGoogle, startOAuthServer } from "../support/oauth";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts, startSmtpSink, type SmtpSink } from "../support/smtp";

// The Admins tab lists the signed-in admin's own sessions (device, sign-in method, when
// it began and was last seen) and signs out all the others at once (ASVS 7.5.2).
const ME = "owner@example.com";
const COLLEAGUE = "colleague@example.com";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const ADMINS_TAB = "/admin/dashboard/admins";
const SIGN_OUT_OTHERS = "/admin/dashboard/admins/sessions";

let app: RunningServer;
let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  oauth = await startOAuthServer();
  app = await startServer({
    env: {
      SEED_DEMO: "0",
      ADMIN_EMAILS: `${ME},${COLLEAGUE}`,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      GOOGLE_CLIENT_ID: "c",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_OAUTH_ISSUER: oauth.url,
    },
  });
});

afterAll(async () => {
  await app?.stop();
  await oauth?.stop();
  await sink?.stop();
});

async function signInWithGoogleAs(email: string, userAgent: string): Promise<string> {
  oauth.signInAs({ sub: `g-${email}`, email, email_verified: true, name: email.split("@")[0] });
  const { callback, sessionCookie } = await signInWithGoogle(app.url, { headers: { "User-Agent": userAgent } });
  expect(callback.headers.get("location")).toBe("/admin/dashboard");
  return sessionCookie!;
}

async function signInByLink(email: string, userAgent: string): Promise<string> {
  const before = sink.messages().length;
  const asked = await fetch(`${app.url}/api/admin/auth/magic/request`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);
  await sink.waitFor(() => sink.messages().length > before);
  const text = mimeParts(sink.messages()[before].raw).find((part) => part.contentType === "text/plain")!.body;
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)![1];
  const signedIn = await fetch(`${app.url}/admin/auth/magic`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, "User-Agent": userAgent },
    body: new URLSearchParams({ token }).toString(),
  });
  expect(signedIn.status).toBe(302);
  const header = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  return header!.split(";")[0];
}

async function adminsTab(cookie: string) {
  const response = await fetch(`${app.url}${ADMINS_TAB}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** The lines of the "Your Sessions" section as a reader sees them. */
function sessionsSection(html: string): string[] {
  const start = html.indexOf('aria-labelledby="own-sessions-title"');
  expect(start).toBeGreaterThan(0);
  return visibleTexts(html.slice(start, html.indexOf("</section>", start)));
}

function signedIn(cookie: string) {
  return fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" }).then((response) => response.status === 200);
}

describe("an admin's own sessions in the Admins tab", () => {
  let onWindows: string;
  let onPhone: string;
  let colleague: string;

  beforeAll(async () => {
    onWindows = await signInWithGoogleAs(ME, WINDOWS_FIREFOX);
    onPhone = await signInByLink(ME, IPHONE);
    colleague = await signInWithGoogleAs(COLLEAGUE, MAC_CHROME);
  });

  it("lists this admin's sessions, this device first, with device, method and times; never a colleague's, never an id", async () => {
    const { status, html } = await adminsTab(onPhone);
    expect(status).toBe(200);
    const lines = sessionsSection(html);
    expect(lines).toContain("Your Sessions");
    const phone = lines.indexOf("Safari on iOS, mobile");
    const windows = lines.indexOf("Firefox on Windows");
    expect(phone).toBeGreaterThan(0);
    expect(windows).toBeGreaterThan(phone);
    expect(lines[phone + 1]).toBe("This device");
    expect(lines[phone + 2]).toMatch(/^Signed in with email link on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M · last seen /);
    expect(lines[windows + 1]).toMatch(/^Signed in with Google on /);
    expect(lines).toContain("Sign out other sessions");
    expect(lines.join("\n")).not.toContain("Chrome on macOS");

    const ids = withServerDatabase(app, (db) => db.prepare("select sid from sessions").all() as Array<{ sid: string }>);
    expect(ids.length).toBe(3);
    for (const { sid } of ids) expect(html).not.toContain(sid);
  });

  it("a GET of the sign-out address changes nothing", async () => {
    const response = await fetch(`${app.url}${SIGN_OUT_OTHERS}`, { headers: { Cookie: onPhone }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ADMINS_TAB);
    expect(await signedIn(onWindows)).toBe(true);
  });

  it("'Sign out other sessions' ends the others, keeps this one and the colleague's, and the change log says so", async () => {
    const { status, location, html } = await postFormFollowed(app, onPhone, SIGN_OUT_OTHERS, {});
    expect(status).toBe(302);
    expect(location).toBe(ADMINS_TAB);
    expect(visibleTexts(html)).toContain("Signed out 1 other session.");
    const lines = sessionsSection(html);
    expect(lines).not.toContain("Firefox on Windows");
    expect(lines).not.toContain("Sign out other sessions");
    expect(lines).toContain("You are not signed in anywhere else.");

    expect(await signedIn(onWindows)).toBe(false);
    expect(await signedIn(onPhone)).toBe(true);
    expect(await signedIn(colleague)).toBe(true);
    const entries = withServerDatabase(app, (db) =>
      db.prepare("select actor, entity, action, summary from audit_log where action = 'sign-out-others'").all(),
    );
    expect(entries).toEqual([{ actor: ME, entity: "session", action: "sign-out-others", summary: "1 other session" }]);
  });

  it("without a session, the post goes to the login page and ends nothing", async () => {
    const other = await signInWithGoogleAs(ME, WINDOWS_FIREFOX);
    const response = await fetch(`${app.url}${SIGN_OUT_OTHERS}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
      body: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(await signedIn(other)).toBe(true);
    expect(await signedIn(onPhone)).toBe(true);
  });
});
