import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mimeParts } from "../support/smtp";
import { freePort, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { startSmtpSink, type SmtpSink } from "../support/smtp";

/**
 * Staff passkeys in Chromium with a virtual authenticator (CTAP2, resident keys, user
 * verification): add one in the Admins tab, sign out, sign in with it on /admin/login,
 * remove it. A browser accepts a passkey only for a domain, so this file runs its own
 * server at http://localhost (the shared one answers at 127.0.0.1, an address).
 */

const ADMIN = "passkeys@example.com";
const NEWCOMER = "newcomer@example.com";

let server: RunningServer;
let sink: SmtpSink;
let baseURL: string;

test.beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  server = await startServer({
    port,
    env: { APP_URL: baseURL, ADMIN_EMAILS: `${ADMIN},${NEWCOMER}`, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, RATE_LIMIT_FACTOR: "5", GEOCODER_URL: "", LOG_LEVEL: "warn" },
    startupTimeoutMs: 120_000,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});

/** A context on the localhost server with a virtual authenticator that verifies its user. */
async function withAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Runs `work` with 'Require a passkey for staff sign-in' on, and leaves it off after. */
async function withPasskeyRequired(work: () => Promise<void>) {
  withServerDatabase(server, (db) =>
    db.prepare("insert into configurations (key, value, description, updated_by) values ('staff_passkey_required', 'on', 'test', ?) on conflict(key) do update set value = 'on'").run(ADMIN),
  );
  try {
    await work();
  } finally {
    withServerDatabase(server, (db) => db.prepare("delete from configurations where key = 'staff_passkey_required'").run());
  }
}

async function signInByMail(page: Page, email = ADMIN, landsOn = /\/admin\/dashboard$/) {
  await page.goto(`${baseURL}/admin/login`);
  await page.locator("html[data-hydrated]").waitFor();
  const before = sink.messages().length;
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send Login Link" }).click();
  await expect(page.getByText("Check your email for a login link.")).toBeVisible();
  const mail = await sink.waitFor((message) => sink.messages().indexOf(message) >= before && message.to.includes(email));
  const text = mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
  const link = text.split(/\r?\n/).find((line) => line.startsWith(`${baseURL}/admin/auth/magic?token=`))!;
  await page.goto(link);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(landsOn);
}

test("an admin adds a passkey, signs out, signs in with it, and removes it", async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withAuthenticator(context, page);
  await signInByMail(page);

  await page.goto(`${baseURL}/admin/dashboard/admins`);
  await page.locator("html[data-hydrated]").waitFor();
  const section = page.getByRole("region", { name: "Your passkeys" });
  await expect(section).toContainText("You have no passkeys yet.");
  await section.getByRole("textbox", { name: "Passkey name" }).fill("Test laptop");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status")).toHaveText("Passkey added.");
  await expect(section.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  await expect(section).toContainText("not used yet");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);

  // Signed out, then back in with the passkey alone: the Email field's passkey autofill
  // signs in as soon as a passkey is picked (the virtual authenticator picks it at once).
  // The button's own request is the second test's.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.goto(`${baseURL}/admin/dashboard/admins`);
  await expect(section).toContainText(/last used/);
  await expect(page.getByRole("region", { name: "Your Sessions" })).toContainText("Signed in with a passkey");

  // Removed, with a confirmation.
  await section.getByRole("link", { name: "Remove the passkey Test laptop" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove Passkey" }).or(page.getByRole("dialog", { name: "Remove Passkey" }));
  await expect(dialog).toContainText("Test laptop");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(section).toContainText("You have no passkeys yet.");
  await context.close();
});

test("a passkey the site does not know, or a user not verified, signs nobody in", async ({ browser }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withAuthenticator(context, page);
  // A passkey made for this site by another browser profile, never registered here.
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId,
    credential: {
      credentialId: Buffer.from("not-registered-here").toString("base64"),
      isResidentCredential: true,
      rpId: "localhost",
      privateKey: (await import("node:crypto")).generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "der" }).toString("base64"),
      userHandle: Buffer.from("someone").toString("base64"),
      signCount: 0,
    },
  });
  await page.goto(`${baseURL}/admin/login`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("This passkey could not sign you in.");
  await expect(page).toHaveURL(/\/admin\/login$/);

  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await context.close();
});

/**
 * The browser's assertion for this browser's next sign-in challenge, made by a script on
 * the page as it stands (a script of a look-alike page, or one that asks the
 * authenticator not to verify the user), answering the site's own options.
 */
async function assertionFromScript(page: Page, userVerification: UserVerificationRequirement): Promise<unknown> {
  const asked = await page.request.post(`${baseURL}/api/auth/passkey/options`, { headers: { Origin: baseURL } });
  const { challenge } = (await asked.json()) as { challenge: string };
  return page.evaluate(async ({ challenge, userVerification }) => {
    const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
    const toB64url = (buffer: ArrayBuffer | null) =>
      buffer ? btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : undefined;
    const credential = (await navigator.credentials.get({ publicKey: { challenge: fromB64url(challenge), rpId: "localhost", userVerification } })) as PublicKeyCredential;
    const response = credential.response as AuthenticatorAssertionResponse;
    return {
      id: credential.id,
      rawId: toB64url(credential.rawId),
      type: credential.type,
      clientExtensionResults: {},
      response: {
        clientDataJSON: toB64url(response.clientDataJSON),
        authenticatorData: toB64url(response.authenticatorData),
        signature: toB64url(response.signature),
        userHandle: toB64url(response.userHandle),
      },
    };
  }, { challenge, userVerification });
}

/** Opens a look-alike page on another origin of the same host: the relying party id fits, the origin does not. */
async function openLookAlike(page: Page) {
  const otherOrigin = `http://localhost:${await freePort()}`;
  await page.route(`${otherOrigin}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Look-alike</title><p>Sign in</p>" }));
  await page.goto(`${otherOrigin}/`);
}

const postAssertion = (page: Page, response: unknown) => page.request.post(`${baseURL}/api/auth/passkey`, { headers: { Origin: baseURL }, data: { response } });

/** Where a browser with these cookies stands: 200 signed in, 401 not. */
const adminCallStatus = async (page: Page) => (await page.request.get(`${baseURL}/api/admin/me`)).status();

test("with a passkey required: the link, then the passkey; an unverified user, another origin and a replayed answer open nothing", async ({ browser }) => {
  // The admin adds a passkey, then requires one on the Settings tab.
  const setup = await browser.newContext({ baseURL });
  const setupPage = await setup.newPage();
  const first = await withAuthenticator(setup, setupPage);
  await signInByMail(setupPage);
  await setupPage.goto(`${baseURL}/admin/dashboard/admins`);
  await setupPage.locator("html[data-hydrated]").waitFor();
  const section = setupPage.getByRole("region", { name: "Your passkeys" });
  await section.getByRole("textbox", { name: "Passkey name" }).fill("Desk key");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status")).toHaveText("Passkey added.");
  await setupPage.goto(`${baseURL}/admin/dashboard/settings`);
  await setupPage.locator("html[data-hydrated]").waitFor();
  await setupPage.getByRole("checkbox", { name: "Require a passkey for staff sign-in" }).check();
  await setupPage.getByRole("button", { name: "Save sign-in setting" }).click();
  await expect(setupPage.getByText("A passkey is now required for staff sign-in").first()).toBeVisible();
  const [credential] = (await first.cdp.send("WebAuthn.getCredentials", { authenticatorId: first.authenticatorId })).credentials;
  await setup.close();

  try {
    // Another browser signs in by link: the passkey step, where nothing else opens.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInByMail(page, ADMIN, /\/admin\/login\/passkey$/);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByRole("heading", { name: "Use your passkey" })).toBeVisible();
    expect(await adminCallStatus(page)).toBe(401);
    await expectNoAxeViolations(page, "the passkey step");
    // Its authenticator holds the admin's passkey from here on (none on the login page, whose autofill would use it at once).
    const { cdp, authenticatorId } = await withAuthenticator(context, page);
    await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });

    // A user the authenticator did not verify: the page's request, which requires it, fails
    // in the browser; an answer a script got without it is refused by the site.
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
    await page.getByRole("button", { name: "Use my passkey" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    const unverified = await postAssertion(page, await assertionFromScript(page, "discouraged"));
    expect(unverified.status()).toBe(400);
    expect(((await unverified.json()) as { error: string }).error).toContain("This passkey could not sign you in.");
    expect(await adminCallStatus(page)).toBe(401);
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: true });

    // An answer made on another origin for this browser's own challenge.
    await openLookAlike(page);
    expect((await postAssertion(page, await assertionFromScript(page, "required"))).status()).toBe(400);
    expect(await adminCallStatus(page)).toBe(401);

    // The real thing, watched: its answer is kept to be replayed.
    await page.goto(`${baseURL}/admin/login/passkey`);
    await page.locator("html[data-hydrated]").waitFor();
    const posted = page.waitForRequest((request) => request.url() === `${baseURL}/api/auth/passkey` && request.method() === "POST");
    await page.getByRole("button", { name: "Use my passkey" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const answer = (await posted).postDataJSON() as { response: unknown };
    expect(await adminCallStatus(page)).toBe(200);
    await page.goto(`${baseURL}/admin/dashboard/admins`);
    await expect(page.getByRole("region", { name: "Your Sessions" })).toContainText("Signed in with email link and a passkey");
    await context.close();

    // Someone else who got a link of this admin's replays that answer, under a fresh challenge: refused.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signInByMail(otherPage, ADMIN, /\/admin\/login\/passkey$/);
    await otherPage.request.post(`${baseURL}/api/auth/passkey/options`, { headers: { Origin: baseURL } });
    expect((await postAssertion(otherPage, answer.response)).status()).toBe(400);
    expect(await adminCallStatus(otherPage)).toBe(401);
    await otherPage.goto(`${baseURL}/admin/dashboard`);
    await expect(otherPage).toHaveURL(/\/admin\/login\/passkey$/);
    await other.close();
  } finally {
    withServerDatabase(server, (db) => {
      db.prepare("delete from configurations where key = 'staff_passkey_required'").run();
      db.prepare("delete from passkeys where admin_email = ?").run(ADMIN);
    });
  }
});

test("with a passkey required, an admin without one is sent to add one, which signs them in", async ({ browser }) => {
  await withPasskeyRequired(async () => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await withAuthenticator(context, page);
    await signInByMail(page, NEWCOMER, /\/admin\/login\/passkey$/);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByRole("heading", { name: "Add a passkey to continue" })).toBeVisible();
    await expect(page.getByText(`${NEWCOMER} has no passkey yet`)).toBeVisible();
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await layoutProblems(page), `${width} px`).toEqual([]);
    }
    await page.getByRole("textbox", { name: "Passkey name" }).fill("Newcomer laptop");
    await page.getByRole("button", { name: "Add a passkey and continue" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
    await page.goto(`${baseURL}/admin/dashboard/admins`);
    await expect(page.getByRole("region", { name: "Your passkeys" })).toContainText("Newcomer laptop");
    await expect(page.getByRole("region", { name: "Your Sessions" })).toContainText("Signed in with email link and a passkey");
    await context.close();
  });
});
