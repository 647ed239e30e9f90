import { expect, test } from "./fixtures";
import { mailFiles, mailSays, openPage, openSignedIn, sessionProofsMade, signedInState, waitForMail, withE2eDatabase } from "./support";

/**
 * An admin who lost their passkeys asks another, who removes them all from the Admins
 * tab (a dialog with JavaScript, a page without); the change log records who did it,
 * and the admin is mailed. While a passkey is required, a helper without a passkey of
 * their own must have signed in within 5 minutes (decision 062).
 */

const HELPER = "sessions@example.com";
const LOST = "office@example.com";

test("another admin removes a lost passkey", async ({ browser, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const name = `Lost phone ${javaScriptEnabled ? "js" : "nojs"} ${Date.now().toString(36)}`;
  withE2eDatabase((db) => {
    db.prepare("delete from passkeys where admin_email = ?").run(LOST);
    db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, ?, 'AA', 0, ?)").run(LOST, `cred-${name}`, name);
  });
  const state = await signedInState(browser, testInfo, HELPER);
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: state }, "/admin/dashboard/admins");
  await page.getByRole("link", { name: `Remove passkeys (1) of ${LOST}` }).click();
  await expect(page.getByText(`Remove all 1 passkey of ${LOST}?`)).toBeVisible();
  await page.getByRole("button", { name: "Remove passkeys" }).click();
  await expect(page.getByText("Their passkeys are removed: they can sign in by link or Google and add new ones.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Remove passkeys (1) of ${LOST}` })).toHaveCount(0);
  expect(withE2eDatabase((db) => db.prepare("select count(*) as n from passkeys where admin_email = ?").get(LOST) as { n: number }).n).toBe(0);
  const logged = withE2eDatabase((db) => db.prepare("select actor, summary from audit_log where entity = 'passkey' order by id desc limit 1").get() as { actor: string; summary: string });
  expect(logged).toEqual({ actor: HELPER, summary: `all passkeys of ${LOST} (1)` });
  await context.close();
});

test("with a passkey required, a helper without a passkey is asked to sign in again, then removes a lost passkey, and its admin is told", async ({ browser, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  withE2eDatabase((db) => {
    db.prepare("delete from passkeys where admin_email in (?, ?)").run(LOST, HELPER);
    db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, ?, 'AA', 0, 'Lost tablet')").run(LOST, `cred-tablet-${Date.now()}`);
    db.prepare("insert into configurations (key, value, description, updated_by) values ('staff_passkey_required', 'on', 'test', ?) on conflict(key) do update set value = 'on'").run(HELPER);
  });
  const state = await signedInState(browser, testInfo, HELPER);
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: state }, "/admin/dashboard/admins");
  try {
    const seen = new Set(mailFiles());
    await sessionProofsMade(context, 6);
    await openPage(page, "/admin/dashboard/admins", javaScriptEnabled);
    await page.getByRole("link", { name: `Remove passkeys (1) of ${LOST}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove Passkeys" });
    await expect(dialog.getByRole("region", { name: "Confirm it's you" })).toContainText("needs a sign-in in the last 5 minutes");
    await expect(dialog.getByRole("button", { name: "Remove passkeys" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Email me a sign-in link" }).click();
    await expect(page.getByText("Check your email: the link signs you in again and brings you back here.").first()).toBeVisible();
    await waitForMail(HELPER, seen, mailSays("Your sign-in link", "%2Fpasskeys%2Fremove"), "a sign-in link back to the dialog");

    // Signed in a minute ago (as the link would do): through.
    await sessionProofsMade(context, 1);
    await openPage(page, page.url(), javaScriptEnabled);
    await dialog.getByRole("button", { name: "Remove passkeys" }).click();
    await expect(page.getByText("Their passkeys are removed: they can sign in by link or Google and add new ones.", { exact: true })).toBeVisible();
    await waitForMail(LOST, seen, mailSays("Your passkeys were removed from your admin account", `removed by ${HELPER}`), "the mail to the admin whose passkeys went");
  } finally {
    withE2eDatabase((db) => db.prepare("delete from configurations where key = 'staff_passkey_required'").run());
    await context.close();
  }
});
