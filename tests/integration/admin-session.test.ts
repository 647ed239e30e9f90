import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithGoogle, startOAuthServer } from "../support/oauth";
import { startServer, type RunningServer } from "../support/server";
import { decodeSingleFetchRedirect } from "../support/single-fetch";

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let app: RunningServer;

beforeAll(async () => {
  oauth = await startOAuthServer();
  app = await startServer({
    env: { ADMIN_EMAILS: "staff@example.com", GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_ISSUER: oauth.url },
  });
});
afterAll(async () => {
  await app?.stop();
  await oauth?.stop();
});

async function signIn(): Promise<string> {
  oauth.signInAs({ sub: "g-1", email: "staff@example.com", email_verified: true, name: "Staff" });
  const { sessionCookie, callback } = await signInWithGoogle(app.url);
  expect(callback.headers.get("location")).toBe("/admin/dashboard");
  return sessionCookie!;
}

function editSession(cookie: string, change: (data: Record<string, unknown>) => void) {
  const db = new Database(app.databasePath);
  const rows = db.prepare("select sid, sess from sessions").all() as { sid: string; sess: string }[];
  // The cookie holds the signed id: base64 of the JSON string, a dot, the signature.
  const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const id = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
  const row = rows.find((r) => r.sid === id);
  expect(row, "session row").toBeTruthy();
  const data = JSON.parse(row!.sess) as Record<string, unknown>;
  change(data);
  db.prepare("update sessions set sess = ? where sid = ?").run(JSON.stringify(data), row!.sid);
  db.close();
}

function sessionCount(): number {
  const db = new Database(app.databasePath, { readonly: true });
  const { n } = db.prepare("select count(*) as n from sessions where sess like '%adminEmail%'").get() as { n: number };
  db.close();
  return n;
}

const me = (cookie: string) => fetch(`${app.url}/api/admin/me`, { headers: { Cookie: cookie } });

describe("admin sessions", () => {
  it("keeps only the id in the cookie", async () => {
    const cookie = await signIn();
    expect(decodeURIComponent(cookie)).not.toContain("staff@example.com");
    expect((await me(cookie)).status).toBe(200);
  });

  it("ends a session idle for more than 2 hours, and deletes its row", async () => {
    const cookie = await signIn();
    const before = sessionCount();
    editSession(cookie, (data) => (data.lastSeenAt = Date.now() - 2 * 60 * 60 * 1000 - 1000));
    const response = await me(cookie);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
    expect(sessionCount()).toBe(before - 1);
  });

  it("ends a session older than 12 hours even when in use", async () => {
    const cookie = await signIn();
    editSession(cookie, (data) => (data.signedInAt = Date.now() - 12 * 60 * 60 * 1000 - 1000));
    expect((await me(cookie)).status).toBe(401);
  });

  it("sends an expired page visit to the login page with session_expired", async () => {
    const cookie = await signIn();
    editSession(cookie, (data) => (data.lastSeenAt = 0));
    const page = await fetch(`${app.url}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?error=session_expired");
    const anonymous = await fetch(`${app.url}/admin/dashboard`, { redirect: "manual" });
    expect(anonymous.headers.get("location")).toBe("/admin/login");
  });

  it("makes a client-side (JavaScript) navigation with an expired session reload the whole document", async () => {
    const cookie = await signIn();
    editSession(cookie, (data) => (data.lastSeenAt = 0));
    // Remix's single-fetch data request for the page, as its client router sends it.
    const data = await fetch(`${app.url}/admin/dashboard.data`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(data.status).toBe(202);
    expect(decodeSingleFetchRedirect(await data.text())).toMatchObject({
      redirect: "/admin/login?error=session_expired",
      reload: true,
    });
  });

  it("sends every dashboard page, tab and dialog with Cache-Control: no-store, its document as its data", async () => {
    const cookie = await signIn();
    const pages = [
      "/admin/dashboard",
      "/admin/dashboard/properties",
      "/admin/dashboard/properties/new",
      "/admin/dashboard/media",
      "/admin/dashboard/media/upload",
      "/admin/dashboard/faqs",
      "/admin/dashboard/faqs/new",
      "/admin/dashboard/admins",
      "/admin/dashboard/admins/new",
      "/admin/dashboard/messages",
      "/admin/dashboard/settings",
      "/admin/dashboard/text",
    ];
    for (const path of pages) {
      const document = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect([path, document.status, document.headers.get("content-type")]).toEqual([path, 200, "text/html; charset=utf-8"]);
      expect([path, document.headers.get("cache-control")]).toEqual([path, "no-store"]);
      const data = await fetch(`${app.url}${path}.data`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect([path, data.status, data.headers.get("cache-control")]).toEqual([path, 200, "no-store"]);
    }
  });

  it("keeps any return-to path on our own origin", async () => {
    const anonymous = await fetch(`${app.url}/admin/dashboard?tab=faqs`, { redirect: "manual" });
    expect(anonymous.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fdashboard%3Ftab%3Dfaqs");
  });

  it("does not log out on GET", async () => {
    const cookie = await signIn();
    const get = await fetch(`${app.url}/admin/auth/logout`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(get.status).toBe(302);
    expect((await me(cookie)).status).toBe(200);
    const post = await fetch(`${app.url}/admin/auth/logout`, { method: "POST", headers: { Cookie: cookie, Origin: app.url }, redirect: "manual" });
    expect(post.headers.get("location")).toBe("/admin/login");
    expect((await me(cookie)).status).toBe(401);
  });
});

describe("behind https", () => {
  it("marks the state cookie and the session cookie Secure when APP_URL is https", async () => {
    const secure = await startServer({
      env: {
        APP_URL: "https://homes.example.test",
        ADMIN_EMAILS: "staff@example.com",
        GOOGLE_CLIENT_ID: "c",
        GOOGLE_CLIENT_SECRET: "s",
        GOOGLE_OAUTH_ISSUER: oauth.url,
      },
    });
    try {
      oauth.signInAs({ sub: "g-1", email: "staff@example.com", email_verified: true, name: "Staff" });
      const start = await fetch(`${secure.url}/admin/auth/google`, { redirect: "manual" });
      // Named with the __Host- prefix on an https site (security-headers-everywhere.test.ts).
      const stateHeader = start.headers.getSetCookie().find((c) => c.startsWith("__Secure-google-state="));
      expect(stateHeader).toMatch(/;\s*Secure/i);
      expect(stateHeader).toMatch(/HttpOnly/i);
      expect(stateHeader).toMatch(/SameSite=Lax/i);
      const authorize = new URL(start.headers.get("location")!);
      expect(authorize.searchParams.get("redirect_uri")).toBe("https://homes.example.test/admin/auth/google/callback");

      // The way back names the public host; the test brings it to the server on loopback.
      const back = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!);
      const callback = await fetch(`${secure.url}${back.pathname}${back.search}`, {
        redirect: "manual",
        headers: { Cookie: stateHeader!.split(";")[0] },
      });
      expect(callback.headers.get("location")).toBe("/admin/dashboard");
      const sessionHeader = callback.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
      expect(sessionHeader).toMatch(/;\s*Secure/i);
      expect(sessionHeader).toMatch(/HttpOnly/i);
      expect(sessionHeader).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.stop();
    }
  });
});
