import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import Database from "better-sqlite3";
import { mailHeader } from "../support/smtp";
import { layoutProblems } from "./layout-checks";
import { mailFiles, openPage, openSignedIn, signedInState, waitForMail, type StorageState } from "./support";

// The Settings tab with JavaScript on and off (this file runs in both projects): where
// contact form messages are mailed. Each project starts with no contact_email set and
// leaves none behind, as the other files found it.

const ADMIN = "settings@example.com";
const SETTINGS = "/admin/dashboard/settings";
// The e2e server sets no MAIL_FROM: the default sender (README, configuration).
const DEFAULT_SENDER = "no-reply@localhost";
const INVALID = "Please enter a valid email address";
const TEST_SUBJECT = "Test email: contact form messages reach this address";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});
// The next project (and the files after this one) find no setting, as this one did.
test.afterAll(() => removeSetting());

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, url: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, url);
}

function storedSettings(): { value: string; updated_by: string }[] {
  const database = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
  try {
    return database.prepare("select value, updated_by from configurations where key = 'contact_email'").all() as { value: string; updated_by: string }[];
  } finally {
    database.close();
  }
}

/** There is no call that deletes a setting: the row goes the way the tests found it. */
function removeSetting() {
  const database = new Database(process.env.E2E_DATABASE_PATH!);
  database.prepare("delete from configurations where key = 'contact_email'").run();
  database.close();
}

/** A post of the tab's forms with JavaScript (a single-fetch data request). */
function isTabPost(url: URL) {
  return url.pathname === `${SETTINGS}.data`;
}

function field(page: Page) {
  return page.getByRole("textbox", { name: "Contact Email Address" });
}

function currentSetting(page: Page) {
  return page.getByRole("region", { name: "Current setting" });
}

async function save(page: Page, value: string) {
  await field(page).fill(value);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

async function expectRefused(page: Page, javaScriptEnabled: boolean, value: string) {
  await save(page, value);
  const error = page.getByText(INVALID, { exact: true });
  await expect(error).toBeVisible();
  // The message is tied to the field, and what was typed stays there to correct.
  await expect(field(page)).toHaveAttribute("aria-invalid", "true");
  await expect(field(page)).toHaveAttribute("aria-describedby", new RegExp(`(^| )${await error.getAttribute("id")}( |$)`));
  await expect(field(page)).toHaveValue(value.trim());
  // With JavaScript the field is checked in place and keeps the focus.
  if (javaScriptEnabled) await expect(field(page)).toBeFocused();
}

test("Settings: with nothing configured, the help names the default sender, and a bad address is refused in place", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  expect(storedSettings()).toEqual([]);
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/admins");
  // The tab sits between Admins and Messages (the order of docs/product.md §2).
  const labels = await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link").allInnerTexts();
  expect(labels.indexOf("Settings")).toBe(labels.indexOf("Admins") + 1);
  // The Messages tab may carry a "{n} new" count after its name.
  expect(labels.findIndex((label) => label.startsWith("Messages"))).toBe(labels.indexOf("Settings") + 1);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));

  await expect(page.getByRole("heading", { name: "Contact Email Configuration" })).toBeVisible();
  await expect(page.getByText("Configure where contact form emails are sent")).toBeVisible();
  await expect(field(page)).toHaveValue("");
  await expect(page.getByText(`If no contact email is configured, contact form emails are sent to the default mail server sender address, ${DEFAULT_SENDER}.`)).toBeVisible();
  await expect(currentSetting(page)).toContainText("Not configured");
  await expect(currentSetting(page)).not.toContainText("Last updated");
  // Nothing to reset to or to test yet.
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  await expect(page.getByText("Reset", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send Test Email" })).toHaveCount(0);

  for (const bad of ["   ", "ana maria@example.com", "ana@example"]) await expectRefused(page, javaScriptEnabled, bad);
  expect(storedSettings()).toEqual([]);
  await expect(currentSetting(page)).toContainText("Not configured");
  await context.close();
});

test("Settings: save, reset and a test e-mail; contact messages then go to the new address", async ({ browser, baseURL, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const first = `front.desk.${tag}@example.com`;
  const second = `inbox.${tag}@example.com`;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, SETTINGS);
  try {
    // Created on the first save, trimmed, with who and when.
    await save(page, `  ${first}  `);
    await expect(page.getByText("Contact email updated successfully").first()).toBeVisible();
    await expect(currentSetting(page)).toContainText(first);
    await expect(currentSetting(page)).toContainText(
      new RegExp(`Last updated by ${ADMIN.replace(".", "\\.")} on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M`),
    );
    await expect(field(page)).toHaveValue(first);
    expect(storedSettings()).toEqual([{ value: first, updated_by: ADMIN }]);

    // Reset brings back the stored value: a button with JavaScript, a link without.
    const reset = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Reset", exact: true });
    await expectRefused(page, javaScriptEnabled, "not valid");
    await reset.click();
    await expect(field(page)).toHaveValue(first);
    await expect(page.getByText(INVALID, { exact: true })).toHaveCount(0);
    await expect(field(page)).not.toHaveAttribute("aria-invalid", "true");
    if (javaScriptEnabled) {
      // In place: typing something else and resetting needs no request.
      await field(page).fill("half typed@");
      await reset.click();
      await expect(field(page)).toHaveValue(first);
    }

    // With JavaScript each of the tab's posts waits until its pending label has been seen.
    const heldPosts: (() => void)[] = [];
    if (javaScriptEnabled) {
      await page.route(isTabPost, (route) =>
        route.request().method() === "POST" ? void new Promise<void>((resolve) => heldPosts.push(resolve)).then(() => route.continue()) : route.continue(),
      );
    }
    const letThePostGo = async () => {
      await expect.poll(() => heldPosts.length).toBe(1);
      heldPosts.shift()!();
    };

    // Changed on the next save.
    await save(page, second);
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
      await letThePostGo();
    }
    await expect(page.getByText("Contact email updated successfully").first()).toBeVisible();
    await expect(currentSetting(page)).toContainText(second);
    await expect(currentSetting(page)).not.toContainText(first);
    expect(storedSettings()).toEqual([{ value: second, updated_by: ADMIN }]);

    // The tab fits a phone, buttons and all.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 320, height: 640 });
    await openPage(phone, SETTINGS, javaScriptEnabled);
    await expect(phone.getByRole("button", { name: "Send Test Email" })).toBeVisible();
    expect(await layoutProblems(phone)).toEqual([]);
    await phone.close();

    // The test e-mail goes to the stored address through the mail server.
    const seen = new Set(mailFiles());
    await page.getByRole("button", { name: "Send Test Email" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
      await letThePostGo();
    }
    await expect(page.getByText("Test Email Sent").first()).toBeVisible();
    await expect(page.getByText(`Test email sent to ${second}`).first()).toBeVisible();
    await waitForMail(second, seen, (mail) => mailHeader(mail.raw, "Subject") === TEST_SUBJECT, `the test e-mail to ${second}`);

    // A visitor's message from the public site is mailed to the new address.
    const lastName = `Settings${tag}${Date.now().toString(36)}`;
    const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
    await openPage(visitor, "/?lng=en", javaScriptEnabled);
    const contact = visitor.locator("#contact");
    await contact.getByRole("textbox", { name: "First Name", exact: true }).fill("Ana");
    await contact.getByRole("textbox", { name: "Last Name", exact: true }).fill(lastName);
    await contact.getByRole("textbox", { name: "Email", exact: true }).fill("ana.ruiz@example.com");
    await contact.getByRole("combobox", { name: "Subject" }).selectOption("other");
    await contact.getByRole("textbox", { name: "Message", exact: true }).fill("Who reads these messages?");
    await contact.getByRole("button", { name: "Send Message" }).click();
    await expect(contact.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await visitor.close();
    await waitForMail(second, seen, (mail) => mail.raw.includes(lastName), `the contact message to ${second}`);

    // A stored value that is blank (only the database can hold one) cannot be tested.
    const database = new Database(process.env.E2E_DATABASE_PATH!);
    database.prepare("update configurations set value = '' where key = 'contact_email'").run();
    database.close();
    await openPage(page, SETTINGS, javaScriptEnabled);
    await expect(page.getByRole("button", { name: "Send Test Email" })).toBeDisabled();
    await expect(currentSetting(page)).toContainText("Not configured");
  } finally {
    await context.close();
  }
});

test("Settings: the search alert limit is saved and shown again, with how many alerts are on", async ({ browser, baseURL, javaScriptEnabled }) => {
  const limit = javaScriptEnabled ? 1234 : 4321;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, SETTINGS);
  try {
    const section = page.getByRole("region", { name: "Search alerts" });
    await expect(section).toContainText(/\d+ alerts? (is|are) on now\./);
    const field = section.getByRole("spinbutton", { name: "Most alerts at once" });
    await expect(field).toHaveValue("5000");
    await field.fill(String(limit));
    await section.getByRole("button", { name: "Update search alert limit" }).click();
    await expect(page.getByText("Search alert limit updated").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Search alerts" }).getByRole("spinbutton", { name: "Most alerts at once" })).toHaveValue(String(limit));
    const database = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
    try {
      expect(database.prepare("select value, updated_by from configurations where key = 'search_alerts_limit'").all()).toEqual([{ value: String(limit), updated_by: ADMIN }]);
    } finally {
      database.close();
    }
  } finally {
    const database = new Database(process.env.E2E_DATABASE_PATH!);
    database.prepare("delete from configurations where key = 'search_alerts_limit'").run();
    database.close();
    await context.close();
  }
});

test("Settings: 'Visits at the same time across homes' is saved with the visiting hours and shown again; a bad number is refused", async ({ browser, baseURL, javaScriptEnabled }) => {
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, SETTINGS);
  try {
    const section = () => page.getByRole("region", { name: "Visiting hours" });
    const field = () => section().getByRole("spinbutton", { name: "Visits at the same time across homes" });
    await expect(field()).toHaveValue("1");
    await expect(section()).toContainText("1: the office shows one home at a time.");
    // Hours read as the office reads a clock.
    const selected = (name: string) => section().locator(`select[name="${name}"]`).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);
    expect([await selected("from"), await selected("to"), await selected("reminderHour")]).toEqual(["9:00 AM", "5:00 PM", "5:00 PM"]);
    // Past the browser's own check (min and max), the server's answer.
    await field().evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
    await field().fill("25");
    await section().getByRole("button", { name: "Update visiting hours" }).click();
    await expect(page.getByText("Visits at the same time across homes must be a whole number from 1 to 20").first()).toBeVisible();
    await field().fill("3");
    await section().getByRole("button", { name: "Update visiting hours" }).click();
    await expect(page.getByText("Visiting hours updated").first()).toBeVisible();
    await expect(field()).toHaveValue("3");
    const database = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
    try {
      expect(database.prepare("select value, updated_by from configurations where key = 'visits_at_once'").all()).toEqual([{ value: "3", updated_by: ADMIN }]);
    } finally {
      database.close();
    }
    // The tab on a phone, without the toast over it.
    await page.setViewportSize({ width: 360, height: 740 });
    await openPage(page, SETTINGS, javaScriptEnabled);
    await expect(field()).toHaveValue("3");
    // The router may put back the scroll of the page before this load after the first scroll to the top: checked from the top, again until it stays there.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page)).toEqual([]);
    }).toPass();
  } finally {
    const database = new Database(process.env.E2E_DATABASE_PATH!);
    database.prepare("delete from configurations where key in ('visits_at_once', 'visiting_hours')").run();
    database.close();
    await context.close();
  }
});

test("Settings: the visiting hours saved are the ones the home page's contact card and the visit form say, in English and Spanish", async ({ browser, baseURL, javaScriptEnabled }) => {
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, SETTINGS);
  try {
    const section = page.getByRole("region", { name: "Visiting hours" });
    await section.getByRole("checkbox", { name: "Saturday" }).uncheck();
    await section.locator('select[name="from"]').selectOption("10");
    await section.locator('select[name="to"]').selectOption("16");
    await section.getByRole("button", { name: "Update visiting hours" }).click();
    await expect(page.getByText("Visiting hours updated").first()).toBeVisible();

    const visitor = await browser.newContext({ baseURL, javaScriptEnabled });
    try {
      const home = await visitor.newPage();
      const card = () => home.locator("#contact address");
      await openPage(home, "/#contact", javaScriptEnabled);
      await expect(card()).toContainText("Home Visits");
      await expect(card()).toContainText("Monday–Friday, 10:00 AM to 4:00 PM");
      await openPage(home, "/?lng=es#contact", javaScriptEnabled);
      await expect(card()).toContainText("Visitas a casas");
      await expect(card()).toContainText(/lunes–viernes, de 10:00\sa\.\s?m\. a 4:00\sp\.\s?m\./);
      // The visit form says the same, from the same setting.
      // A card's link names its list after the id (?from=).
      const homeId = await home.evaluate(() => /^\/properties\/(\d+)/.exec(document.querySelector<HTMLAnchorElement>('#properties a[href^="/properties/"]')?.getAttribute("href") ?? "")?.[1]);
      expect(homeId).toMatch(/^\d+$/);
      await openPage(home, `/properties/${homeId}/visit?lng=en`, javaScriptEnabled);
      await expect(home.getByText("Visiting hours: Monday–Friday, 10:00 AM to 4:00 PM (Central Time).")).toBeVisible();
    } finally {
      await visitor.close();
    }
  } finally {
    const database = new Database(process.env.E2E_DATABASE_PATH!);
    database.prepare("delete from configurations where key in ('visits_at_once', 'visiting_hours')").run();
    database.close();
    await context.close();
  }
});
