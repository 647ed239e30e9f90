import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { jsonCaller, startSignedInApp, type SignedInApp } from "../support/admin-api";
import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, withServerDatabase } from "../support/server";
import { SoftAuthenticator, type Tweak } from "../support/soft-authenticator";

/**
 * Staff passkeys over HTTP (docs/product.md, staff passkeys), with a software
 * authenticator standing in for the browser: registering one from a signed-in session,
 * signing in with it, and every way a ceremony must fail: a challenge expired, used
 * twice or from another session, a counter that goes backwards, another origin or
 * relying party id, no user verification, a passkey whose admin left the whitelist.
 */

const FIRST = "staff@example.com";
const SECOND = "second@example.com";

let site: SignedInApp;
let secondCookie: string;
const call = jsonCaller(() => site.app, () => site.cookie);

beforeAll(async () => {
  site = await startSignedInApp({ email: FIRST, env: { ADMIN_EMAILS: `${FIRST},${SECOND}`, RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "info" } });
  secondCookie = await site.signIn(SECOND);
}, 60_000);
afterAll(() => site?.stop());

const authenticator = () => new SoftAuthenticator({ rpId: "127.0.0.1", origin: site.app.url });

async function registrationOptions(cookie: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const response = await call("/api/admin/passkeys/options", { method: "POST", cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as PublicKeyCredentialCreationOptionsJSON;
}

async function register(soft: SoftAuthenticator, options: { cookie?: string; name?: string; tweak?: Tweak; optionsCookie?: string } = {}) {
  const cookie = options.cookie ?? site.cookie;
  const creation = await registrationOptions(options.optionsCookie ?? cookie);
  return call("/api/admin/passkeys", { method: "POST", cookie, body: { name: options.name ?? "Work laptop", response: soft.register(creation, options.tweak) } });
}

/** Asks for sign-in options as a browser with no session does; the challenge's cookie and the options. */
async function signInOptions() {
  const response = await fetch(`${site.app.url}/api/auth/passkey/options`, { method: "POST", headers: { Origin: site.app.url } });
  expect(response.status).toBe(200);
  const challengeCookie = response.headers.getSetCookie()[0].split(";")[0];
  return { challengeCookie, options: (await response.json()) as PublicKeyCredentialRequestOptionsJSON };
}

function postAssertion(challengeCookie: string | null, body: unknown) {
  return fetch(`${site.app.url}/api/auth/passkey`, {
    method: "POST",
    headers: { Origin: site.app.url, "Content-Type": "application/json", ...(challengeCookie ? { Cookie: challengeCookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(soft: SoftAuthenticator, tweak?: Tweak & { credentialId?: string }) {
  const { challengeCookie, options } = await signInOptions();
  const response = soft.authenticate(options, tweak);
  return { answer: await postAssertion(challengeCookie, { response }), challengeCookie, response };
}

const sessionCookieOf = (answer: Response) => answer.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))?.split(";")[0];

async function whoIs(cookie: string | undefined): Promise<number> {
  return (await call("/api/admin/me", { cookie: cookie ?? null })).status;
}

describe("registering a passkey and signing in with it", () => {
  it("adds a passkey to the signed-in admin, lists it, signs in with it and records the use", async () => {
    const soft = authenticator();
    const added = await register(soft, { name: "Office desktop" });
    expect(added.status).toBe(201);
    const passkey = (await added.json()) as { id: number; name: string; createdAt: number; lastUsedAt: number | null };
    expect(passkey).toMatchObject({ name: "Office desktop", lastUsedAt: null });

    const listed = (await (await call("/api/admin/passkeys")).json()) as { id: number; name: string }[];
    expect(listed.map((item) => item.name)).toContain("Office desktop");

    const { answer } = await signIn(soft);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ redirectTo: "/admin/dashboard" });
    const cookie = sessionCookieOf(answer);
    expect(await whoIs(cookie)).toBe(200);
    const me = (await (await call("/api/admin/me", { cookie })).json()) as { email: string };
    expect(me.email).toBe(FIRST);

    const after = (await (await call("/api/admin/passkeys")).json()) as { id: number; lastUsedAt: number | null }[];
    expect(after.find((item) => item.id === passkey.id)?.lastUsedAt).toBeGreaterThan(0);
    expect(site.app.output()).toContain('"authMethod":"passkey"');
    const audit = withServerDatabase(site.app, (db) => db.prepare("select summary from audit_log where actor = ? and entity = 'session' order by id desc limit 1").get(FIRST) as { summary: string });
    expect(audit.summary).toBe("method: passkey");
  });

  it("refuses a name that is blank or too long, and a body that is not JSON, storing nothing", async () => {
    const soft = authenticator();
    const before = (await (await call("/api/admin/passkeys")).json()) as unknown[];
    for (const name of ["", "   ", "x".repeat(61)]) {
      const answer = await register(soft, { name });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.name).toBeDefined();
    }
    expect((await call("/api/admin/passkeys", { method: "POST", rawBody: "not json" })).status).toBe(400);
    expect((await (await call("/api/admin/passkeys")).json()) as unknown[]).toHaveLength(before.length);
  });

  it("refuses a registration without user verification, from another origin or for another relying party", async () => {
    for (const tweak of [{ userVerified: false }, { origin: "https://phish.example" }, { rpId: "phish.example" }] satisfies Tweak[]) {
      const answer = await register(authenticator(), { tweak, name: "Refused" });
      expect(answer.status, JSON.stringify(tweak)).toBe(400);
    }
    expect(((await (await call("/api/admin/passkeys")).json()) as { name: string }[]).map((item) => item.name)).not.toContain("Refused");
  });

  it("binds a registration's challenge to the session that asked for it, and uses it once", async () => {
    const soft = authenticator();
    // Options asked for in the second admin's session, answered in the first's.
    expect((await register(soft, { optionsCookie: secondCookie, name: "Crossed" })).status).toBe(400);
    const creation = await registrationOptions(site.cookie);
    const response = soft.register(creation);
    expect((await call("/api/admin/passkeys", { method: "POST", body: { name: "Once", response } })).status).toBe(201);
    expect((await call("/api/admin/passkeys", { method: "POST", body: { name: "Twice", response } })).status).toBe(400);
  });

  it("answers 401 without a session, and removes only the admin's own passkeys", async () => {
    for (const [method, path] of [["GET", "/api/admin/passkeys"], ["POST", "/api/admin/passkeys"], ["POST", "/api/admin/passkeys/options"], ["DELETE", "/api/admin/passkeys/1"]]) {
      expect((await call(path, { method, cookie: null, body: method === "GET" ? undefined : {} })).status, `${method} ${path}`).toBe(401);
    }
    expect((await register(authenticator(), { cookie: secondCookie, name: "Second's" })).status).toBe(201);
    const [seconds] = (await (await call("/api/admin/passkeys", { cookie: secondCookie })).json()) as { id: number }[];
    expect((await call(`/api/admin/passkeys/${seconds.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/admin/passkeys/${seconds.id}`, { method: "DELETE", cookie: secondCookie })).status).toBe(200);
    expect((await (await call("/api/admin/passkeys", { cookie: secondCookie })).json()) as unknown[]).toEqual([]);
    expect((await call("/api/admin/passkeys/abc", { method: "DELETE" })).status).toBe(404);
  });
});

describe("the user handle", () => {
  // What every passkey was given before decision 062: a key anyone can read in the source.
  const publicKeyHandle = (email: string) => createHmac("sha256", "passkey-user-handle").update(email).digest("base64url");
  const siteSecret = () => readFileSync(path.join(site.app.workDir, "data", "session-secret"), "utf8").trim();

  it("is the address's hash under a key derived from the site's session secret, not one written in the source", async () => {
    const first = await registrationOptions(site.cookie);
    const again = await registrationOptions(site.cookie);
    const second = await registrationOptions(secondCookie);
    expect(first.user.id).toBe(again.user.id);
    expect(first.user.id).not.toBe(second.user.id);
    expect(first.user.id).not.toBe(publicKeyHandle(FIRST));
    const key = createHmac("sha256", siteSecret()).update("passkey user handles").digest();
    expect(first.user.id).toBe(createHmac("sha256", key).update(FIRST).digest("base64url"));
  });

  it("keeps a passkey made under the old key signing in: sign-in finds a passkey by its credential id", async () => {
    const soft = authenticator();
    expect((await register(soft, { name: "Made before 062", tweak: { userHandle: publicKeyHandle(FIRST) } })).status).toBe(201);
    const { answer, response } = await signIn(soft);
    expect(response.response.userHandle).toBe(publicKeyHandle(FIRST));
    expect(answer.status).toBe(200);
    const me = (await (await call("/api/admin/me", { cookie: sessionCookieOf(answer) })).json()) as { email: string };
    expect(me.email).toBe(FIRST);
  });
});

describe("a passkey sign-in refused", () => {
  let soft: SoftAuthenticator;
  beforeAll(async () => {
    soft = authenticator();
    expect((await register(soft, { name: "For refusals" })).status).toBe(201);
    expect((await signIn(soft)).answer.status).toBe(200);
  });

  async function expectRefused(answer: Response, status = 400) {
    expect(answer.status).toBe(status);
    expect(sessionCookieOf(answer)).toBeUndefined();
    expect(((await answer.json()) as { error: string }).error).toMatch(/passkey/i);
  }

  it("uses a challenge once: the same answer, or another, posted again is refused", async () => {
    const { challengeCookie, response } = await signIn(soft);
    await expectRefused(await postAssertion(challengeCookie, { response }));
    // A replayed assertion under a fresh challenge: its signed challenge is the old one.
    const fresh = await signInOptions();
    await expectRefused(await postAssertion(fresh.challengeCookie, { response }));
  });

  it("refuses an expired challenge, and an answer with no challenge of this browser's", async () => {
    const { challengeCookie, options } = await signInOptions();
    withServerDatabase(site.app, (db) => db.prepare("update passkey_challenges set expires_at = ? where challenge = ?").run(Date.now() - 1000, options.challenge));
    await expectRefused(await postAssertion(challengeCookie, { response: soft.authenticate(options) }));
    const other = await signInOptions();
    await expectRefused(await postAssertion(null, { response: soft.authenticate(other.options) }));
  });

  it("refuses a counter that goes backwards", async () => {
    await expectRefused((await signIn(soft, { counter: 0 })).answer);
    // The passkey goes on working once its counter goes up again.
    expect((await signIn(soft)).answer.status).toBe(200);
  });

  it("refuses another origin, another relying party id, and a user not verified", async () => {
    for (const tweak of [{ origin: "https://phish.example" }, { rpId: "phish.example" }, { userVerified: false }] satisfies Tweak[]) {
      await expectRefused((await signIn(soft, tweak)).answer);
    }
  });

  it("refuses a passkey the site does not know", async () => {
    const stranger = authenticator();
    stranger.register(await registrationOptions(site.cookie));
    await expectRefused((await signIn(stranger)).answer);
  });

  it("refuses the passkey of an admin taken off the whitelist", async () => {
    const third = "third@example.com";
    const added = await call("/api/admin/whitelist", { method: "POST", body: { email: third } });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const thirdCookie = await site.signIn(third);
    const thirds = authenticator();
    expect((await register(thirds, { cookie: thirdCookie, name: "Third's" })).status).toBe(201);
    expect((await call(`/api/admin/whitelist/${id}`, { method: "DELETE" })).status).toBe(200);
    await expectRefused((await signIn(thirds)).answer, 403);
    expect(site.app.output()).toContain('"reason":"unauthorized"');
  });
});

describe("an admin who lost their passkeys", () => {
  async function secondWithPasskeys(count: number) {
    withServerDatabase(site.app, (db) => db.prepare("delete from passkeys where admin_email = ?").run(SECOND));
    // Removing their passkeys ended their sessions (decision 062): they sign in again.
    secondCookie = await site.signIn(SECOND);
    for (let n = 0; n < count; n++) expect((await register(authenticator(), { cookie: secondCookie, name: `Second's ${n}` })).status).toBe(201);
    const entries = (await (await call("/api/admin/whitelist")).json()) as { id: number; email: string }[];
    return entries.find((entry) => entry.email === SECOND)!.id;
  }
  const secondsPasskeys = () => withServerDatabase(site.app, (db) => (db.prepare("select count(*) as n from passkeys where admin_email = ?").get(SECOND) as { n: number }).n);

  it("has them all removed by another admin, in the change log; not their own entry's, nor an unknown one", async () => {
    const id = await secondWithPasskeys(2);
    const answer = await call(`/api/admin/whitelist/${id}/passkeys`, { method: "DELETE" });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { removed: number }).removed).toBe(2);
    expect(secondsPasskeys()).toBe(0);
    const logged = withServerDatabase(site.app, (db) => db.prepare("select actor, summary from audit_log where entity = 'passkey' order by id desc limit 1").get());
    expect(logged).toEqual({ actor: FIRST, summary: `all passkeys of ${SECOND} (2)` });

    const entries = (await (await call("/api/admin/whitelist")).json()) as { id: number; email: string }[];
    const own = entries.find((entry) => entry.email === FIRST)!.id;
    expect((await call(`/api/admin/whitelist/${own}/passkeys`, { method: "DELETE" })).status).toBe(403);
    expect((await call("/api/admin/whitelist/999999/passkeys", { method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/admin/whitelist/${id}/passkeys`, { method: "DELETE", cookie: null })).status).toBe(401);
  });

  it("has them removed from the command line on a site with one admin: npm run admin:reset-passkeys -- EMAIL", async () => {
    await secondWithPasskeys(1);
    const output = execFileSync(process.execPath, [path.join(ROOT, "build", "admin-reset-passkeys.js"), SECOND.toUpperCase()], { cwd: site.app.workDir, encoding: "utf8", env: { ...process.env, DATABASE_PATH: site.app.databasePath } });
    expect(output.trim()).toBe(`1 passkey of ${SECOND} removed.`);
    expect(secondsPasskeys()).toBe(0);
    const logged = withServerDatabase(site.app, (db) => db.prepare("select actor, summary from audit_log where entity = 'passkey' order by id desc limit 1").get());
    expect(logged).toEqual({ actor: "command line", summary: `all passkeys of ${SECOND} (1)` });
    // Without an address it says how to use it.
    expect(() => execFileSync(process.execPath, [path.join(ROOT, "build", "admin-reset-passkeys.js")], { cwd: site.app.workDir, stdio: "pipe" })).toThrow(/Usage: npm run admin:reset-passkeys -- EMAIL/);
  });
});
