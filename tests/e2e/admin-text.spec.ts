import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openPage, openSignedIn, signedInState, type StorageState } from "./support";

// The Text tab with JavaScript on and off (this file runs in both projects): search
// through the URL, edit an entry, and see the edit on the public site at once.

// Its own address: sign-in mails are limited per address, and other files sign in too.
const EDITOR = "editor@example.com";
const KEY = "services.title";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, EDITOR);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

async function search(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search text entries" });
  await box.fill(text);
  await box.press("Enter");
  // The search is in the URL, so it can be shared and works without JavaScript.
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

async function editEntry(page: Page, english: string, spanish: string) {
  await page.getByRole("link", { name: `Edit ${KEY}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Text Entry" });
  await expect(dialog.getByRole("textbox", { name: "Key" })).toHaveValue(KEY);
  await dialog.getByRole("textbox", { name: "English Text" }).fill(english);
  await dialog.getByRole("textbox", { name: "Spanish Text" }).fill(spanish);
  await dialog.getByRole("button", { name: "Update Text Entry" }).click();
  await expect(page.getByText("Text entry updated successfully").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test("Text: search by key, English or Spanish; a search that finds nothing says so", async ({ browser, baseURL, javaScriptEnabled }) => {
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/text");
  await expect(page.getByRole("heading", { name: "Text Dictionary" })).toBeVisible();
  await expect(page.getByText("Update existing translatable text entries for the application")).toBeVisible();

  await search(page, KEY);
  await expect(page.getByRole("link", { name: `Edit ${KEY}` })).toBeVisible();
  // Any case, in either language: the Spanish text of the same entry finds it.
  await search(page, "NUESTROS SERVICIOS");
  await expect(page.getByRole("link", { name: `Edit ${KEY}` })).toBeVisible();
  await search(page, "no entry says this");
  await expect(page.getByText("No text entries match your search")).toBeVisible();
  await context.close();
});

test("Text: an edit is checked, saved, and shows on the public site at once", async ({ browser, baseURL, javaScriptEnabled }) => {
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `/admin/dashboard/text?q=${KEY}`);
  const english = `Our Services (${javaScriptEnabled ? "js" : "no js"})`;
  const spanish = `Nuestros servicios (${javaScriptEnabled ? "js" : "sin js"})`;
  try {
    // English may not be blank; the dialog says so and saves nothing.
    await page.getByRole("link", { name: `Edit ${KEY}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Text Entry" });
    await dialog.getByRole("textbox", { name: "English Text" }).fill("");
    await dialog.getByRole("button", { name: "Update Text Entry" }).click();
    await expect(dialog.getByText("English text is required")).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);

    await editEntry(page, english, spanish);
    // Back on the tab with the same search, showing the new texts.
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard/text\\?q=${KEY.replace(".", "\\.")}$`));
    await expect(page.getByRole("listitem").filter({ hasText: KEY })).toContainText(english);

    const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
    await openPage(visitor, "/?lng=en", javaScriptEnabled);
    await expect(visitor.getByRole("heading", { name: english })).toBeVisible();
    await openPage(visitor, "/?lng=es", javaScriptEnabled);
    await expect(visitor.getByRole("heading", { name: spanish })).toBeVisible();
    await visitor.close();
  } finally {
    await openPage(page, `/admin/dashboard/text?q=${KEY}`, javaScriptEnabled);
    await editEntry(page, "Our Services", "Nuestros servicios");
    await context.close();
  }
});
