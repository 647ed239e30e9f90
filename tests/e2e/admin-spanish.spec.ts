import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { startServer } from "../support/server";
import { openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";

// The Spanish of the staff's records, with JavaScript on and off (this file runs in both
// projects): an English edit puts a FAQ's Spanish out of date on its card and in the
// Overview's "Spanish to do"; a Spanish edit, or "Spanish is still correct", brings it
// back; the FAQ form says what a save does with blank Spanish on this site.

const ADMIN = "spanish@example.com";
const MACHINE_HINT = "Leave these blank and the Spanish text is translated by machine when you save; you can edit it afterwards.";
const NO_MACHINE_HINT =
  "No translation service is set up: Spanish left blank stays blank, and the Spanish site shows this FAQ in English until its Spanish is written here.";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

/** The number in the Overview's "Spanish to do: N". */
async function spanishToDo(page: Page): Promise<number> {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
  const heading = page.getByRole("heading", { name: /^Spanish to do: \d+$/ });
  await expect(heading).toBeVisible();
  return Number((await heading.textContent())!.replace("Spanish to do: ", ""));
}

async function openFaqsTab(page: Page) {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "FAQs" }).click();
  await expect(page.getByRole("heading", { name: "FAQ Management" })).toBeVisible();
}

async function saveFaq(page: Page, question: string, fields: { answer?: string; answerSpanish?: string }) {
  await page.getByRole("link", { name: `Edit ${question}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit FAQ" });
  if (fields.answer !== undefined) await dialog.getByRole("textbox", { name: "Answer", exact: true }).fill(fields.answer);
  if (fields.answerSpanish !== undefined) await dialog.getByRole("textbox", { name: "Answer (Spanish)" }).fill(fields.answerSpanish);
  await dialog.getByRole("button", { name: "Update FAQ" }).click();
  await expect(dialog).toHaveCount(0);
}

test("Spanish: an English edit puts a FAQ's Spanish out of date on its card and the Overview; a Spanish edit or 'still correct' clears both", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const question = `Is there a playground? (${tag})`;
  const answer = `Yes, by the front gate. (${tag})`;
  withE2eDatabase((db) => {
    db.prepare("delete from faqs where question = ?").run(question);
    db.prepare(
      `insert into faqs (question, answer, question_spanish, answer_spanish, question_translated_from, answer_translated_from, sort_order, is_active)
       values (?, ?, ?, ?, ?, ?, 90, 1)`,
    ).run(question, answer, `¿Hay área de juegos? (${tag})`, `Sí, junto a la entrada. (${tag})`, question, answer);
  });
  test.setTimeout(60_000);
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
  try {
    const toDo = await spanishToDo(page);
    await openFaqsTab(page);
    const card = page.getByRole("article", { name: question, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByText("Spanish out of date")).toHaveCount(0);

    // The English answer changes and the Spanish does not: the toast, the card and the Overview say so.
    await saveFaq(page, question, { answer: `Yes, by the pool. (${tag})` });
    await expect(page.getByText("FAQ updated successfully. The English changed and the Spanish did not").first()).toBeVisible();
    await expect(card.getByText("Spanish out of date", { exact: true })).toBeVisible();
    expect(await spanishToDo(page)).toBe(toDo + 1);

    // From the Overview to the tab's filter, then the form shows what the English was.
    await page.getByRole("list", { name: "FAQs" }).getByRole("link", { name: /^Spanish out of date: / }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/faqs\?spanish=outdated$/);
    await expect(page.getByRole("link", { name: /^Spanish out of date/ })).toHaveAttribute("aria-current", "page");
    await expect(card).toBeVisible();
    await page.getByRole("link", { name: `Edit ${question}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit FAQ" });
    await expect(dialog.getByText("Answer when the Spanish was written:")).toBeVisible();
    await expect(dialog.getByText(answer, { exact: true })).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);

    // The Spanish is brought up to date: the badge and the count go.
    await openFaqsTab(page);
    await saveFaq(page, question, { answerSpanish: `Sí, junto a la alberca. (${tag})` });
    await expect(page.getByText("FAQ updated successfully").first()).toBeVisible();
    await expect(card.getByText("Spanish out of date")).toHaveCount(0);
    expect(await spanishToDo(page)).toBe(toDo);

    // Out of date again; this time the Spanish still reads right.
    await openFaqsTab(page);
    await saveFaq(page, question, { answer: `Yes, by the pool, all day. (${tag})` });
    await expect(card.getByText("Spanish out of date", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: `Spanish is still correct: ${question}` }).click();
    await expect(page.getByText("Spanish marked as still correct").first()).toBeVisible();
    await expect(card.getByText("Spanish out of date")).toHaveCount(0);
    expect(await spanishToDo(page)).toBe(toDo);
  } finally {
    await context.close();
    withE2eDatabase((db) => db.prepare("delete from faqs where question = ?").run(question));
  }
});

test("Spanish: the FAQ form's hint says what a save does with blank Spanish, with and without a translation service", async ({
  browser,
  baseURL,
  javaScriptEnabled,
  site,
}) => {
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/faqs/new");
  // A second process of the same site (same data, same sessions) with no TRANSLATE_URL.
  const untranslated = await startServer({ workDir: site.workDir, env: { ...site.env, TRANSLATE_URL: "" } });
  try {
    const dialog = page.getByRole("dialog", { name: "Add New FAQ" });
    await expect(dialog.getByText(MACHINE_HINT)).toBeVisible();
    await expect(dialog.getByText(NO_MACHINE_HINT)).toHaveCount(0);

    await page.goto(`${untranslated.url}/admin/dashboard/faqs/new`);
    await expect(dialog.getByText(NO_MACHINE_HINT)).toBeVisible();
    await expect(dialog.getByText(MACHINE_HINT)).toHaveCount(0);
  } finally {
    await context.close();
    await untranslated.stop();
  }
});

test("Spanish: a listed home whose English moved on shows it on its card, in the tab's filter and on its form; 'still correct' clears it", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const name = `Spanish Check Home, Lot ${javaScriptEnabled ? 71 : 72}`;
  const id = withE2eDatabase((db) => {
    db.prepare("delete from properties where name = ?").run(name);
    const inserted = db
      .prepare(
        `insert into properties (name, location, price, price_spanish, price_translated_from, image_url, beds, baths, sqft,
           description, description_spanish, description_translated_from, is_active)
         values (?, 'Keller, TX 76248', '$905/month', '$905 al mes', '$905/month', '/objects/demo/home-3.webp', 'Studio', '1', '500',
           'A studio with a new porch.', 'Un estudio.', 'A studio.', 1)`,
      )
      .run(name);
    return Number(inserted.lastInsertRowid);
  });
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `/admin/dashboard/properties?q=${encodeURIComponent(name)}`);
  try {
    const card = page.getByRole("article", { name });
    await expect(card.getByText("Spanish out of date", { exact: true })).toBeVisible();
    await page.getByRole("navigation", { name: "Filter by Spanish" }).getByRole("link", { name: /^Spanish out of date/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("spanish")).toBe("outdated");
    await expect(card).toBeVisible();

    // Its form warns, without stopping the save; with JavaScript the warning follows what is typed.
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Property" });
    const warning = dialog.getByText("This home is listed, and its English changed after its Spanish was written.");
    await expect(warning).toBeVisible();
    if (javaScriptEnabled) {
      await dialog.getByRole("textbox", { name: "Description (Spanish)" }).fill("Un estudio con porche nuevo.");
      await expect(warning).toHaveCount(0);
    }
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);

    // Beside the button, what changed in the English: as the Spanish was written against it, and now.
    const changed = card.getByRole("group").filter({ hasText: "What changed in the English" });
    await expect(changed.getByRole("term")).toHaveText(["Description"]);
    await expect(changed.getByRole("definition")).toHaveText(["Was: A studio.", "Now: A studio with a new porch."]);
    await card.getByRole("button", { name: `Spanish is still correct: ${name}` }).click();
    await expect(page.getByText("Spanish marked as still correct").first()).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get("spanish")).toBe("outdated");
  } finally {
    await context.close();
    withE2eDatabase((db) => db.prepare("delete from properties where id = ?").run(id));
  }
});

test("Spanish: a site text whose English moved on is in the Text tab's filter until 'still correct'", async ({ browser, baseURL, javaScriptEnabled }) => {
  const key = javaScriptEnabled ? "faq.title" : "faq.subtitle";
  withE2eDatabase((db) => db.prepare("update text_entries set translated_from = 'An older English text' where key = ?").run(key));
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/text?spanish=outdated");
  try {
    await expect(page.getByText(key, { exact: true })).toBeVisible();
    await expect(page.getByText("Was: An older English text", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Spanish is still correct: ${key}` }).click();
    await expect(page.getByText("Spanish marked as still correct").first()).toBeVisible();
    await expect(page.getByText(key, { exact: true })).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).searchParams.get("spanish")).toBe("outdated");
  } finally {
    await context.close();
    withE2eDatabase((db) => db.prepare("update text_entries set translated_from = english_text where key = ?").run(key));
  }
});
