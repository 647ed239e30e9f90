import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieOf, signInWithGoogle as followGoogleSignIn, startOAuthServer } from "../support/oauth";
import { startServer, type RunningServer } from "../support/server";

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let app: RunningServer;

beforeAll(async () => {
  oauth = await startOAuthServer();
  app = await startServer({
    env: {
      ADMIN_EMAILS: "staff@example.com",
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_OAUTH_ISSUER: oauth.url,
    },
  });
});
afterAll(async () => {
  await app?.stop();
  await oauth?.stop();
});

const sessionCookie = sessionCookieOf;

/** Follows the round trip and checks the parts the app controls on the way. */
async function signInWithGoogle(options: { tamperState?: boolean } = {}) {
  const trip = await followGoogleSignIn(app.url, options);
  expect(trip.start.status).toBe(302);
  expect(trip.authorizeUrl.origin).toBe(oauth.url);
  expect(trip.authorizeUrl.searchParams.get("redirect_uri")).toBe(`${app.url}/admin/auth/google/callback`);
  expect(trip.authorizeUrl.searchParams.get("client_id")).toBe("test-client");
  expect(trip.stateCookie).toBeTruthy();
  return { callback: trip.callback, stateCookie: trip.stateCookie! };
}

describe("Google sign-in", () => {
  it("admits a verified, whitelisted address with a fresh session and records the admin", async () => {
    oauth.signInAs({ sub: "google-42", email: "Staff@Example.com", email_verified: true, name: "Dana Staff", picture: "https://example.com/dana.png" });
    const { callback, stateCookie } = await signInWithGoogle();
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/admin/dashboard");
    const cookie = sessionCookie(callback);
    expect(cookie).toBeTruthy();
    expect(cookie).not.toBe(stateCookie);
    const setCookie = callback.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const me = await fetch(`${app.url}/api/admin/me`, { headers: { Cookie: cookie! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ name: "Dana Staff", email: "staff@example.com" });

    // The state-only session from before the sign-in is not an admin session.
    expect((await fetch(`${app.url}/api/admin/me`, { headers: { Cookie: stateCookie } })).status).toBe(401);

    const db = new Database(app.databasePath, { readonly: true });
    const row = db.prepare("select google_id, email, name, image_url, last_login_at from admin_users where google_id = ?").get("google-42") as Record<string, unknown>;
    db.close();
    expect(row).toMatchObject({ google_id: "google-42", email: "staff@example.com", name: "Dana Staff", image_url: "https://example.com/dana.png" });
    expect(row.last_login_at).toEqual(expect.any(Number));
  });

  it("updates the same admin row on the next sign-in", async () => {
    oauth.signInAs({ sub: "google-42", email: "staff@example.com", email_verified: true, name: "Dana R. Staff" });
    const { callback } = await signInWithGoogle();
    expect(callback.headers.get("location")).toBe("/admin/dashboard");
    const db = new Database(app.databasePath, { readonly: true });
    const rows = db.prepare("select name from admin_users where email = 'staff@example.com'").all();
    db.close();
    expect(rows).toEqual([{ name: "Dana R. Staff" }]);
  });

  it("refuses an address that is not on the whitelist", async () => {
    oauth.signInAs({ sub: "google-7", email: "stranger@example.com", email_verified: true, name: "Stranger" });
    const { callback } = await signInWithGoogle();
    expect(callback.headers.get("location")).toBe("/admin/login?error=unauthorized");
    expect(sessionCookie(callback) ?? "").not.toMatch(/^__session=.{20,}/);
  });

  it("refuses an address Google has not verified", async () => {
    oauth.signInAs({ sub: "google-8", email: "staff@example.com", email_verified: false, name: "Unverified" });
    const { callback } = await signInWithGoogle();
    expect(callback.headers.get("location")).toBe("/admin/login?error=unauthorized");
  });

  it("refuses a callback whose state does not match", async () => {
    oauth.signInAs({ sub: "google-42", email: "staff@example.com", email_verified: true, name: "Dana" });
    const { callback } = await signInWithGoogle({ tamperState: true });
    expect(callback.headers.get("location")).toBe("/admin/login?error=server_error");
  });

  it("sends the button back to the login page when Google is not configured", async () => {
    const bare = await startServer();
    try {
      const response = await fetch(`${bare.url}/admin/auth/google`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin/login?error=server_error");
    } finally {
      await bare.stop();
    }
  });
});
