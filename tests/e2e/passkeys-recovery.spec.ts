import { expect, test } from "./fixtures";
import { openSignedIn, signedInState, withE2eDatabase } from "./support";

/**
 * An admin who lost their passkeys asks another, who removes them all from the Admins
 * tab (a dialog with JavaScript, a page without); the change log records who did it.
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
