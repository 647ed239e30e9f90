import fs from "node:fs";
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { mimeParts, type ReceivedMail } from "../support/smtp";
import { mailFiles, openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";

/**
 * Issue 11, item 3: 'Ask about this home' in a home's details (the dialog with
 * JavaScript, the home's page without) opens the contact form with the subject
 * rental-inquiry and a first line naming the home, in the visitor's language; the stored
 * message keeps the home's id, the office's mail names and links it, and it arrives in
 * the Messages tab. Runs with JavaScript on and off.
 */

const ADMIN = "inquiries@example.com";
const HOME = { name: "Oak Hollow Community, Lot 14", location: "Fort Worth, TX 76116" };

const LANGUAGES = [
  {
    code: "en",
    viewDetails: "View Details",
    ask: "Ask about this home",
    about: "About this home:",
    firstLine: `I'm interested in ${HOME.name} (${HOME.location}).`,
    subjectLabel: "Rental Inquiry",
    labels: { firstName: "First Name", lastName: "Last Name", email: "Email", subject: "Subject", message: "Message" },
    send: "Send Message",
    sent: "Message Sent!",
    other: "Ask about something else",
  },
  {
    code: "es",
    viewDetails: "Ver detalles",
    ask: "Preguntar por esta casa",
    about: "Sobre esta casa:",
    firstLine: `Me interesa ${HOME.name} (${HOME.location}).`,
    subjectLabel: "Consulta sobre renta",
    labels: { firstName: "Nombre", lastName: "Apellido", email: "Correo electrónico", subject: "Asunto", message: "Mensaje" },
    send: "Enviar mensaje",
    sent: "¡Mensaje enviado!",
    other: "Preguntar por otra cosa",
  },
] as const;

const homeId = () => withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(HOME.name) as { id: number }).id);

function mailAbout(lastName: string): ReceivedMail | undefined {
  const dir = process.env.E2E_MAIL_DIR!;
  return mailFiles()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as ReceivedMail)
    .find((mail) => mail.raw.includes(lastName));
}

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

async function openDetailsAndAsk(page: Page, language: (typeof LANGUAGES)[number], javaScriptEnabled: boolean) {
  await openPage(page, language.code === "es" ? "/?lng=es" : "/?lng=en", javaScriptEnabled);
  const card = page.getByRole("article", { name: HOME.name });
  await card.getByRole("link", { name: new RegExp(`^${language.viewDetails}`) }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: HOME.name });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: language.ask }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
    await page.getByRole("link", { name: language.ask }).click();
  }
}

for (const language of LANGUAGES) {
  test(`${language.code}: asking about a home names it in the form, the message, the mail and the Messages tab`, async ({ page, browser, baseURL }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    const id = homeId();
    const lastName = `Asks-${language.code}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
    lastNames.push(lastName);

    await openDetailsAndAsk(page, language, javaScriptEnabled);
    await expect(page).toHaveURL(new RegExp(`/\\?about=${id}#contact$`));
    const section = page.locator("#contact");
    await expect(section.getByText(language.about)).toBeVisible();
    await expect(section.getByRole("link", { name: HOME.name })).toHaveAttribute("href", `/properties/${id}`);
    const subject = section.getByRole("combobox", { name: language.labels.subject });
    await expect(subject).toHaveValue("rental-inquiry");
    await expect(subject.locator("option:checked")).toHaveText(language.subjectLabel);
    const message = section.getByRole("textbox", { name: language.labels.message, exact: true });
    await expect(message).toHaveValue(`${language.firstLine}\n`);
    if (javaScriptEnabled) await expect(section.getByRole("textbox", { name: language.labels.firstName, exact: true })).toBeFocused();
    await expect(section).toBeInViewport();

    // A send with a field missing comes back with the home still named.
    await section.getByRole("textbox", { name: language.labels.firstName, exact: true }).fill("Marisol");
    await section.getByRole("textbox", { name: language.labels.lastName, exact: true }).fill(lastName);
    await message.fill(`${language.firstLine}\nIs it still available in January?`);
    await section.getByRole("button", { name: language.send }).click();
    await expect(section.getByRole("textbox", { name: language.labels.email, exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(section.getByText(language.about)).toBeVisible();

    await section.getByRole("textbox", { name: language.labels.email, exact: true }).fill("marisol@example.com");
    await section.getByRole("button", { name: language.send }).click();
    await expect(section.getByRole("heading", { name: language.sent })).toBeVisible();

    const stored = withE2eDatabase(
      (db) => db.prepare("select subject, message, property_id as propertyId from contact_messages where last_name = ?").get(lastName) as { subject: string; message: string; propertyId: number },
    );
    expect(stored).toEqual({ subject: "rental-inquiry", message: `${language.firstLine}\nIs it still available in January?`, propertyId: id });

    // The office's mail names the home and links its page.
    await expect.poll(() => mailAbout(lastName) !== undefined, { timeout: 20_000 }).toBe(true);
    const mail = mailAbout(lastName)!;
    const text = mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
    const html = mimeParts(mail.raw).find((part) => part.contentType === "text/html")?.body ?? "";
    expect(text).toContain(`Home: ${HOME.name} (${HOME.location}) ${baseURL}/properties/${id}`);
    expect(html).toContain(`href="${baseURL}/properties/${id}"`);
    expect(mail.raw).toMatch(/Subject: New contact message: Rental Inquiry about Oak Hollow/);

    // The office finds it in the Messages tab, naming the home.
    const admin = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState }, "/admin/dashboard/messages");
    const item = admin.page.getByRole("article", { name: `Message from Marisol ${lastName}` });
    await expect(item).toContainText(language.firstLine);
    await expect(item.getByRole("link", { name: HOME.name, exact: true })).toHaveAttribute("href", `/properties/${id}`);
    await admin.context.close();
  });
}

test("a home that is not listed is not named, and 'Ask about something else' clears the home", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  await openPage(page, "/?lng=en&about=999999#contact", javaScriptEnabled);
  const section = page.locator("#contact");
  await expect(section.getByText("About this home:")).toHaveCount(0);
  await expect(section.getByRole("combobox", { name: "Subject" })).toHaveValue("");

  await openPage(page, `/?lng=en&about=${homeId()}#contact`, javaScriptEnabled);
  await expect(section.getByText("About this home:")).toBeVisible();
  await section.getByRole("link", { name: "Ask about something else" }).click();
  await expect(section.getByText("About this home:")).toHaveCount(0);
  await expect(section.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
});
