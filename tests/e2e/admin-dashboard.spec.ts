import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import Database from "better-sqlite3";
import { openSignedIn, signedInState, type StorageState } from "./support";

// The dashboard's frame, the Overview and the Admins tab, with JavaScript on and off
// (this file runs in both projects). Each project signs in once as its own admin.

const STAFF = "staff@example.com";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, STAFF);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

/** A toast with JavaScript (Radix also renders its words for screen readers), a status region without. */
async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

function whitelistEntry(page: Page, email: string) {
  return page.getByRole("list", { name: "Whitelisted addresses" }).getByRole("listitem").filter({ hasText: email });
}

test.describe("admin dashboard", () => {
  test("the frame and the Overview's four counts", async ({ browser, baseURL, javaScriptEnabled, request }) => {
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Welcome, staff")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Dashboard" });
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");

    const properties = (await (await request.get("/api/properties")).json()) as unknown[];
    const faqs = (await (await request.get("/api/faqs")).json()) as unknown[];
    // A card's count: its first value (Total Messages also links to the new ones).
    const card = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd").first();
    await expect(card("Total Properties")).toHaveText(String(properties.length));
    // Beside it, every home the Properties tab lists, public or not (other specs add homes meanwhile: exact in seed-scale.test.ts).
    const homes = page.locator("dl > div").filter({ hasText: "Total Properties" }).locator("dd").nth(1);
    await expect(homes).toHaveText(new RegExp(`^\\d+ homes, ${properties.length} public$`));
    expect(Number((await homes.textContent())?.split(" ")[0])).toBeGreaterThanOrEqual(properties.length);
    await expect(card("Total FAQs")).toHaveText(String(faqs.length));
    await expect(card("Total Media")).toHaveText(/^\d+$/);
    await expect(card("Total Messages")).toHaveText(/^\d+$/);

    // Each tab has its own URL: it survives a reload.
    await tabs.getByRole("link", { name: "Admins" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/admins$/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin Whitelist" })).toBeVisible();
    await context.close();
  });

  test("Admins: the whitelist, adding an address and removing it", async ({ browser, baseURL, javaScriptEnabled }) => {
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/admins");
    await expect(page.getByText("Manage which email addresses are authorized to access the admin dashboard")).toBeVisible();

    // One's own entry: the 'You' badge and no Remove; bootstrap entries were added by 'system'.
    const mine = whitelistEntry(page, STAFF);
    await expect(mine.getByText("You", { exact: true })).toBeVisible();
    await expect(mine.getByRole("link", { name: /Remove/ })).toHaveCount(0);
    await expect(mine).toContainText("by system");

    // Add: a bad address is refused in place, a good one is added lowercased.
    const address = `new.person.${javaScriptEnabled ? "js" : "nojs"}@example.com`;
    await page.getByRole("link", { name: "Add Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Email to Whitelist" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard\/admins\/new$/);
    await dialog.getByRole("textbox", { name: "Email Address" }).fill("not-an-address");
    await dialog.getByRole("button", { name: "Add Email" }).click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Email Address" }).fill(address.replace("new.person", "New.Person"));
    await dialog.getByRole("button", { name: "Add Email" }).click();
    await expectNotice(page, "Email added to whitelist successfully");
    await expect(page).toHaveURL(/\/admin\/dashboard\/admins$/);
    await expect(whitelistEntry(page, address)).toContainText(`by ${STAFF}`);

    // The same address again, in other letters: refused with a clear message.
    await page.getByRole("link", { name: "Add Email" }).click();
    await dialog.getByRole("textbox", { name: "Email Address" }).fill(address.toUpperCase());
    await dialog.getByRole("button", { name: "Add Email" }).click();
    await expect(dialog.getByText("This email address is already on the whitelist")).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);

    // Remove asks first; Cancel keeps the address, Remove takes it off.
    await whitelistEntry(page, address).getByRole("link", { name: `Remove ${address}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Email" });
    await expect(confirm.getByText(`Are you sure you want to remove ${address} from the whitelist?`)).toBeVisible();
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(whitelistEntry(page, address)).toHaveCount(1);
    await whitelistEntry(page, address).getByRole("link", { name: `Remove ${address}` }).click();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expectNotice(page, "Email removed from whitelist");
    await expect(whitelistEntry(page, address)).toHaveCount(0);
    await context.close();
  });

  test("Admins: one's own address cannot be removed, even by its URL", async ({ browser, baseURL, javaScriptEnabled }) => {
    const database = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
    const { id } = database.prepare("select id from admin_whitelist where email = ?").get(STAFF) as { id: number };
    database.close();
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `/admin/dashboard/admins/${id}/remove`);
    await expect(page).toHaveURL(/\/admin\/dashboard\/admins$/);
    await expectNotice(page, "You cannot remove your own email from the whitelist");
    await expect(whitelistEntry(page, STAFF)).toHaveCount(1);
    await context.close();
  });
});

test("Messages: the newest message first, with every field", async ({ browser, baseURL, javaScriptEnabled }) => {
  // Stored as the contact form stores it (the form itself has its own tests).
  const name = javaScriptEnabled ? "Rosa" : "Tomás";
  const database = new Database(process.env.E2E_DATABASE_PATH!);
  database
    .prepare("insert into contact_messages (first_name, last_name, email, phone, subject, message, created_at) values (?, ?, ?, ?, ?, ?, ?)")
    .run(name, "Garza", "rosa.garza@example.com", "(214) 555-0147", "rental-inquiry", "Is the Oak Hollow home still available?\nWe have two kids.", Date.now());
  database.close();

  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Messages" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/messages$/);
  await expect(page.getByRole("heading", { name: "Contact Messages" })).toBeVisible();
  await expect(page.getByText("Messages submitted through the contact form")).toBeVisible();
  const newest = page.getByRole("article").first();
  await expect(newest).toHaveAccessibleName(`Message from ${name} Garza`);
  await expect(newest.getByRole("link", { name: "rosa.garza@example.com" })).toHaveAttribute("href", "mailto:rosa.garza@example.com");
  await expect(newest).toContainText("(214) 555-0147");
  await expect(newest).toContainText("Subject: Rental Inquiry");
  await expect(newest).toContainText("Is the Oak Hollow home still available?");
  await expect(newest).toContainText(/\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
  await context.close();
});
