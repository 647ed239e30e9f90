import { expect, test } from "./fixtures";
import { openPage, openSignedIn, signedInState, withE2eDatabase } from "./support";

/**
 * Staff passkeys without JavaScript: the browser cannot use a passkey at all, so the
 * login page says so and keeps the link and Google, the Admins tab says adding one
 * needs JavaScript, and a passkey can still be removed (a confirmation page).
 */

const ADMIN = "sessions@example.com";

test("the login page says a passkey needs JavaScript and keeps the other ways in", async ({ page }) => {
  await openPage(page, "/admin/login", false);
  // In a noscript element, which the browser shows with scripts off (Playwright's text queries skip noscript).
  expect(await page.locator("body").innerText()).toContain("Signing in with a passkey needs JavaScript, which is off in this browser. Use the e-mailed link or Google instead.");
  await expect(page.getByRole("button", { name: "Send Login Link" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
});

test("the Admins tab lists the admin's passkeys, says adding one needs JavaScript, and removes one after a confirmation", async ({ browser, baseURL }, testInfo) => {
  const state = await signedInState(browser, testInfo, ADMIN);
  const name = `Old phone ${Date.now().toString(36)}`;
  withE2eDatabase((db) =>
    db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, ?, 'AA', 0, ?)").run(ADMIN, `cred-${name}`, name),
  );
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: false, storageState: state }, "/admin/dashboard/admins");
  const section = page.getByRole("region", { name: "Your passkeys" });
  await expect(section).toContainText(name);
  await expect(section).toContainText("Adding a passkey needs JavaScript, which is off in this browser");
  await section.getByRole("link", { name: `Remove the passkey ${name}` }).click();
  await expect(page.getByText(`Are you sure you want to remove the passkey ${name}?`)).toBeVisible();
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Passkey removed.")).toBeVisible();
  await expect(section).not.toContainText(name);
  expect(withE2eDatabase((db) => db.prepare("select count(*) as n from passkeys where name = ?").get(name) as { n: number }).n).toBe(0);
  await context.close();
});
