import { expect, test } from "./fixtures";
import { mailFiles, mailSays, openPage, waitForMail, withE2eDatabase } from "./support";
import { homeReplyLines, officeReplyLines } from "../support/instant-reply";
import { mimeParts } from "../support/smtp";

/**
 * The instant reply (docs/product.md, "The instant reply"), with JavaScript and without: a
 * visitor who asks about a home in Spanish gets, within seconds, the Spanish mail with the
 * home's facts and links and the office's phone and hours; a general message in English
 * gets the short acknowledgement. Neither carries what the visitor typed.
 */

const HOME = { name: "Oak Hollow Community, Lot 14" };
const TYPED = { firstName: "Marisol", message: "Is the pool open in winter?" };

const homeId = () => withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(HOME.name) as { id: number }).id);
const textOf = (raw: string) => mimeParts(raw).find((part) => part.contentType === "text/plain")?.body ?? "";

test.afterAll(() => {
  withE2eDatabase((db) => db.prepare("delete from contact_messages where last_name like 'Instant-%'").run());
});

test("asking about a home in Spanish brings the Spanish reply with its facts and links", async ({ page, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const id = homeId();
  const run = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  const email = `instant-es-${run}@example.com`;
  const seen = new Set(mailFiles());

  await openPage(page, `/?lng=es&about=${id}#contact`, javaScriptEnabled);
  const section = page.locator("#contact");
  await expect(section.getByText("Sobre esta casa:")).toBeVisible();
  await section.getByRole("textbox", { name: "Nombre", exact: true }).fill(TYPED.firstName);
  await section.getByRole("textbox", { name: "Apellido", exact: true }).fill(`Instant-${run}`);
  await section.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
  await section.getByRole("textbox", { name: "Mensaje", exact: true }).fill(TYPED.message);
  await section.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(section.getByRole("heading", { name: "¡Mensaje enviado!" })).toBeVisible();

  const mail = await waitForMail(email, seen, mailSays(`Gracias por preguntar por ${HOME.name}`, "Estos son los datos principales de la casa:"), "the Spanish instant reply");
  const text = textOf(mail.raw);
  const facts = { price: "$1,150 al mes", total: "$1,150", beds: "3", baths: "2", status: "Disponible ahora" };
  const links = { home: `${baseURL}/properties/${id}?lng=es`, criteria: `${baseURL}/rental-criteria?lng=es`, visit: `${baseURL}/properties/${id}/visit?lng=es` };
  for (const line of [...homeReplyLines("es", facts, links), ...officeReplyLines("es")]) expect(text).toContain(`${line}\n`);
  expect(text).toMatch(/^Hola:\n/);
  expect(text).not.toContain(TYPED.firstName);
  expect(text).not.toContain(TYPED.message);
});

test("a general message in English brings the short acknowledgement", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const run = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  const email = `instant-en-${run}@example.com`;
  const seen = new Set(mailFiles());

  await openPage(page, "/?lng=en#contact", javaScriptEnabled);
  const section = page.locator("#contact");
  await section.getByRole("textbox", { name: "First Name", exact: true }).fill(TYPED.firstName);
  await section.getByRole("textbox", { name: "Last Name", exact: true }).fill(`Instant-${run}`);
  await section.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await section.getByRole("combobox", { name: "Subject" }).selectOption("other");
  await section.getByRole("textbox", { name: "Message", exact: true }).fill(TYPED.message);
  await section.getByRole("button", { name: "Send Message" }).click();
  await expect(section.getByRole("heading", { name: "Message Sent!" })).toBeVisible();

  const mail = await waitForMail(email, seen, mailSays("We received your message", "We received your message and will answer soon."), "the acknowledgement");
  const text = textOf(mail.raw);
  expect(text).toMatch(/^Hello,\n/);
  for (const line of officeReplyLines("en")) expect(text).toContain(`${line}\n`);
  expect(text).not.toContain(TYPED.firstName);
  expect(text).not.toContain(TYPED.message);
});
