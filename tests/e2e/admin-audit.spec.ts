import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";

// The admin change log on the Overview (issue 11, item 5), with JavaScript on and off
// (this file runs in both projects): a change made in a tab shows at the top of
// 'Recent activity' with who made it, what and when, and links back to its tab.

// Its own address: sign-in mails are limited per address, and other files sign in too.
const AUDITOR = "audit@example.com";
const KEY = "footer.quick_links";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  // A sign-in of this file's own: a test reads it in 'Recent activity'.
  storageState = await signedInState(browser, testInfo, AUDITOR, { fresh: true });
});

type Entry = { id: number; englishText: string; spanishText: string };
const storedEntry = () =>
  withE2eDatabase((db) => db.prepare("select id, english_text as englishText, spanish_text as spanishText from text_entries where key = ?").get(KEY) as Entry, {
    readonly: true,
  });

async function saveEnglish(page: Page, english: string) {
  await page.getByRole("link", { name: `Edit ${KEY}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Text Entry" });
  await dialog.getByRole("textbox", { name: "English Text" }).fill(english);
  await dialog.getByRole("button", { name: "Update Text Entry" }).click();
  await expect(page.getByText("Text entry updated successfully").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test("Overview: a change made in a tab leads 'Recent activity' with the admin's address", async ({ browser, baseURL, javaScriptEnabled }) => {
  const original = storedEntry();
  const changed = `${original.englishText} (audit ${javaScriptEnabled ? "js" : "nojs"})`;
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, `/admin/dashboard/text?q=${KEY}`);
  try {
    await saveEnglish(page, changed);

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const activity = page.getByRole("region", { name: "Recent activity" });
    await expect(activity.getByRole("heading", { name: "Recent activity" })).toBeVisible();
    const latest = activity.getByRole("listitem").first();
    await expect(latest).toContainText(`${AUDITOR} updated text entry ${original.id}`);
    await expect(latest).toContainText(`${KEY}: englishText: ${original.englishText} → ${changed}`);
    // When, in the company's time zone, machine-readable too.
    await expect(latest.locator("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(Date.now() - Date.parse((await latest.locator("time").getAttribute("datetime"))!)).toBeLessThan(120_000);
    // The last 10 entries at most (after a whole run there are many more).
    const shown = await activity.getByRole("listitem").count();
    expect(shown).toBeGreaterThanOrEqual(2);
    expect(shown).toBeLessThanOrEqual(10);
    // Phone-width friendly.
    await page.setViewportSize({ width: 320, height: 800 });
    await openPage(page, "/admin/dashboard", javaScriptEnabled);
    expect(await layoutProblems(page)).toEqual([]);

    // The entry links to the tab where the entry lives.
    await page.getByRole("region", { name: "Recent activity" }).getByRole("listitem").first().getByRole("link", { name: `text entry ${original.id}` }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/text$/);
    await expect(page.getByRole("heading", { name: "Text Dictionary" })).toBeVisible();
  } finally {
    // Leave the dictionary as it was found (that edit is logged too).
    await openPage(page, `/admin/dashboard/text?q=${KEY}`, javaScriptEnabled);
    await saveEnglish(page, original.englishText);
    expect(storedEntry()).toEqual(original);
    await context.close();
  }
});

test("Overview: signing in shows in 'Recent activity'", async ({ browser, baseURL, javaScriptEnabled }) => {
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, "/admin/dashboard");
  try {
    const activity = page.getByRole("region", { name: "Recent activity" });
    await expect(activity.getByRole("listitem").filter({ hasText: `${AUDITOR} signed in` }).first()).toContainText("method: email link");
  } finally {
    await context.close();
  }
});
