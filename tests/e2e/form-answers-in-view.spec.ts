import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { openPage, withE2eDatabase } from "./support";

/**
 * On a 360 px phone, in both languages, with JavaScript and without: a form's answer is
 * where the visitor looks after pressing send. Without JavaScript the answer's page opens
 * at it (the form posts to its fragment); with it, a visit form's answer takes the focus
 * and a refused contact message shows beside the send button. A refusal for too many
 * messages names the office's phone.
 */

test.use({ viewport: { width: 360, height: 740 } });

// A demo home: these tests store no visit, and a home of their own would change the home page's count for the specs after them.
const HOME = "Cedar Ridge Estates, Home 7";
const homeId = () => withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(HOME) as { id: number }).id);
const LAST_NAME = "Answers-In-View";

const LANGUAGES = [
  {
    code: "en",
    contact: { firstName: "First Name", lastName: "Last Name", email: "Email", subject: "Subject", message: "Message", submit: "Send Message", success: "Message Sent!", invalid: "Please correct the highlighted fields." },
    visit: { firstName: "First Name", lastName: "Last Name", email: "Email", submit: "Request visit", invalid: "Please correct the highlighted fields." },
    tooMany: "Too many messages. Please wait a few minutes and try again. In a hurry? Call the office at (817) 555-0142.",
  },
  {
    code: "es",
    contact: { firstName: "Nombre", lastName: "Apellido", email: "Correo electrónico", subject: "Asunto", message: "Mensaje", submit: "Enviar mensaje", success: "¡Mensaje enviado!", invalid: "Por favor, corrija los campos marcados." },
    visit: { firstName: "Nombre", lastName: "Apellido", email: "Correo electrónico", submit: "Solicitar visita", invalid: "Por favor, corrija los campos marcados." },
    tooMany: "Demasiados mensajes. Por favor, espere unos minutos e inténtelo de nuevo. ¿Tiene prisa? Llame a la oficina al (817) 555-0142.",
  },
] as const;

type Language = (typeof LANGUAGES)[number];

const javaScriptOf = (testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) => testInfo.project.use.javaScriptEnabled !== false;

test.afterAll(() => {
  withE2eDatabase((db) => db.prepare("delete from contact_messages where last_name = ?").run(LAST_NAME));
});

/**
 * Runs `work` with this site's allowance of visitors' messages spent for this browser's
 * address (one message sent counts the address in; its count is then set past any
 * limit), and gives it back after.
 */
async function withMessagesSpent(page: Page, work: () => Promise<void>) {
  const sent = await page.request.post("/api/contact", {
    data: { firstName: "Ana", lastName: LAST_NAME, email: "ana.inview@example.com", subject: "other", message: "Counting this address in." },
  });
  expect(sent.status()).toBe(201);
  withE2eDatabase((db) => db.prepare("update rate_limits set points = 100000 where key like 'contact:%'").run());
  try {
    await work();
  } finally {
    withE2eDatabase((db) => db.prepare("delete from rate_limits where key like 'contact:%'").run());
  }
}

async function openContactForm(page: Page, language: Language, javaScriptEnabled: boolean) {
  await openPage(page, `/?lng=${language.code}#contact`, javaScriptEnabled);
  return page.locator("#contact");
}

async function fillContact(page: Page, language: Language) {
  const section = page.locator("#contact");
  const texts = language.contact;
  await section.getByRole("textbox", { name: texts.firstName, exact: true }).fill("Ana");
  await section.getByRole("textbox", { name: texts.lastName, exact: true }).fill(LAST_NAME);
  await section.getByRole("textbox", { name: texts.email, exact: true }).fill("ana.inview@example.com");
  await section.locator('select[name="subject"]').selectOption("rental-inquiry");
  await section.getByRole("textbox", { name: texts.message, exact: true }).fill("Is the three-bedroom home still available?");
}

async function openVisitForm(page: Page, language: Language, javaScriptEnabled: boolean) {
  await openPage(page, `/properties/${homeId()}/visit?lng=${language.code}`, javaScriptEnabled);
  const texts = language.visit;
  await page.getByRole("textbox", { name: texts.firstName, exact: true }).fill("Ana");
  await page.getByRole("textbox", { name: texts.lastName, exact: true }).fill(LAST_NAME);
  await page.getByRole("textbox", { name: texts.email, exact: true }).fill("ana.inview@example.com");
  if (javaScriptEnabled) {
    await page.locator("label", { has: page.locator('input[name="visit-picker-day"]') }).first().click();
    await page.locator("label", { has: page.locator('input[type="checkbox"]') }).first().click();
  } else {
    await page.locator("#visit-day1").selectOption({ index: 1 });
    await page.locator("#visit-hour1").selectOption({ index: 1 });
  }
}

for (const language of LANGUAGES) {
  test(`${language.code}: a contact message refused for too many is in view beside the send button, naming the office's phone`, async ({ page }, testInfo) => {
    const javaScriptEnabled = javaScriptOf(testInfo);
    await withMessagesSpent(page, async () => {
      const section = await openContactForm(page, language, javaScriptEnabled);
      await fillContact(page, language);
      await section.getByRole("button", { name: language.contact.submit }).click();
      const refusal = section.getByRole("alert").filter({ hasText: language.tooMany });
      await expect(refusal).toBeInViewport();
      await expect(section.getByRole("button", { name: language.contact.submit })).toBeInViewport();
      await expectNoAxeViolations(page, `the contact form's refusal (${language.code})`, { within: "#contact", javaScriptEnabled });
    });
  });

  test(`${language.code}: a contact form's answer is in view: the refused fields, then the thanks`, async ({ page }, testInfo) => {
    const javaScriptEnabled = javaScriptOf(testInfo);
    const section = await openContactForm(page, language, javaScriptEnabled);
    await section.getByRole("button", { name: language.contact.submit }).click();
    if (javaScriptEnabled) {
      // Checked in the browser: the first refused field takes the focus, its message under it.
      const firstName = section.getByRole("textbox", { name: language.contact.firstName, exact: true });
      await expect(firstName).toBeFocused();
      await expect(firstName).toBeInViewport();
    } else {
      await expect(section.getByRole("status").filter({ hasText: language.contact.invalid })).toBeInViewport();
    }
    await fillContact(page, language);
    await section.getByRole("button", { name: language.contact.submit }).click();
    await expect(section.getByRole("heading", { name: language.contact.success })).toBeInViewport();
  });

  test(`${language.code}: a visit request refused for too many is in view and said, naming the office's phone`, async ({ page }, testInfo) => {
    const javaScriptEnabled = javaScriptOf(testInfo);
    await withMessagesSpent(page, async () => {
      await openVisitForm(page, language, javaScriptEnabled);
      await page.getByRole("button", { name: language.visit.submit }).click();
      const refusal = page.getByRole("alert").filter({ hasText: language.tooMany });
      await expect(refusal).toBeInViewport();
      if (javaScriptEnabled) await expect(refusal).toBeFocused();
      await expectNoAxeViolations(page, `the visit form's refusal (${language.code})`, { javaScriptEnabled });
    });
  });

  test(`${language.code}: a visit request with a refused field is answered in view`, async ({ page }, testInfo) => {
    const javaScriptEnabled = javaScriptOf(testInfo);
    await openVisitForm(page, language, javaScriptEnabled);
    // An address the browser lets through and the server refuses.
    await page.getByRole("textbox", { name: language.visit.email, exact: true }).fill("ana@example");
    await page.getByRole("button", { name: language.visit.submit }).click();
    const summary = page.getByRole("alert").filter({ hasText: language.visit.invalid });
    await expect(summary).toBeInViewport();
    if (javaScriptEnabled) await expect(summary).toBeFocused();
  });
}
