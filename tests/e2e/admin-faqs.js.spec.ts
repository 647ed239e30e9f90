import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openSignedIn, signedInState, type StorageState } from "./support";

// The FAQs tab with JavaScript only: its dialogs take focus and give it back, and the
// tab shows three placeholder cards while a client-side navigation loads it.

const ADMIN = "faqs@example.com";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

function openAs(browser: Browser, baseURL: string | undefined, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, path);
}

async function expectFocusInside(page: Page, dialogName: string) {
  await expect
    .poll(() => page.evaluate((name) => {
      const dialog = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].find((el) => el.textContent?.includes(name));
      return Boolean(dialog && dialog.contains(document.activeElement));
    }, dialogName))
    .toBe(true);
}

test("FAQ dialogs take focus, keep it inside, and give it back on Escape and Cancel", async ({ browser, baseURL }) => {
  const { page, context } = await openAs(browser, baseURL, "/admin/dashboard/faqs");
  const add = page.getByRole("link", { name: "Add FAQ" });
  const dialog = page.getByRole("dialog", { name: "Add New FAQ" });

  await add.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expectFocusInside(page, "Add New FAQ");
  // Tab round the whole dialog: focus never leaves it.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press("Tab");
    await expectFocusInside(page, "Add New FAQ");
  }
  // After a refused save the form checks itself as one types; focus stays in the field.
  await dialog.getByRole("button", { name: "Create FAQ" }).click();
  await expect(dialog.getByText("Question is required")).toBeVisible();
  const questionField = dialog.getByRole("textbox", { name: "Question", exact: true });
  await questionField.focus();
  await page.keyboard.type("Typed?");
  await expect(questionField).toHaveValue("Typed?");
  await expect(questionField).toBeFocused();
  await expect(dialog.getByText("Question is required")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/dashboard\/faqs$/);
  await expect(add).toBeFocused();

  const edit = page.getByRole("link", { name: "Edit What is a manufactured home?" });
  await edit.focus();
  await page.keyboard.press("Enter");
  const editDialog = page.getByRole("dialog", { name: "Edit FAQ" });
  await expect(editDialog.getByRole("textbox", { name: "Question", exact: true })).toHaveValue("What is a manufactured home?");
  await expectFocusInside(page, "Edit FAQ");
  await editDialog.getByRole("link", { name: "Cancel" }).click();
  await expect(editDialog).toHaveCount(0);
  await expect(edit).toBeFocused();

  const remove = page.getByRole("link", { name: "Delete What is a manufactured home?" });
  await remove.focus();
  await page.keyboard.press("Enter");
  await expectFocusInside(page, "Delete FAQ");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog", { name: "Delete FAQ" })).toHaveCount(0);
  await expect(remove).toBeFocused();
  await context.close();
});

test("FAQs: three placeholder cards while the tab loads, then the list", async ({ browser, baseURL }) => {
  const { page, context } = await openAs(browser, baseURL, "/admin/dashboard");
  // Hold the tab's data a moment, as a slow connection would.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/dashboard\/faqs\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "FAQs" }).click();
  const loading = page.getByRole("list", { name: "Loading FAQs" });
  await expect(loading.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "FAQ Management" })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/admin\/dashboard\/faqs$/);
  await expect(loading).toHaveCount(0);
  await expect(page.getByRole("article", { name: "What is a manufactured home?" })).toBeVisible();
  await context.close();
});
