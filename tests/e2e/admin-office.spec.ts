import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mailHeader, mimeParts } from "../support/smtp";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { mailFiles, openPage, openSignedIn, signedInState, waitForMail, withE2eDatabase, type StorageState } from "./support";

// The office's setup and its messages, with JavaScript on and off (this file runs in both
// projects): the banner on every dashboard page until the contact e-mail is set, an
// invitation to a colleague added to the whitelist, and a message's language, its phone
// number to tap and the count of new messages, on a desktop and at phone widths.

const ADMIN = "office@example.com";
const BANNER = "Contact form messages are not reaching anyone";
const PHONE_WIDTHS = [320, 390] as const;

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const banner = (page: Page) => page.getByRole("region", { name: BANNER });

/** Fits 320 and 390 px without a layout problem, and has no axe violation. */
async function holdsOnPhones(page: Page, javaScriptEnabled: boolean, label: string) {
  const size = page.viewportSize()!;
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await layoutProblems(page), `${label} at ${width} px`).toEqual([]);
  }
  await expectNoAxeViolations(page, label, { javaScriptEnabled });
  await page.setViewportSize(size);
}

test("Setup: a banner on every dashboard page until the contact e-mail is set, and gone once it is", async ({ browser, baseURL, javaScriptEnabled }) => {
  withE2eDatabase((db) => db.prepare("delete from configurations where key = 'contact_email'").run());
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
  try {
    await expect(banner(page)).toContainText("no-reply@localhost, which nobody reads");
    await holdsOnPhones(page, javaScriptEnabled, "the Overview with the setup banner");
    for (const tab of ["Properties", "FAQs", "Media", "Text", "Admins", "Messages"]) {
      await tabs(page).getByRole("link", { name: tab }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/dashboard/${tab.toLowerCase()}`));
      await expect(banner(page), tab).toBeVisible();
    }

    // The banner leads to Settings; once the address is saved it is gone from every tab.
    await banner(page).getByRole("link", { name: "Set the contact e-mail in Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/settings$/);
    await page.getByRole("textbox", { name: "Contact Email Address" }).fill("office.mail@example.com");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Contact email updated successfully").first()).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await tabs(page).getByRole("link", { name: "Overview" }).click();
    await expect(page.getByText("Total Messages")).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  } finally {
    await context.close();
    withE2eDatabase((db) => db.prepare("delete from configurations where key = 'contact_email'").run());
  }
});

test("Admins: 'Send an invitation' mails a new colleague the sign-in page, with no link that signs in", async ({ browser, baseURL, javaScriptEnabled }) => {
  const colleague = `colleague.${javaScriptEnabled ? "js" : "nojs"}@example.com`;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/admins");
  try {
    await page.getByRole("link", { name: "Add Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Email to Whitelist" });
    await dialog.getByRole("textbox", { name: "Email Address" }).fill(colleague);
    await expect(dialog.getByRole("checkbox", { name: "Send an invitation" })).toBeChecked();
    await holdsOnPhones(page, javaScriptEnabled, "the Add Email dialog");
    const seen = new Set(mailFiles());
    await dialog.getByRole("button", { name: "Add Email" }).click();
    await expect(page.getByText(`An invitation is on its way to ${colleague}.`).first()).toBeVisible();

    const mail = await waitForMail(colleague, seen, () => true, `an invitation to ${colleague}`);
    expect(mailHeader(mail.raw, "Subject")).toBe("You are invited to the Lone Star Home Management admin dashboard");
    const text = mimeParts(mail.raw).find((part) => part.contentType === "text/plain")!.body;
    expect(text).toContain(`${baseURL}/admin/login`);
    expect(mail.raw).not.toContain("/admin/auth/magic");

    // The address in the mail is the sign-in page, which asks for a link of one's own.
    const invited = await browser.newPage({ javaScriptEnabled });
    await openPage(invited, `${baseURL}/admin/login`, javaScriptEnabled);
    await expect(invited.getByRole("button", { name: "Send Login Link" })).toBeVisible();
    await invited.close();
  } finally {
    await context.close();
    withE2eDatabase((db) => db.prepare("delete from admin_whitelist where email = ?").run(colleague));
  }
});

test("Messages: the language a visitor wrote in, a phone number to tap, and the count of new messages", async ({ browser, baseURL, javaScriptEnabled }) => {
  const marker = `office-${javaScriptEnabled ? "js" : "nojs"}`;
  const id = withE2eDatabase((db) =>
    Number(
      db
        .prepare("insert into contact_messages (first_name, last_name, email, phone, subject, message, language, created_at) values (?, ?, ?, ?, ?, ?, 'es', ?)")
        .run("Rosa", `Garza-${marker}`, `rosa.${marker}@example.com`, "(956) 555-0142", "rental-inquiry", `¿Aceptan mascotas? ${marker}`, Date.now()).lastInsertRowid,
    ),
  );
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
  try {
    const newCount = () => withE2eDatabase((db) => (db.prepare("select count(*) as n from contact_messages where handled_at is null").get() as { n: number }).n);
    const count = newCount();
    const label = count === 1 ? "1 new message" : `${count} new messages`;
    await expect(tabs(page).getByRole("link", { name: "Messages" })).toContainText(`${count} new`);

    // From the Overview's count to the new messages.
    await page.getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\/messages\?status=new$/);
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("new");
    await openPage(page, `/admin/dashboard/messages?q=${marker}`, javaScriptEnabled);
    const message = page.getByRole("article", { name: `Message from Rosa Garza-${marker}` });
    await expect(message).toContainText("Written in: Spanish");
    await expect(message.getByRole("link", { name: "(956) 555-0142" })).toHaveAttribute("href", "tel:9565550142");
    await expect(page.getByRole("link", { name: label })).toBeVisible();
    await holdsOnPhones(page, javaScriptEnabled, "a message with its language and phone");

    // Handled: the counts go down by one.
    await message.getByRole("button", { name: "Mark as handled" }).click();
    await expect(message.getByText(`Handled by ${ADMIN}`)).toBeVisible();
    const fewer = count - 1;
    await expect(tabs(page).getByRole("link", { name: "Messages" })).toHaveText(fewer ? `Messages${fewer} new` : "Messages");
  } finally {
    await context.close();
    withE2eDatabase((db) => {
      db.prepare("delete from audit_log where entity = 'message' and entity_id = ?").run(String(id));
      db.prepare("delete from contact_messages where id = ?").run(id);
    });
  }
});
