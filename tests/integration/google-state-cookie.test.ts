import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOGLE_STATE_COOKIE, sessionCookieOf, signInWithGoogle, startServerWithGoogle, stateCookieOf, type GoogleSite } from "../support/oauth";
import { withServerDatabase, type RunningServer } from "../support/server";

/**
 * The Google sign-in's OAuth state lives in a short-lived signed cookie, not in a
 * session row (docs/decisions/032): starting a sign-in is an anonymous GET that writes
 * nothing; the callback accepts only the state of a cookie we signed less than 10
 * minutes ago, removes the cookie, and a state signs in once.
 */

const SECRET = "state-cookie-test-secret-0123456789";
const CALLBACK_PATH = "/admin/auth/google/callback";
const STATE_KEY = "oauth2:state";
const TEN_MINUTES_MS = 10 * 60_000;

let site: GoogleSite;
let oauth: GoogleSite["oauth"];
let app: RunningServer;

beforeAll(async () => {
  site = await startServerWithGoogle({ SEED_DEMO: "0", SESSION_SECRET: SECRET, ADMIN_EMAILS: "staff@example.com" });
  ({ oauth, app } = site);
  oauth.signInAs({ sub: "google-42", email: "staff@example.com", email_verified: true, name: "Dana Staff" });
}, 60_000);
afterAll(() => site?.stop());

/** The number of rows of every table of the database (the sessions table among them). */
function rowCounts(): Record<string, number> {
  return withServerDatabase(app, (db) => {
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]));
  });
}

/** A state cookie as the test makes it: with the given secret and content. */
async function madeStateCookie(secret: string, data: Record<string, unknown>): Promise<string> {
  const cookie = createCookie(GOOGLE_STATE_COOKIE, { secrets: [secret], path: CALLBACK_PATH });
  return (await cookie.serialize(data)).split(";")[0];
}

/** A sign-in started, and the OAuth server's way back (a callback URL with a code and the state). */
async function startedSignIn() {
  const start = await fetch(`${app.url}/admin/auth/google`, { redirect: "manual" });
  const authorize = new URL(start.headers.get("location")!);
  const back = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("location")!);
  return { stateCookie: stateCookieOf(start)!, state: authorize.searchParams.get("state")!, callbackUrl: back };
}

function callback(url: URL, cookie: string | null) {
  return fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

/** The callback's Set-Cookie that removes the state cookie. */
function expectStateCookieCleared(response: Response) {
  const header = response.headers.getSetCookie().find((value) => value.startsWith(`${GOOGLE_STATE_COOKIE}=`));
  expect(header, "a Set-Cookie removing the state cookie").toBeTruthy();
  expect(header).toMatch(/Expires=Thu, 01 Jan 1970/i);
  expect(header).toContain(`Path=${CALLBACK_PATH}`);
}

function expectRefusedWithoutSession(response: Response) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/admin/login?error=server_error");
  expect(sessionCookieOf(response)).toBeNull();
  expectStateCookieCleared(response);
}

describe("starting a Google sign-in", () => {
  it("50 anonymous GETs of /admin/auth/google add no row to any table, and each sets a signed state cookie", async () => {
    const before = rowCounts();
    expect(before).toHaveProperty("sessions");
    const answers: Response[] = [];
    for (let i = 0; i < 50; i += 1) answers.push(await fetch(`${app.url}/admin/auth/google`, { redirect: "manual" }));
    expect(rowCounts()).toEqual(before);

    const states = new Set<string>();
    for (const start of answers) {
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.get("location")!);
      expect(authorize.origin).toBe(oauth.url);
      const state = authorize.searchParams.get("state");
      expect(state).toMatch(/^[0-9a-f-]{36}$/);
      states.add(state!);

      const cookies = start.headers.getSetCookie();
      expect(cookies.filter((value) => value.startsWith("__session="))).toEqual([]);
      const stateCookie = cookies.find((value) => value.startsWith(`${GOOGLE_STATE_COOKIE}=`));
      expect(stateCookie).toBeTruthy();
      const attributes = stateCookie!.split(/;\s*/).slice(1);
      expect(attributes).toEqual(expect.arrayContaining([`Path=${CALLBACK_PATH}`, "Max-Age=600", "HttpOnly", "SameSite=Lax"]));
      // An http APP_URL: not Secure (admin-session.test.ts checks https).
      expect(attributes).not.toContain("Secure");
      // The value is the state, signed: base64 of the JSON, a dot, the signature.
      const value = decodeURIComponent(stateCookie!.split(";")[0].slice(GOOGLE_STATE_COOKIE.length + 1));
      const content = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
      expect(content[STATE_KEY]).toBe(state);
      expect(value.slice(value.lastIndexOf(".") + 1)).toMatch(/^[A-Za-z0-9+/]{43}$/);
    }
    expect(states.size).toBe(50);
  });
});

describe("the Google callback", () => {
  it("signs a whitelisted user in with the state cookie, and removes that cookie", async () => {
    const before = rowCounts();
    const trip = await signInWithGoogle(app.url);
    expect(trip.callback.headers.get("location")).toBe("/admin/dashboard");
    expectStateCookieCleared(trip.callback);
    const me = await fetch(`${app.url}/api/admin/me`, { headers: { Cookie: trip.sessionCookie! } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ name: "Dana Staff", email: "staff@example.com" });
    const after = rowCounts();
    expect(after.sessions).toBe(before.sessions + 1);
  });

  it("accepts a cookie made as the server makes it (the control for the forged cookies below)", async () => {
    const { state, callbackUrl } = await startedSignIn();
    const made = await madeStateCookie(SECRET, { [STATE_KEY]: state, issuedAt: Date.now() });
    const answer = await callback(callbackUrl, made);
    expect(answer.headers.get("location")).toBe("/admin/dashboard");
    expect(sessionCookieOf(answer)).toBeTruthy();
  });

  const refusals: [string, (started: Awaited<ReturnType<typeof startedSignIn>>) => Promise<{ url: URL; cookie: string | null }>][] = [
    ["no state cookie", async ({ callbackUrl }) => ({ url: callbackUrl, cookie: null })],
    [
      "the state cookie of another sign-in",
      async ({ callbackUrl }) => ({ url: callbackUrl, cookie: (await startedSignIn()).stateCookie }),
    ],
    [
      "a state in the URL other than the cookie's",
      async ({ callbackUrl, stateCookie }) => {
        const url = new URL(callbackUrl);
        url.searchParams.set("state", crypto.randomUUID());
        return { url, cookie: stateCookie };
      },
    ],
    [
      "no state in the URL",
      async ({ callbackUrl, stateCookie }) => {
        const url = new URL(callbackUrl);
        url.searchParams.delete("state");
        return { url, cookie: stateCookie };
      },
    ],
    [
      "the cookie's content changed, its signature kept",
      async ({ stateCookie }) => {
        // The attacker's own state in the cookie and in the URL, under our cookie's signature.
        const other = await startedSignIn();
        const value = decodeURIComponent(stateCookie.slice(GOOGLE_STATE_COOKIE.length + 1));
        const signature = value.slice(value.lastIndexOf(".") + 1);
        const content = Buffer.from(JSON.stringify({ [STATE_KEY]: other.state, issuedAt: Date.now() })).toString("base64");
        return { url: other.callbackUrl, cookie: `${GOOGLE_STATE_COOKIE}=${encodeURIComponent(`${content}.${signature}`)}` };
      },
    ],
    [
      "a cookie with the right state signed with another secret",
      async ({ callbackUrl, state }) => ({
        url: callbackUrl,
        cookie: await madeStateCookie("not-the-server-secret-0123456789", { [STATE_KEY]: state, issuedAt: Date.now() }),
      }),
    ],
    [
      "a correctly signed cookie issued more than 10 minutes ago",
      async ({ callbackUrl, state }) => ({
        url: callbackUrl,
        cookie: await madeStateCookie(SECRET, { [STATE_KEY]: state, issuedAt: Date.now() - TEN_MINUTES_MS - 1_000 }),
      }),
    ],
  ];

  it.each(refusals)("refuses %s: to the login page with error=server_error, no session, no row", async (_label, make) => {
    const started = await startedSignIn();
    const { url, cookie } = await make(started);
    const before = rowCounts();
    const answer = await callback(url, cookie);
    expectRefusedWithoutSession(answer);
    expect(rowCounts()).toEqual(before);
  });

  it("uses a state cookie once: replaying a callback that signed in is refused and makes no session", async () => {
    const trip = await signInWithGoogle(app.url);
    expect(trip.callback.headers.get("location")).toBe("/admin/dashboard");
    const before = rowCounts();

    const replay = await callback(trip.callbackUrl, trip.stateCookie);
    expectRefusedWithoutSession(replay);
    // No session row, no sign-in in the change log.
    expect(rowCounts()).toEqual(before);
  });
});
