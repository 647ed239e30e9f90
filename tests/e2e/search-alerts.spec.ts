import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { mailFiles, openPage, signedInState, waitForMail, withE2eDatabase, type StorageState } from "./support";
import { mimeParts, type ReceivedMail } from "../support/smtp";

/**
 * Search alerts (docs/product.md, search alerts), with JavaScript and without, in
 * Spanish: a visitor follows a search from /properties, confirms from the mail's link,
 * gets the alert when a matching home is published, and unsubscribes from the alert's
 * link. The form and the pages the links open fit a phone and pass axe.
 */

// The properties admin publishes the home (its signed-in state is shared with the properties specs).
const ADMIN = "properties@example.com";
let adminState: StorageState;

const published: string[] = [];

test.beforeAll(async ({ browser }, testInfo) => {
  adminState = await signedInState(browser, testInfo, ADMIN);
});
// Other specs count the demo homes: the ones published here go again.
test.afterAll(() => {
  withE2eDatabase((db) => {
    for (const name of published) db.prepare("delete from properties where name = ?").run(name);
  });
});

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
/** The link to `path` that stands alone on a line of the mail's text. */
function linkIn(mail: ReceivedMail, path: string): string {
  const link = textOf(mail)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => /^https?:\/\/\S+$/.test(line) && new URL(line).pathname === path);
  if (!link) throw new Error(`no ${path} link in:\n${textOf(mail)}`);
  return link;
}
/** The mail's link, on the site the test runs against (the e2e server's own address). */
const onThisSite = (link: string, baseURL: string) => {
  const url = new URL(link);
  return `${baseURL}${url.pathname}${url.search}`;
};

const alertsOf = (email: string) => withE2eDatabase((db) => db.prepare("select status from search_alerts where email = ?").all(email) as { status: string }[]);

/** Publishes a home in the town through the admin JSON call, as the dashboard does. */
async function publishHome(browser: Browser, baseURL: string, town: string): Promise<string> {
  const context = await browser.newContext({ baseURL, storageState: adminState });
  const name = `Mesquite Bend, Lot ${town}`;
  published.push(name);
  const response = await context.request.post("/api/admin/properties", {
    headers: { Origin: baseURL },
    data: {
      name,
      location: `${town}, TX 76010`,
      price: "$1,050/month",
      priceSpanish: "$1,050 al mes",
      imageUrl: "/objects/demo/home-5.webp",
      beds: "3",
      baths: "2",
      sqft: "1,200",
      description: "A bright home.",
      descriptionSpanish: "Una casa luminosa.",
      isActive: true,
    },
  });
  expect(response.status()).toBe(201);
  await context.close();
  return name;
}

async function askForAlerts(page: Page, email: string) {
  const form = page.getByRole("region", { name: "Recibir alertas de esta búsqueda" });
  await form.getByRole("textbox", { name: "Su correo electrónico" }).fill(email);
  await form.getByRole("button", { name: "Recibir alertas" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Revise su correo en ${email}` })).toBeVisible();
}

test("es: a visitor follows a search from /properties, confirms from the mail, gets an alert and unsubscribes from its link", async ({ page, browser, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
  const town = `Valle${tag}`;
  const email = `alerta.${tag}@example.com`;
  const seen = new Set(mailFiles());

  await openPage(page, `/properties?q=${town}&kind=rent&lng=es`, javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 2, name: "Ninguna casa coincide con estos filtros." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recibir alertas de esta búsqueda" })).toContainText(`Rentar · “${town}”`);
  await askForAlerts(page, email);
  expect(alertsOf(email)).toEqual([{ status: "pending" }]);

  const confirmation = await waitForMail(email, seen, (mail) => textOf(mail).includes("Confirmar") || mail.raw.includes("Confirme"), "the confirmation mail");
  await openPage(page, onThisSite(linkIn(confirmation, "/alerts/confirm"), baseURL!), javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Confirme sus alertas" })).toBeVisible();
  expect(alertsOf(email)).toEqual([{ status: "pending" }]);
  await page.getByRole("button", { name: "Confirmar mis alertas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus alertas están activas" })).toBeVisible();
  expect(alertsOf(email)).toEqual([{ status: "confirmed" }]);

  const seenBeforeAlert = new Set(mailFiles());
  const home = await publishHome(browser, baseURL!, town);
  const alert = await waitForMail(email, seenBeforeAlert, (mail) => textOf(mail).includes(home), "the alert");
  expect(textOf(alert)).toContain("$1,050 al mes");
  await openPage(page, onThisSite(linkIn(alert, "/alerts/unsubscribe"), baseURL!), javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "¿Cancelar estas alertas?" })).toBeVisible();
  await page.getByRole("button", { name: "Cancelar suscripción" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Su suscripción fue cancelada" })).toBeVisible();
  expect(alertsOf(email)).toEqual([{ status: "stopped" }]);
  // Changed their mind: Undo, for a day.
  await expect(page.getByText("¿Cambió de opinión? Puede deshacerlo durante un día.")).toBeVisible();
  await page.getByRole("button", { name: "Deshacer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus alertas están activas de nuevo" })).toBeVisible();
  expect(alertsOf(email)).toEqual([{ status: "confirmed" }]);
});

test("en: after unsubscribing from one alert, its mail's links still show the address's other alerts, and Undo brings it back", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
  const email = `undo.${tag}@example.com`;
  const tokens = [`e2e-undo-${tag}-0`.padEnd(43, "x"), `e2e-undo-${tag}-1`.padEnd(43, "x")];
  withE2eDatabase((db) => {
    const insert = db.prepare("insert into search_alerts (email, mailbox, language, filters, q, status, confirmed_at, link_token) values (?, ?, 'en', ?, ?, 'confirmed', ?, ?)");
    tokens.forEach((token, n) => insert.run(email, email, `q=Undo${n}${tag}`, `Undo${n}${tag}`, Date.now(), token));
  });
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await openPage(page, `/alerts/unsubscribe?token=${tokens[0]}`, javaScriptEnabled);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
    await expect(page.getByText("Changed your mind? You can undo this for a day.")).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoAxeViolations(page, "an unsubscribed alert's page", { javaScriptEnabled });

    // The same mail's manage link: the other alert, still on.
    await page.getByRole("link", { name: "See your other alerts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your home alerts" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`“Undo1${tag}”`);
    await expect(page.getByRole("main")).not.toContainText(`“Undo0${tag}”`);
    await expect(page.getByRole("main")).not.toContainText("belongs to no alert");

    await openPage(page, `/alerts/unsubscribe?token=${tokens[0]}`, javaScriptEnabled);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your alerts are on again" })).toBeVisible();
    expect(alertsOf(email)).toEqual([{ status: "confirmed" }, { status: "confirmed" }]);
  } finally {
    withE2eDatabase((db) => db.prepare("delete from search_alerts where email = ?").run(email));
  }
});

test("es: the alert form shows a refused address in Spanish and stores nothing", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  await openPage(page, "/properties?beds=2&lng=es", javaScriptEnabled);
  const form = page.getByRole("region", { name: "Recibir alertas de esta búsqueda" });
  await form.getByRole("textbox", { name: "Su correo electrónico" }).fill("nadie-arroba-ejemplo");
  await form.getByRole("button", { name: "Recibir alertas" }).click();
  await expect(page.getByText("Por favor, escriba un correo electrónico válido.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Su correo electrónico" })).toHaveAttribute("aria-invalid", "true");
  expect(alertsOf("nadie-arroba-ejemplo")).toEqual([]);
});

test("es, on a phone: the alert form's answer, a refusal or the sent one, is in view, with JavaScript and without", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const email = `a-la-vista.${javaScriptEnabled ? "js" : "nojs"}${Date.now().toString(36)}@example.com`;
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    // Every home: the form is far below the first screen.
    await openPage(page, "/properties?lng=es", javaScriptEnabled);
    const form = page.getByRole("region", { name: "Recibir alertas de esta búsqueda" });
    await form.getByRole("textbox", { name: "Su correo electrónico" }).fill("nadie-arroba-ejemplo");
    await form.getByRole("button", { name: "Recibir alertas" }).click();
    await expect(page.getByText("Por favor, escriba un correo electrónico válido.")).toBeInViewport();
    await form.getByRole("textbox", { name: "Su correo electrónico" }).fill(email);
    await form.getByRole("button", { name: "Recibir alertas" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Revise su correo en ${email}` })).toBeInViewport();
  } finally {
    withE2eDatabase((db) => db.prepare("delete from search_alerts where email = ?").run(email));
  }
});

for (const width of [320, 390]) {
  test(`es: the alert form and the alert pages fit ${width} px and pass axe`, async ({ page }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    await page.setViewportSize({ width, height: 740 });
    await openPage(page, "/properties?q=Fort%20Worth&kind=rent&minPrice=800&maxPrice=1500&beds=2&baths=1&lng=es", javaScriptEnabled);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await layoutProblems(page)).toEqual([]);
    await page.getByRole("region", { name: "Recibir alertas de esta búsqueda" }).scrollIntoViewIfNeeded();
    if (width === 320) await expectNoAxeViolations(page, "the alert form (es)", { within: "#alerts", javaScriptEnabled });

    // A link that no longer works still explains itself, in Spanish, on a phone.
    await openPage(page, "/alerts/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&lng=es", javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Este enlace ya no funciona" })).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    if (width === 320) await expectNoAxeViolations(page, "an alert link page (es)", { javaScriptEnabled });
  });
}

test("es: a confirmation mail names no search; past the inbox's 10 alerts its page says so, fits 320 px and turns nothing on", async ({ page, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
  const email = `llena.${tag}@example.com`;
  const town = `Lleno${tag}`;
  // Ten searches followed already, as days of confirmations would leave them.
  withE2eDatabase((db) => {
    const insert = db.prepare("insert into search_alerts (email, mailbox, language, filters, q, status, confirmed_at, link_token) values (?, ?, 'es', ?, ?, 'confirmed', ?, ?)");
    for (let n = 0; n < 10; n++) insert.run(email, email, `q=seguida${n}${tag}`, `seguida${n}${tag}`, Date.now(), `e2e-cap-${tag}-${n}`.padEnd(43, "x"));
  });
  // The tenth was confirmed while this request's mail was on its way.
  withE2eDatabase((db) => db.prepare("update search_alerts set status = 'pending', confirmed_at = null, confirm_expires_at = ? where link_token = ?").run(Date.now() + 3_600_000, `e2e-cap-${tag}-9`.padEnd(43, "x")));
  const seen = new Set(mailFiles());
  await page.setViewportSize({ width: 320, height: 740 });
  await openPage(page, `/properties?q=${town}&lng=es`, javaScriptEnabled);
  await askForAlerts(page, email);
  const confirmation = await waitForMail(email, seen, (mail) => mail.raw.includes("Confirme"), "the confirmation mail");
  expect(textOf(confirmation)).not.toContain(town);
  withE2eDatabase((db) => db.prepare("update search_alerts set status = 'confirmed', confirmed_at = ? where link_token = ?").run(Date.now(), `e2e-cap-${tag}-9`.padEnd(43, "x")));

  await openPage(page, onThisSite(linkIn(confirmation, "/alerts/confirm"), baseURL!), javaScriptEnabled);
  await expect(page.getByText(`“${town}”`)).toBeVisible();
  await page.getByRole("button", { name: "Confirmar mis alertas" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "No pudimos activar estas alertas" })).toBeVisible();
  await expect(page.getByText(`${email} ya recibe alertas de tantas búsquedas como enviamos a una dirección.`)).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  expect(withE2eDatabase((db) => db.prepare("select count(*) as n from search_alerts where email = ? and status = 'confirmed'").get(email))).toEqual({ n: 10 });
  withE2eDatabase((db) => db.prepare("delete from search_alerts where email = ?").run(email));
});
