import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";

/**
 * Where an enquiry came from (docs/product.md, "Where an enquiry came from"): a visitor
 * who arrived from a Facebook post and looked at two more pages before writing is
 * 'facebook / social' on the Messages tab, with the page the message was sent from.
 * Runs with JavaScript on and off.
 */

const ADMIN = "sources@example.com";

let adminState: StorageState;
const lastNames: string[] = [];

test.beforeAll(async ({ browser }, testInfo) => {
  adminState = await signedInState(browser, testInfo, ADMIN);
});

test.afterAll(() => {
  withE2eDatabase((db) => {
    for (const lastName of lastNames) db.prepare("delete from contact_messages where last_name = ?").run(lastName);
  });
});

test("a message from a visitor who came from /?utm_source=facebook&utm_medium=social, two pages later, is 'facebook / social'", async ({ page, browser, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const lastName = `Source-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  lastNames.push(lastName);

  await openPage(page, "/?lng=en&utm_source=facebook&utm_medium=social", javaScriptEnabled);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === "source")).toMatchObject({ value: "s=facebook&m=social", httpOnly: true, sameSite: "Lax" });
  await openPage(page, "/properties", javaScriptEnabled);
  await openPage(page, "/rental-criteria?utm_source=newsletter", javaScriptEnabled);
  await openPage(page, "/#contact", javaScriptEnabled);

  const section = page.locator("#contact");
  await section.getByRole("textbox", { name: "First Name", exact: true }).fill("Dora");
  await section.getByRole("textbox", { name: "Last Name", exact: true }).fill(lastName);
  await section.getByRole("textbox", { name: "Email", exact: true }).fill("dora@example.com");
  await section.getByRole("combobox", { name: "Subject" }).selectOption("rental-inquiry");
  await section.getByRole("textbox", { name: "Message", exact: true }).fill("Do you have a three-bedroom home in Tyler?");
  await section.getByRole("button", { name: "Send Message" }).click();
  await expect(section.getByRole("heading", { name: "Message Sent!" })).toBeVisible();

  // The office reads where it came from, on a phone as well.
  const admin = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState }, `/admin/dashboard/messages?q=${lastName}`);
  const item = admin.page.getByRole("article", { name: `Message from Dora ${lastName}` });
  await expect(item).toContainText("Source: facebook / social");
  await expect(item).toContainText("Sent from:");
  await expect(item.getByText("/", { exact: true })).toBeVisible();
  await admin.page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(admin.page)).toEqual([]);
  await admin.context.close();
});
