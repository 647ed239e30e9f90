import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import Database from "better-sqlite3";
import { fakeSpanish } from "../support/libretranslate";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, type StorageState } from "./support";

// The FAQs tab with JavaScript on and off (this file runs in both projects): the list,
// adding (refused without a question, then saved and machine-translated through the
// translation service the worker's site starts (fixtures.ts)), editing (Active off takes it off
// the public site) and deleting with a confirmation, each seen on the home page too.
// The empty state needs every demo FAQ gone: tests/integration/admin-faqs-api.test.ts covers it.

const ADMIN = "faqs@example.com";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

type Row = { id: number; question: string; sortOrder: number; isActive: number };

function storedFaqs(): Row[] {
  const database = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
  const rows = database.prepare("select id, question, sort_order as sortOrder, is_active as isActive from faqs order by sort_order, id").all() as Row[];
  database.close();
  return rows;
}

/** Removes what a failed run of this test left behind, so the demo FAQs stay as found. */
function removeLeftovers(tag: string) {
  const database = new Database(process.env.E2E_DATABASE_PATH!);
  database.prepare("delete from faqs where question like ?").run(`%(${tag})%`);
  database.close();
}

function card(page: Page, question: string) {
  return page.getByRole("article", { name: question, exact: true });
}

async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The home page's FAQ section as a visitor (no admin session) sees it, in a language. */
async function publicFaqSection(visitor: Page, javaScriptEnabled: boolean, language: "en" | "es") {
  await openPage(visitor, `/?lng=${language}`, javaScriptEnabled);
  return visitor.locator("#faq");
}

test("FAQs: the tab lists every FAQ, inactive ones too, by sort order", async ({ browser, baseURL, javaScriptEnabled }) => {
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
  const tabs = page.getByRole("navigation", { name: "Dashboard" });
  await tabs.getByRole("link", { name: "FAQs" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/faqs$/);
  await expect(tabs.getByRole("link", { name: "FAQs" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "FAQ Management" })).toBeVisible();
  await expect(page.getByText("Manage frequently asked questions")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add FAQ" })).toBeVisible();

  const stored = storedFaqs();
  const cards = page.getByRole("list", { name: "FAQs" }).getByRole("article");
  await expect(cards).toHaveCount(stored.length);
  await expect(page.getByRole("list", { name: "FAQs" }).getByRole("heading", { level: 3 })).toHaveText(stored.map((row) => row.question));

  const first = card(page, "What is a manufactured home?");
  await expect(first).toContainText("Order: 1");
  await expect(first.getByText("Active", { exact: true })).toBeVisible();
  await expect(first).toContainText(/Created \w{3} \d{1,2}, \d{4}/);
  await expect(first.getByRole("link", { name: "Edit What is a manufactured home?" })).toBeVisible();
  await expect(first.getByRole("link", { name: "Delete What is a manufactured home?" })).toBeVisible();
  const inactive = card(page, "Can I move my own home into one of your communities?");
  await expect(inactive.getByText("Inactive", { exact: true })).toBeVisible();
  await context.close();
});

test("FAQs: add, edit and delete, each shown on the public FAQ section at once", async ({ browser, baseURL, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const question = `Are RVs allowed in the communities? (${tag})`;
  const answer = `Only for short visits.\nAsk the office for a parking permit. (${tag})`;
  const edited = `Can I park an RV at my home? (${tag})`;
  const editedSpanish = `¿Puedo estacionar una casa rodante en mi casa? (${tag})`;
  const demo = storedFaqs();
  // The whole life of one FAQ, with five visits to the public page: longer than most.
  test.setTimeout(90_000);
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/faqs");
  const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
  try {
    // Add: a question is required; the dialog says so and nothing is stored.
    await page.getByRole("link", { name: "Add FAQ" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New FAQ" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard\/faqs\/new$/);
    // The worker's site has a translation service: the hint says blank Spanish is translated.
    await expect(dialog.getByText("translated by machine when you save")).toBeVisible();
    await expect(dialog.getByRole("spinbutton", { name: "Sort Order" })).toHaveValue("0");
    await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked();
    await dialog.getByRole("textbox", { name: "Answer", exact: true }).fill(answer);
    await dialog.getByRole("spinbutton", { name: "Sort Order" }).fill("8");
    await dialog.getByRole("button", { name: "Create FAQ" }).click();
    await expect(dialog.getByText("Question is required")).toBeVisible();
    expect(storedFaqs()).toEqual(demo);

    // Then with a question: saved, with its Spanish made by the translation service.
    await dialog.getByRole("textbox", { name: "Question", exact: true }).fill(question);
    await dialog.getByRole("button", { name: "Create FAQ" }).click();
    await expectNotice(page, "FAQ created successfully");
    await expect(page.getByText("could not be made")).toHaveCount(0);
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/dashboard\/faqs$/);
    const added = card(page, question);
    await expect(added).toContainText("Order: 8");
    await expect(added.getByText("Active", { exact: true })).toBeVisible();
    await expect(added).toContainText("Only for short visits.\nAsk the office", { useInnerText: true });

    // On the home page: after the demo FAQs (order 8), in English and in Spanish.
    let section = await publicFaqSection(visitor, javaScriptEnabled, "en");
    await expect(section.locator("summary").last()).toHaveText(question);
    section = await publicFaqSection(visitor, javaScriptEnabled, "es");
    await expect(section.getByText(fakeSpanish(question))).toBeVisible();

    // Edit: prefilled, with the machine translation editable; Active off.
    await added.getByRole("link", { name: `Edit ${question}` }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit FAQ" });
    await expect(page).toHaveURL(/\/admin\/dashboard\/faqs\/\d+\/edit$/);
    await expect(editDialog.getByText("can be edited manually")).toBeVisible();
    await expect(editDialog.getByRole("textbox", { name: "Question", exact: true })).toHaveValue(question);
    await expect(editDialog.getByRole("textbox", { name: "Answer", exact: true })).toHaveValue(answer);
    await expect(editDialog.getByRole("textbox", { name: "Question (Spanish)" })).toHaveValue(fakeSpanish(question));
    await expect(editDialog.getByRole("spinbutton", { name: "Sort Order" })).toHaveValue("8");
    await editDialog.getByRole("textbox", { name: "Question", exact: true }).fill(edited);
    await editDialog.getByRole("textbox", { name: "Question (Spanish)" }).fill(editedSpanish);
    await editDialog.getByRole("switch", { name: "Active" }).uncheck();
    await editDialog.getByRole("button", { name: "Update FAQ" }).click();
    await expectNotice(page, "FAQ updated successfully");
    await expect(editDialog).toHaveCount(0);
    const changed = card(page, edited);
    await expect(changed.getByText("Inactive", { exact: true })).toBeVisible();
    await expect(card(page, question)).toHaveCount(0);

    section = await publicFaqSection(visitor, javaScriptEnabled, "en");
    await expect(section.getByText("What is a manufactured home?")).toBeVisible();
    await expect(section.getByText(edited)).toHaveCount(0);
    await expect(section.getByText(question)).toHaveCount(0);

    // Active again: back on the public site, with the Spanish typed by hand.
    await changed.getByRole("link", { name: `Edit ${edited}` }).click();
    await editDialog.getByRole("switch", { name: "Active" }).check();
    await editDialog.getByRole("button", { name: "Update FAQ" }).click();
    await expectNotice(page, "FAQ updated successfully");
    await expect(changed.getByText("Active", { exact: true })).toBeVisible();
    section = await publicFaqSection(visitor, javaScriptEnabled, "es");
    await expect(section.getByText(editedSpanish)).toBeVisible();

    // Delete asks first: Cancel keeps it, Delete removes it.
    await changed.getByRole("link", { name: `Delete ${edited}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete FAQ" });
    await expect(page).toHaveURL(/\/admin\/dashboard\/faqs\/\d+\/delete$/);
    await expect(confirm.getByText("Are you sure you want to delete this FAQ?")).toBeVisible();
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(changed).toHaveCount(1);
    await changed.getByRole("link", { name: `Delete ${edited}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "FAQ deleted successfully");
    await expect(changed).toHaveCount(0);
    expect(storedFaqs()).toEqual(demo);

    section = await publicFaqSection(visitor, javaScriptEnabled, "es");
    await expect(section.getByText(editedSpanish)).toHaveCount(0);
  } finally {
    removeLeftovers(tag);
    await visitor.close();
    await context.close();
  }
});

test("FAQs: the tab and its dialogs fit a phone", async ({ browser, baseURL, javaScriptEnabled }) => {
  const id = storedFaqs()[0].id;
  for (const width of [320, 390]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, storageState, viewport: { width, height: 740 } });
    try {
      const page = await context.newPage();
      for (const [path, heading] of [
        ["/admin/dashboard/faqs", "FAQ Management"],
        ["/admin/dashboard/faqs/new", "Add New FAQ"],
        [`/admin/dashboard/faqs/${id}/edit`, "Edit FAQ"],
        [`/admin/dashboard/faqs/${id}/delete`, "Delete FAQ"],
      ]) {
        await openPage(page, path, javaScriptEnabled);
        await expect(page.getByRole("heading", { name: heading })).toBeVisible();
        expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }
});
