import type { Browser, BrowserContext, CDPSession, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mailHeader, mimeParts } from "../support/smtp";
import { ageProofs } from "../support/session-rows";
import { sessionCookieIn } from "./support";
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

/** A browser of its own with a virtual authenticator, the admin signed in there by link. */
async function signedInWithAuthenticator(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await withAuthenticator(context, page);
  await signInByMail(page);
  return { context, page, cdp, authenticatorId };
}

/** The Admins tab, hydrated: its 'Your passkeys' section. */
async function openOwnPasskeys(page: Page): Promise<Locator> {
  await page.goto(`${baseURL}/admin/dashboard/admins`);
  await page.locator("html[data-hydrated]").waitFor();
  return page.getByRole("region", { name: "Your passkeys" });
}

/** 'Add a passkey' in that section, under `name`, with this browser's authenticator. */
async function addPasskeyNamed(section: Locator, name: string) {
  await section.getByRole("textbox", { name: "Passkey name" }).fill(name);
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status")).toHaveText("Passkey added.");
}

test("an admin adds a passkey, signs out, signs in with it, and removes it", async ({ browser }) => {
  const { context, page, cdp, authenticatorId } = await signedInWithAuthenticator(browser);

  const section = await openOwnPasskeys(page);
  await expect(section).toContainText("You have no passkeys yet.");
  // The name is required, and marked so.
  const nameField = section.getByRole("textbox", { name: "Passkey name" });
  await expect(nameField).toHaveAttribute("required", "");
  await expect(section.locator('label[for="passkey-name"]')).toHaveText("Passkey name*");
  await addPasskeyNamed(section, "Test laptop");
  await expect(section.getByRole("list", { name: "Your passkeys" })).toContainText("Test laptop");
  // Added, the field is empty again: a second passkey is not offered the same name.
  await expect(nameField).toHaveValue("");
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
  // The Email field's autofill asks for its options as the page wakes. Held until the
  // button has been pressed, its answer comes last: it must not cancel the button's request.
  let releaseAutofill = () => {};
  const autofillHeld = new Promise<void>((held) => {
    let first = true;
    void page.route(`${baseURL}/api/auth/passkey/options`, async (route) => {
      if (!first) return route.continue();
      first = false;
      held();
      await new Promise<void>((release) => (releaseAutofill = release));
      await route.continue();
    });
  });
  await page.goto(`${baseURL}/admin/login`);
  await page.locator("html[data-hydrated]").waitFor();
  await autofillHeld;
  const buttonAsked = page.waitForRequest(`${baseURL}/api/auth/passkey/options`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await buttonAsked;
  releaseAutofill();
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
  await addPasskeyNamed(await openOwnPasskeys(setupPage), "Desk key");
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

/** Moves the proofs of this browser's session 6 minutes back: a session whose passkey was used longer ago than 5 minutes (decision 062). */
const staleProofs = async (context: BrowserContext) => ageProofs(server, await sessionCookieIn(context), 6 * 60_000);

/** 'Use my passkey now' in `scope`, then the page it comes back to, hydrated. */
async function usePasskeyNow(page: Page, scope: Locator) {
  const back = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await scope.getByRole("button", { name: "Use my passkey now" }).click();
  await back;
  await page.locator("html[data-hydrated]").waitFor();
}

/** The mail to `to` under `subject` that says `saying`, received from now on or before. */
const mailSaying = (to: string, subject: string, saying: string) =>
  sink.waitFor((mail) => mail.to.includes(to) && mailHeader(mail.raw, "subject") === subject && (mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "").includes(saying));

test("with a passkey required, a change to the sign-in factors waits for 'Confirm it's you' with the passkey, then goes through, and the admin is mailed", async ({ browser }) => {
  const { context, page, cdp, authenticatorId } = await signedInWithAuthenticator(browser);
  // Before anything is required, the session is enough to add the first passkey.
  const section = await openOwnPasskeys(page);
  await addPasskeyNamed(section, "Desk key");
  withServerDatabase(server, (db) => {
    db.prepare("delete from passkeys where admin_email = ?").run(NEWCOMER);
    db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, 'cred-newcomer-lost', 'AA', 0, 'Lost phone')").run(NEWCOMER);
  });

  try {
    await withPasskeyRequired(async () => {
      // A session from the link alone, or a passkey used more than 5 minutes ago: the tab asks first.
      await staleProofs(context);
      await openOwnPasskeys(page);
      const confirm = section.getByRole("region", { name: "Confirm it's you" });
      await expect(confirm).toContainText("needs your passkey, used in the last 5 minutes");
      await expect(section.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
      await expectNoAxeViolations(page, "'Confirm it's you' in the Admins tab");
      await usePasskeyNow(page, confirm);
      await expect(section.getByRole("button", { name: "Add a passkey" })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/dashboard\/admins$/);
      // The spare is made by another device: this authenticator lends its desk key out meanwhile (the browser refuses a second passkey of one device).
      const [deskKey] = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
      await cdp.send("WebAuthn.removeCredential", { authenticatorId, credentialId: deskKey.credentialId });
      await addPasskeyNamed(section, "Spare key");
      await mailSaying(ADMIN, "A passkey was added to your admin account", 'A passkey named "Spare key" was added');

      // The remove dialog opened while fresh; the proof goes stale before the click: refused, and the dialog says what to do.
      await section.getByRole("link", { name: "Remove the passkey Spare key" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Remove Passkey" });
      await expect(dialog.getByRole("button", { name: "Remove" })).toBeVisible();
      await staleProofs(context);
      await dialog.getByRole("button", { name: "Remove" }).click();
      await expect(dialog.getByRole("region", { name: "Confirm it's you" })).toBeVisible();
      await expect(page.getByText("needs your passkey, used in the last 5 minutes").first()).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Remove" })).toHaveCount(0);
      expect(withServerDatabase(server, (db) => db.prepare("select count(*) as n from passkeys where name = 'Spare key'").get() as { n: number }).n).toBe(1);
      await usePasskeyNow(page, dialog);
      await expect(dialog.getByRole("button", { name: "Remove" })).toBeVisible();
      await dialog.getByRole("button", { name: "Remove" }).click();
      await expect(page.getByText("Passkey removed.").first()).toBeVisible();
      await expect(section).not.toContainText("Spare key");
      await mailSaying(ADMIN, "A passkey was removed from your admin account", 'The passkey "Spare key"');
      const [spareKey] = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
      await cdp.send("WebAuthn.removeCredential", { authenticatorId, credentialId: spareKey.credentialId });
      await cdp.send("WebAuthn.addCredential", { authenticatorId, credential: deskKey });

      // Another admin's passkeys.
      await staleProofs(context);
      await page.getByRole("link", { name: `Remove passkeys (1) of ${NEWCOMER}` }).click();
      const others = page.getByRole("alertdialog", { name: "Remove Passkeys" });
      await expect(others.getByRole("region", { name: "Confirm it's you" })).toBeVisible();
      await expect(others.getByRole("button", { name: "Remove passkeys" })).toHaveCount(0);
      await usePasskeyNow(page, others);
      await others.getByRole("button", { name: "Remove passkeys" }).click();
      await expect(page.getByText("Their passkeys are removed").first()).toBeVisible();
      await mailSaying(NEWCOMER, "Your passkeys were removed from your admin account", `removed by ${ADMIN}`);

      // The requirement.
      await staleProofs(context);
      await page.goto(`${baseURL}/admin/dashboard/settings`);
      await page.locator("html[data-hydrated]").waitFor();
      const signIn = page.getByRole("region", { name: "Staff sign-in" });
      await expect(signIn.getByRole("button", { name: "Save sign-in setting" })).toHaveCount(0);
      await usePasskeyNow(page, signIn);
      await expect(signIn.getByRole("button", { name: "Save sign-in setting" })).toBeVisible();
      await signIn.getByRole("checkbox", { name: "Require a passkey for staff sign-in" }).uncheck();
      await signIn.getByRole("button", { name: "Save sign-in setting" }).click();
      await expect(page.getByText("A passkey is no longer required for staff sign-in.").first()).toBeVisible();
      await mailSaying(NEWCOMER, "Staff sign-in no longer requires a passkey", `${ADMIN} switched off`);
    });
  } finally {
    withServerDatabase(server, (db) => db.prepare("delete from passkeys where admin_email in (?, ?)").run(ADMIN, NEWCOMER));
    await context.close();
  }
});
