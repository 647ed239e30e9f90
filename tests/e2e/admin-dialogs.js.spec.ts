import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openSignedIn, signedInState, type StorageState } from "./support";

// With JavaScript, the dashboard's URL-addressed dialogs are Radix dialogs over the tab:
// focus moves in, stays in while tabbing, and goes back to the link that opened them on
// Escape or Cancel; a confirmation is an alert dialog that starts on Cancel. The toasts
// are Radix toasts: one at a time, reachable with F8.

const STAFF = "staff@example.com";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, STAFF);
});

/** Opens a link from the keyboard, as a keyboard user would. */
async function openWithKeyboard(link: Locator) {
  await link.focus();
  await link.press("Enter");
}

async function expectFocusTrapped(page: Page, dialog: Locator, presses = 8) {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
}

test("Add Email: focus goes to the field, stays in the dialog, and returns to 'Add Email' on Escape and on Cancel", async ({ browser, baseURL }) => {
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, "/admin/dashboard/admins");
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const opener = page.getByRole("link", { name: "Add Email" });
  const dialog = page.getByRole("dialog", { name: "Add Email to Whitelist" });

  await openWithKeyboard(opener);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Email Address" })).toBeFocused();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/dashboard\/admins$/);
  await expect(opener).toBeFocused();

  await openWithKeyboard(opener);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  // The dialog works within the enforced CSP (no injected styles).
  expect(refused).toEqual([]);
  await context.close();
});

test("Remove: an alert dialog that starts on Cancel, ignores a click outside and gives focus back", async ({ browser, baseURL }) => {
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, "/admin/dashboard/admins");
  const opener = page.getByRole("link", { name: "Remove admin@example.com" });
  const confirm = page.getByRole("alertdialog", { name: "Remove Email" });

  await openWithKeyboard(opener);
  await expect(confirm).toContainText("Are you sure you want to remove admin@example.com from the whitelist?");
  await expect(confirm.getByRole("link", { name: "Cancel" })).toBeFocused();
  await expectFocusTrapped(page, confirm);
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(opener).toBeFocused();
  await context.close();
});

test("Edit Text Entry: focus goes into the form and returns to the entry's Edit link", async ({ browser, baseURL }) => {
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, "/admin/dashboard/text?q=footer.contact_info");
  const opener = page.getByRole("link", { name: "Edit footer.contact_info" });
  const dialog = page.getByRole("dialog", { name: "Edit Text Entry" });

  await openWithKeyboard(opener);
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.contains(document.activeElement) && document.activeElement instanceof HTMLInputElement)).toBe(true);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/dashboard\/text\?q=footer\.contact_info$/);
  await expect(opener).toBeFocused();
  await context.close();
});

test("toasts: one at a time, and F8 moves focus to the notifications", async ({ browser, baseURL }) => {
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, "/admin/dashboard/admins");
  // Found by CSS: while a modal dialog is open the rest of the page (the notifications
  // too) is hidden from the accessibility tree; the dialog shows the same error in place.
  const notifications = page.locator('[role="region"][aria-label^="Notifications"]');
  // Two refusals in a row: the second toast replaces the first.
  for (const attempt of ["first", "second"]) {
    await page.getByRole("link", { name: "Add Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Email to Whitelist" });
    await dialog.getByRole("textbox", { name: "Email Address" }).fill(STAFF);
    await dialog.getByRole("button", { name: "Add Email" }).click();
    await expect(notifications.locator("li")).toHaveCount(1);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog, attempt).toHaveCount(0);
  }
  await expect(notifications.locator("li")).toHaveCount(1);
  await page.keyboard.press("F8");
  expect(await notifications.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await context.close();
});
