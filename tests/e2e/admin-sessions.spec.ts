import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { openPage, signInByMail } from "./support";

// The Admins tab's 'Your Sessions' (issue 16, item 11), with JavaScript on and off (this
// file runs in both projects): an admin signed in on a computer and on a phone sees both
// on the phone, this one marked, and signs the computer out from there.

const ADMIN = "sessions@example.com";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

test("an admin sees where they are signed in and signs the other devices out", async ({ browser, baseURL, javaScriptEnabled }) => {
  const office = await browser.newContext({ baseURL, javaScriptEnabled });
  const phone = await browser.newContext({ baseURL, javaScriptEnabled, userAgent: IPHONE, viewport: { width: 390, height: 844 } });
  try {
    const officePage = await office.newPage();
    await signInByMail(officePage, { email: ADMIN, baseURL: baseURL!, javaScriptEnabled });
    const phonePage = await phone.newPage();
    await signInByMail(phonePage, { email: ADMIN, baseURL: baseURL!, javaScriptEnabled });

    await openPage(phonePage, "/admin/dashboard/admins", javaScriptEnabled);
    const sessions = phonePage.getByRole("region", { name: "Your Sessions" });
    const items = sessions.getByRole("listitem");
    await expect(items.first()).toContainText("Safari on iOS, mobile");
    await expect(items.first()).toContainText("This device");
    await expect(items.first()).toContainText(/Signed in with email link on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await items.count()).toBeGreaterThanOrEqual(2);
    await expect(items.nth(1)).not.toContainText("This device");
    expect(await layoutProblems(phonePage)).toEqual([]);

    await sessions.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(phonePage.getByText(/^Signed out \d+ other sessions?\.$/).first()).toBeVisible();
    await expect(sessions.getByText("You are not signed in anywhere else.")).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(sessions.getByRole("button", { name: "Sign out other sessions" })).toHaveCount(0);

    // The computer's session is over; the phone's goes on.
    await openPage(officePage, "/admin/dashboard", javaScriptEnabled);
    await expect(officePage).toHaveURL(/\/admin\/login/);
    await openPage(phonePage, "/admin/dashboard", javaScriptEnabled);
    await expect(phonePage).toHaveURL(/\/admin\/dashboard$/);
  } finally {
    await office.close();
    await phone.close();
  }
});
