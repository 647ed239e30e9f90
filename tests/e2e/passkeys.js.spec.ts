import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mimeParts } from "../support/smtp";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp";

/**
 * Staff passkeys in Chromium with a virtual authenticator (CTAP2, resident keys, user
 * verification): add one in the Admins tab, sign out, sign in with it on /admin/login,
 * remove it. A browser accepts a passkey only for a domain, so this file runs its own
 * server at http://localhost (the shared one answers at 127.0.0.1, an address).
 */

const ADMIN = "passkeys@example.com";

let server: RunningServer;
let sink: SmtpSink;
let baseURL: string;

test.beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  server = await startServer({
    port,
    env: { APP_URL: baseURL, ADMIN_EMAILS: ADMIN, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, RATE_LIMIT_FACTOR: "5", GEOCODER_URL: "", LOG_LEVEL: "warn" },
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

async function signInByMail(page: Page) {
  await page.goto(`${baseURL}/admin/login`);
  await page.locator("html[data-hydrated]").waitFor();
  const before = sink.messages().length;
  await page.getByRole("textbox", { name: "Email" }).fill(ADMIN);
  await page.getByRole("button", { name: "Send Login Link" }).click();
  await expect(page.getByText("Check your email for a login link.")).toBeVisible();
  const mail = await sink.waitFor((message) => sink.messages().indexOf(message) >= before && message.to.includes(ADMIN));
  const text = mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
  const link = text.split(/\r?\n/).find((line) => line.startsWith(`${baseURL}/admin/auth/magic?token=`))!;
  await page.goto(link);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
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
