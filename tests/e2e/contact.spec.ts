import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Runs twice: with JavaScript (conform checks in the browser, a fetcher posts) and
// without it (the browser posts the form and the server renders the answer).

const ENGLISH = {
  submit: "Send Message",
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
  errors: [
    "Please enter your first name.",
    "Please enter your last name.",
    "Please enter a valid email address.",
    "Please choose a subject.",
    "Please enter a message.",
  ],
  success: "Message Sent!",
};

const SPANISH = {
  submit: "Enviar mensaje",
  firstName: "Nombre",
  lastName: "Apellido",
  email: "Correo electrónico",
  subject: "Asunto",
  message: "Mensaje",
  errors: [
    "Por favor, escriba su nombre.",
    "Por favor, escriba su apellido.",
    "Por favor, escriba un correo electrónico válido.",
    "Por favor, elija un asunto.",
    "Por favor, escriba un mensaje.",
  ],
  success: "¡Mensaje enviado!",
};

type Texts = typeof ENGLISH;

function contactSection(page: Page): Locator {
  return page.locator("#contact");
}

async function expectFieldErrors(page: Page, texts: Texts) {
  const section = contactSection(page);
  for (const text of texts.errors) await expect(section.getByText(text, { exact: true })).toBeVisible();
  const firstName = section.getByRole("textbox", { name: texts.firstName, exact: true });
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  const describedBy = await firstName.getAttribute("aria-describedby");
  expect(describedBy).toBeTruthy();
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(texts.errors[0]);
  // Phone is optional: left empty, it is not in error.
  await expect(section.getByRole("textbox", { name: /Phone|Teléfono/ })).not.toHaveAttribute("aria-invalid", "true");
}

async function fillValid(page: Page, texts: Texts) {
  const section = contactSection(page);
  await section.getByRole("textbox", { name: texts.firstName, exact: true }).fill("Ana");
  await section.getByRole("textbox", { name: texts.lastName, exact: true }).fill("Ruiz");
  await section.getByRole("textbox", { name: texts.email, exact: true }).fill("ana.ruiz@example.com");
  await section.getByRole("combobox", { name: texts.subject }).selectOption("rental-inquiry");
  await section.getByRole("textbox", { name: texts.message, exact: true }).fill("¿Todavía está disponible la casa de tres recámaras?");
}

test.describe("contact form", () => {
  test("shows the contact details with working links", async ({ page }) => {
    await page.goto("/");
    const section = contactSection(page);
    await expect(section.getByRole("heading", { level: 2, name: "Contact Us" })).toBeVisible();
    await expect(section.getByRole("link", { name: "(817) 555-0142" })).toHaveAttribute("href", "tel:+18175550142");
    await expect(section.getByRole("link", { name: "info@lonestarhomemanagement.com" })).toHaveAttribute(
      "href",
      "mailto:info@lonestarhomemanagement.com",
    );
    await expect(section).toContainText("Southlake, TX");
    await expect(section).toContainText("Monday - Friday");
    const subject = section.getByRole("combobox", { name: "Subject" });
    await expect(subject.locator("option")).toHaveText([
      "Select a subject",
      "Property Management",
      "Investment Opportunities",
      "Development",
      "Rental Inquiry",
      "Other",
    ]);
  });

  test("an empty form gets messages in English, in Spanish, then a valid one the success card", async ({ page }) => {
    await page.goto("/#contact");
    await contactSection(page).getByRole("button", { name: ENGLISH.submit }).click();
    await expectFieldErrors(page, ENGLISH);

    await page.goto("/?lng=es#contact");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await contactSection(page).getByRole("button", { name: SPANISH.submit }).click();
    await expectFieldErrors(page, SPANISH);

    await fillValid(page, SPANISH);
    await contactSection(page).getByRole("button", { name: SPANISH.submit }).click();
    const section = contactSection(page);
    await expect(section.getByRole("heading", { name: SPANISH.success })).toBeVisible();
    await expect(section.getByText("Gracias por su mensaje. Nos comunicaremos con usted muy pronto.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Enviar otro mensaje" })).toBeVisible();
    await expect(section.getByRole("textbox", { name: SPANISH.firstName, exact: true })).toHaveCount(0);
  });

  test("a message in English ends on the success card and 'send another' brings back an empty form", async ({ page }) => {
    await page.goto("/");
    await fillValid(page, ENGLISH);
    await contactSection(page).getByRole("textbox", { name: "Phone (optional)" }).fill("(817) 555-0100");
    await contactSection(page).getByRole("button", { name: ENGLISH.submit }).click();
    const section = contactSection(page);
    await expect(section.getByRole("heading", { name: ENGLISH.success })).toBeVisible();
    await expect(section.getByText("Thank you for your message. We will get back to you soon.")).toBeVisible();

    await section.getByRole("button", { name: "Send another message" }).click();
    await expect(section.getByRole("textbox", { name: ENGLISH.firstName, exact: true })).toHaveValue("");
    await expect(section.getByRole("heading", { name: ENGLISH.success })).toHaveCount(0);
  });
});
