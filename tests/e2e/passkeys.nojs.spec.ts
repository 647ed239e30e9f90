import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { mailFiles, mailSays, openPage, openSignedIn, sessionProofsMade, signedInState, signInByMail, waitForMail, withE2eDatabase } from "./support";

/**
 * Staff passkeys without JavaScript: the browser cannot use a passkey at all, so the
 * login page says so and keeps the link and Google, the Admins tab says adding one
 * needs JavaScript, and a passkey can still be removed (a confirmation page).
 */

const ADMIN = "sessions@example.com";
const STEP_ADMIN = "steps@example.com";

const requirement = () => withE2eDatabase((db) => (db.prepare("select value from configurations where key = 'staff_passkey_required'").get() as { value: string } | undefined)?.value ?? "off");

/** Runs `work` with a passkey required on this worker's site, and leaves it off after (its tests run one at a time). */
async function withPasskeyRequired(work: () => Promise<void>) {
  withE2eDatabase((db) =>
    db
      .prepare("insert into configurations (key, value, description, updated_by) values ('staff_passkey_required', 'on', 'test', ?) on conflict(key) do update set value = 'on'")
      .run(STEP_ADMIN),
  );
  try {
    await work();
  } finally {
    withE2eDatabase((db) => db.prepare("delete from configurations where key = 'staff_passkey_required'").run());
  }
}

test("the login page says a passkey needs JavaScript and keeps the other ways in", async ({ page }) => {
  await openPage(page, "/admin/login", false);
  // In a noscript element, which the browser shows with scripts off (Playwright's text queries skip noscript).
  expect(await page.locator("body").innerText()).toContain("Signing in with a passkey needs JavaScript, which is off in this browser. Use the e-mailed link or Google instead.");
  await expect(page.getByRole("button", { name: "Send Login Link" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
});

test("with a passkey required, the login page says at the top that signing in needs JavaScript on, not that the link will do", async ({ page }) => {
  await withPasskeyRequired(async () => {
    await openPage(page, "/admin/login", false);
    const text = await page.locator("body").innerText();
    expect(text).toContain("This site asks staff for a passkey, and a passkey needs JavaScript, which is off in this browser. Turn JavaScript on to sign in: the e-mailed link and Google lead to the passkey step.");
    expect(text).not.toContain("Use the e-mailed link or Google instead.");
    // Said before the form.
    expect(text.indexOf("This site asks staff for a passkey")).toBeLessThan(text.indexOf("Send Login Link"));
    await expectNoAxeViolations(page, "the login page with a passkey required", { javaScriptEnabled: false });
  });
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

test("with a passkey required, a link sign-in without JavaScript is told what to do, and opens nothing else", async ({ page, baseURL }) => {
  await withPasskeyRequired(async () => {
    await signInByMail(page, { email: STEP_ADMIN, baseURL: baseURL!, javaScriptEnabled: false, landsOn: /\/admin\/login\/passkey$/ });
    await expect(page.getByRole("heading", { name: "Add a passkey to continue" })).toBeVisible();
    expect(await page.locator("body").innerText()).toContain(
      "Adding a passkey needs JavaScript, which is off in this browser. Turn JavaScript on and reload this page, or sign in from a browser that has it. If you cannot, another admin can switch the requirement off in the Settings tab.",
    );
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await layoutProblems(page), `${width} px`).toEqual([]);
    }
    await expectNoAxeViolations(page, "the passkey step without JavaScript", { javaScriptEnabled: false });

    // Nothing of the back office opens in the step.
    await page.goto("/admin/dashboard/messages");
    await expect(page).toHaveURL(/\/admin\/login\/passkey$/);
    expect((await page.request.get("/api/admin/me")).status()).toBe(401);

    // With a passkey of theirs, the step asks for it, and says the same of JavaScript.
    withE2eDatabase((db) => db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, ?, 'AA', 0, 'Desk key')").run(STEP_ADMIN, `cred-step-${Date.now()}`));
    try {
      await page.reload();
      await expect(page.getByRole("heading", { name: "Use your passkey" })).toBeVisible();
      expect(await page.locator("body").innerText()).toContain("Using a passkey needs JavaScript, which is off in this browser.");
    } finally {
      withE2eDatabase((db) => db.prepare("delete from passkeys where admin_email = ?").run(STEP_ADMIN));
    }

    await page.getByRole("button", { name: "Cancel sign-in" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto("/admin/login/passkey");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test("the Settings tab switches 'Require a passkey for staff sign-in' on and off, for an admin who has a passkey", async ({ browser, baseURL }, testInfo) => {
  const state = await signedInState(browser, testInfo, ADMIN);
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: false, storageState: state }, "/admin/dashboard/settings");
  const box = page.getByRole("checkbox", { name: "Require a passkey for staff sign-in" });
  // Without a passkey of their own, the admin cannot switch it on.
  await expect(box).toBeDisabled();
  await expect(page.getByText("Only an admin who has a passkey can switch this on")).toBeVisible();

  const credential = `cred-settings-${Date.now()}`;
  withE2eDatabase((db) => db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, ?, 'AA', 0, 'Settings key')").run(ADMIN, credential));
  try {
    await page.reload();
    await box.check();
    await page.getByRole("button", { name: "Save sign-in setting" }).click();
    await expect(page.getByText("A passkey is now required for staff sign-in")).toBeVisible();
    await expect(box).toBeChecked();
    expect(requirement()).toBe("on");
    // Switching it off needs the passkey used in the last 5 minutes (decision 062); this session's proofs are older.
    await sessionProofsMade(context, 6);
    await page.reload();
    await expect(page.getByRole("region", { name: "Confirm it's you" })).toBeVisible();
    await sessionProofsMade(context, 1);
    await page.reload();
    await box.uncheck();
    await page.getByRole("button", { name: "Save sign-in setting" }).click();
    await expect(page.getByText("A passkey is no longer required for staff sign-in.")).toBeVisible();
    await expect(box).not.toBeChecked();
    expect(requirement()).toBe("off");
  } finally {
    withE2eDatabase((db) => {
      db.prepare("delete from passkeys where credential_id = ?").run(credential);
      db.prepare("delete from configurations where key = 'staff_passkey_required'").run();
    });
  }
  await context.close();
});



test("with a passkey required, removing passkeys and switching the requirement off wait for 'Confirm it's you', then go through, and each admin is mailed", async ({ browser, baseURL }, testInfo) => {
  const state = await signedInState(browser, testInfo, ADMIN);
  const name = `Pocket key ${Date.now().toString(36)}`;
  withE2eDatabase((db) => {
    db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, ?, 'AA', 0, ?)").run(ADMIN, `cred-${name}`, name);
    db.prepare("insert into passkeys (admin_email, credential_id, public_key, counter, name) values (?, ?, 'AA', 0, 'Lost phone')").run(STEP_ADMIN, `cred-lost-${name}`);
  });
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: false, storageState: state }, "/admin/dashboard/admins");
  try {
    await withPasskeyRequired(async () => {
      const seen = new Set(mailFiles());
      // A session from the e-mailed link, or a passkey used more than 5 minutes ago: the tab says what to do instead of adding one.
      await sessionProofsMade(context, 6);
      await page.reload();
      const section = page.getByRole("region", { name: "Your passkeys" });
      await expect(section.getByRole("region", { name: "Confirm it's you" })).toContainText("needs your passkey, used in the last 5 minutes");
      expect(await section.innerText()).toContain("Using a passkey needs JavaScript, which is off in this browser.");
      await expectNoAxeViolations(page, "'Confirm it's you' without JavaScript", { javaScriptEnabled: false });

      // The confirmation page opened while the proof was fresh; it goes stale before the click: refused.
      await sessionProofsMade(context, 1);
      await section.getByRole("link", { name: `Remove the passkey ${name}` }).click();
      const dialog = page.getByRole("alertdialog", { name: "Remove Passkey" });
      await sessionProofsMade(context, 6);
      await dialog.getByRole("button", { name: "Remove" }).click();
      await expect(dialog.getByRole("region", { name: "Confirm it's you" })).toBeVisible();
      await expect(page.getByRole("status").getByText("needs your passkey, used in the last 5 minutes")).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Remove" })).toHaveCount(0);
      await sessionProofsMade(context, 1);
      await page.reload();
      await dialog.getByRole("button", { name: "Remove" }).click();
      await expect(page.getByText("Passkey removed.")).toBeVisible();
      await waitForMail(ADMIN, seen, mailSays("A passkey was removed from your admin account", `The passkey "${name}"`), "the mail of a passkey removed");

      // Now without a passkey: a sign-in in the last 5 minutes, or a link e-mailed to sign in again.
      await sessionProofsMade(context, 6);
      await page.getByRole("link", { name: `Remove passkeys (1) of ${STEP_ADMIN}` }).click();
      const others = page.getByRole("alertdialog", { name: "Remove Passkeys" });
      await expect(others.getByRole("region", { name: "Confirm it's you" })).toContainText("needs a sign-in in the last 5 minutes");
      await expect(others.getByRole("button", { name: "Remove passkeys" })).toHaveCount(0);
      await others.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(page.getByText("Check your email: the link signs you in again and brings you back here.")).toBeVisible();
      await waitForMail(ADMIN, seen, mailSays("Your sign-in link", "redirectTo=%2Fadmin%2Fdashboard%2Fadmins%2F"), "a sign-in link back to the confirmation");
      await sessionProofsMade(context, 1);
      await page.reload();
      await others.getByRole("button", { name: "Remove passkeys" }).click();
      await expect(page.getByText("Their passkeys are removed: they can sign in by link or Google and add new ones.", { exact: true })).toBeVisible();
      await waitForMail(STEP_ADMIN, seen, mailSays("Your passkeys were removed from your admin account", `removed by ${ADMIN}`), "the mail of passkeys removed by another admin");

      await sessionProofsMade(context, 6);
      await openPage(page, "/admin/dashboard/settings", false);
      const signIn = page.getByRole("region", { name: "Staff sign-in" });
      await expect(signIn.getByRole("region", { name: "Confirm it's you" })).toBeVisible();
      await expect(signIn.getByRole("button", { name: "Save sign-in setting" })).toHaveCount(0);
      await sessionProofsMade(context, 1);
      await page.reload();
      await signIn.getByRole("checkbox", { name: "Require a passkey for staff sign-in" }).uncheck();
      await signIn.getByRole("button", { name: "Save sign-in setting" }).click();
      await expect(page.getByText("A passkey is no longer required for staff sign-in.")).toBeVisible();
      expect(requirement()).toBe("off");
      await waitForMail(STEP_ADMIN, seen, mailSays("Staff sign-in no longer requires a passkey", `${ADMIN} switched off`), "the mail of the requirement switched off");
    });
  } finally {
    withE2eDatabase((db) => db.prepare("delete from passkeys where admin_email in (?, ?)").run(ADMIN, STEP_ADMIN));
    await context.close();
  }
});
