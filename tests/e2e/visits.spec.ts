import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { mailFiles, openPage, openSignedIn, signedInState, withE2eDatabase, waitForMail, type StorageState } from "./support";
import { mimeParts, type ReceivedMail } from "../support/smtp";
import { chicagoWallTime, decodedHeader, parseVisitIcs } from "../support/visits";

/**
 * Visit requests (docs/product.md, visit requests), with JavaScript and without, in
 * both languages: a visitor asks to see a home from its details, the office's notice and
 * the visitor's confirmation arrive in the right language; a time outside the hours is
 * refused with nothing stored; the office confirms one time in the Messages tab and the
 * visitor's mail carries a visit.ics (read with ical.js) at that time and the home's
 * address; the form fits a phone in Spanish and passes axe.
 */

const ADMIN = "visits@example.com";

const HOME = { name: "Cedar Ridge Estates, Home 7", location: "Mansfield, TX 76063" };
/** The demo home's spot on OpenStreetMap, as the confirmation links it. */
const MAP_URL = "https://www.openstreetmap.org/?mlat=32.5632&mlon=-97.1417#map=15/32.5632/-97.1417";
/** Where office mail goes now: the contact_email setting (another spec may set it), else MAIL_FROM's default. */
const officeAddress = () =>
  withE2eDatabase((db) => (db.prepare("select value from configurations where key = 'contact_email'").get() as { value: string } | undefined)?.value.trim() || "no-reply@localhost");

const LANGUAGES = [
  {
    code: "en",
    viewDetails: "View Details",
    schedule: "Schedule a visit",
    labels: { firstName: "First Name", lastName: "Last Name", email: "Email" },
    submit: "Request visit",
    sent: "Visit requested!",
    confirmationSubject: `We received your visit request for ${HOME.name}`,
    /** The request's instant reply: the home's facts and its page, after this line. */
    aboutTheHome: "About the home:\n\n- Price: ",
    homePage: (id: number, baseURL: string) => `- The home's page: ${baseURL}/properties/${id}\n`,
    confirmedSubject: `Your visit to ${HOME.name} is confirmed`,
    outside: "This time is outside our visiting hours or already past. Please choose another.",
    whereToGo: (address: string, homeUrl: string) => [`Address: ${address}`, `Map: ${MAP_URL}`, `The home's page: ${homeUrl}`, "From the office: Meet at the community office", "The office's phone: (817) 555-0142"],
    locale: "en-US",
  },
  {
    code: "es",
    viewDetails: "Ver detalles",
    schedule: "Programar una visita",
    labels: { firstName: "Nombre", lastName: "Apellido", email: "Correo electrónico" },
    submit: "Solicitar visita",
    sent: "¡Visita solicitada!",
    confirmationSubject: `Recibimos su solicitud de visita a ${HOME.name}`,
    aboutTheHome: "Sobre la casa:\n\n- Precio: ",
    homePage: (id: number, baseURL: string) => `- Página de la casa: ${baseURL}/properties/${id}?lng=es\n`,
    confirmedSubject: `Su visita a ${HOME.name} está confirmada`,
    outside: "Este horario está fuera de nuestro horario de visitas o ya pasó. Por favor, elija otro.",
    whereToGo: (address: string, homeUrl: string) => [`Dirección: ${address}`, `Mapa: ${MAP_URL}`, `Página de la casa: ${homeUrl}`, "De la oficina: Meet at the community office", "Teléfono de la oficina: (817) 555-0142"],
    locale: "es-MX",
  },
] as const;

type Language = (typeof LANGUAGES)[number];

const homeId = () => withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(HOME.name) as { id: number }).id);
const visitsNamed = (lastName: string) =>
  withE2eDatabase((db) => (db.prepare("select count(*) as n from visit_requests v join contact_messages m on m.id = v.message_id where m.last_name = ?").get(lastName) as { n: number }).n);
const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";

const lastNames: string[] = [];
let adminState: StorageState;

test.beforeAll(async ({ browser }, testInfo) => {
  adminState = await signedInState(browser, testInfo, ADMIN);
});
test.afterAll(() => {
  withE2eDatabase((db) => {
    for (const lastName of lastNames) db.prepare("delete from contact_messages where last_name = ?").run(lastName);
  });
});

/** From the home page: the home's details (a dialog with JavaScript, its page without), then 'Schedule a visit'. */
async function openVisitFormFromHome(page: Page, language: Language, javaScriptEnabled: boolean) {
  await openPage(page, `/?lng=${language.code}`, javaScriptEnabled);
  const card = page.getByRole("article", { name: HOME.name });
  await card.getByRole("link", { name: new RegExp(`^${language.viewDetails}`) }).click();
  const scope = javaScriptEnabled ? page.getByRole("dialog", { name: HOME.name }) : page.locator("main");
  await scope.getByRole("link", { name: language.schedule }).click();
  await expect(page).toHaveURL(new RegExp(`/properties/${homeId()}/visit$`));
  await expect(page.getByRole("heading", { level: 1, name: language.schedule })).toBeVisible();
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor();
}

async function fillVisitor(page: Page, language: Language, lastName: string) {
  await page.getByRole("textbox", { name: language.labels.firstName, exact: true }).fill("Rosa");
  await page.getByRole("textbox", { name: language.labels.lastName, exact: true }).fill(lastName);
  await page.getByRole("textbox", { name: language.labels.email, exact: true }).fill("rosa.visits@example.com");
}

/**
 * Choice n: the day at `dayIndex` (1 is the first day) and the hour (its value, "10").
 * Without JavaScript, choice n's day and hour selects; with it, the picker: the day's
 * button, then the time's (the picker keeps the order chosen).
 */
async function chooseTime(page: Page, javaScriptEnabled: boolean, n: number, dayIndex: number, hour: string) {
  if (!javaScriptEnabled) {
    await page.locator(`#visit-day${n}`).selectOption({ index: dayIndex });
    await page.locator(`#visit-hour${n}`).selectOption(hour);
    return;
  }
  await page.locator("label", { has: page.locator('input[name="visit-picker-day"]') }).nth(dayIndex - 1).click();
  await page.locator("label", { has: page.locator(`input[type="checkbox"][value="${hour}"]`) }).click();
  await expect(page.locator(`input[type="hidden"][name="hour${n}"]`)).toHaveValue(hour);
}

/** The day of choice n in words, as the mails name it. */
async function chosenDayLabel(page: Page, javaScriptEnabled: boolean, n: number): Promise<string> {
  if (!javaScriptEnabled) return (await page.locator(`#visit-day${n} option:checked`).textContent())!;
  return (await page.locator('label:has(input[name="visit-picker-day"]:checked) span.sr-only').textContent())!;
}

for (const language of LANGUAGES) {
  test(`${language.code}: a visitor asks to see a home, the office confirms a time, the visitor's mail carries visit.ics`, async ({ page, browser, baseURL }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    const lastName = `Visit-${language.code}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
    lastNames.push(lastName);
    const seen = new Set(mailFiles());

    await openVisitFormFromHome(page, language, javaScriptEnabled);
    await fillVisitor(page, language, lastName);
    await chooseTime(page, javaScriptEnabled, 1, 1, "10");
    const firstDay = await chosenDayLabel(page, javaScriptEnabled, 1);
    // The office confirms this time below, which takes it off every home's times: each run its own hour.
    const secondHour = String(15 - LANGUAGES.indexOf(language) * 2 - (javaScriptEnabled ? 0 : 1));
    await chooseTime(page, javaScriptEnabled, 2, 2, secondHour);
    await page.getByRole("button", { name: language.submit }).click();
    await expect(page.getByRole("heading", { name: language.sent })).toBeVisible();
    // Without JavaScript the thanks' page opens at the thanks (the form posts to its fragment).
    await expect(page).toHaveURL(/\/visit\?sent=1(#visit-answer)?$/);
    expect(visitsNamed(lastName)).toBe(1);

    const office = await waitForMail(officeAddress(), seen, (mail) => mail.raw.includes(lastName), "the office's notice");
    expect(decodedHeader(office.raw, "Subject")).toBe(`New visit request: ${HOME.name} from Rosa ${lastName}`);
    expect(textOf(office)).toContain(`Home: ${HOME.name} (${HOME.location})`);
    expect(textOf(office)).toContain(`Language: ${language.code === "es" ? "Spanish" : "English"}`);

    const confirmation = await waitForMail("rosa.visits@example.com", seen, (mail) => decodedHeader(mail.raw, "Subject") === language.confirmationSubject, "the visitor's confirmation");
    const text = textOf(confirmation);
    // The inbox has confirmed nothing: the mail carries nothing the visitor typed.
    expect(text).toMatch(language.code === "es" ? /^Hola:/ : /^Hello,/);
    expect(text).not.toContain("Rosa");
    expect(text).toContain(`${HOME.name} (${HOME.location})`);
    expect(text).toContain(firstDay);
    expect(text).toContain("(817) 555-0142");
    expect(text).toContain(language.aboutTheHome);
    expect(text).toContain(language.homePage(homeId(), baseURL!));
    // A reply reaches the office, not the no-reply sender.
    expect(decodedHeader(confirmation.raw, "Reply-To")).toBe(officeAddress());

    // The office confirms the second time in the Messages tab.
    const asked = withE2eDatabase((db) => {
      const row = db.prepare("select v.times from visit_requests v join contact_messages m on m.id = v.message_id where m.last_name = ?").get(lastName) as { times: string };
      return JSON.parse(row.times) as number[];
    });
    const admin = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState }, "/admin/dashboard/messages?subject=visit-request");
    const card = admin.page.getByRole("article", { name: `Message from Rosa ${lastName}` });
    await expect(card.getByText("Visit requested")).toBeVisible();
    const radios = card.getByRole("radio");
    await expect(radios).toHaveCount(3);
    await radios.nth(1).check();
    await card.getByLabel("Meeting note (optional)").fill("Meet at the community office");
    await card.getByRole("button", { name: "Confirm visit" }).click();
    const decided = admin.page.getByRole("article", { name: `Message from Rosa ${lastName}` });
    await expect(decided.getByText("Visit confirmed", { exact: true })).toBeVisible();
    await expect(decided.getByText("Meeting note: Meet at the community office")).toBeVisible();
    await admin.context.close();

    const confirmed = await waitForMail("rosa.visits@example.com", seen, (mail) => decodedHeader(mail.raw, "Subject") === language.confirmedSubject && mail.raw.includes("text/calendar"), "the visitor's confirmed visit");
    // Where to go: the address (the town: this home has no street address), the map, the home's page, the office's note and phone.
    const confirmedText = textOf(confirmed);
    expect(confirmedText).toContain(HOME.name);
    for (const line of language.whereToGo(HOME.location, `${baseURL}/properties/${homeId()}`)) expect(confirmedText).toContain(line);
    const ics = mimeParts(confirmed.raw).find((part) => part.contentType === "text/calendar")!;
    expect(ics.header).toMatch(/method=REQUEST/i);
    const event = parseVisitIcs(ics.body);
    expect(event.start.getTime()).toBe(asked[1]);
    expect(chicagoWallTime(event.start).slice(11)).toBe(`${secondHour}:00`);
    expect(event.location).toBe(HOME.location);
  });

  test(`${language.code}: a time outside the visiting hours is refused and nothing is stored`, async ({ page }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    const lastName = `Outside-${language.code}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
    lastNames.push(lastName);
    await openPage(page, `/properties/${homeId()}/visit?lng=${language.code}`, javaScriptEnabled);
    await fillVisitor(page, language, lastName);
    // 20:00 is not offered; a page kept open or a crafted post can still send it.
    if (javaScriptEnabled) {
      await chooseTime(page, true, 1, 1, "10");
      await page.locator('input[type="hidden"][name="hour1"]').evaluate((input: HTMLInputElement) => (input.value = "20"));
    } else {
      await page.locator("#visit-hour1").evaluate((select: HTMLSelectElement) => select.add(new Option("20:00", "20")));
      await chooseTime(page, false, 1, 1, "20");
    }
    await page.getByRole("button", { name: language.submit }).click();
    await expect(page.getByText(language.outside)).toBeVisible();
    if (javaScriptEnabled) await expect(page.getByRole("group", { name: /Preferred times|Horarios preferidos/ })).toHaveAttribute("aria-describedby", "visit-times-error");
    else await expect(page.locator("#visit-day1")).toHaveAttribute("aria-invalid", "true");
    expect(visitsNamed(lastName)).toBe(0);
  });

  test(`${language.code}: the visit form passes axe`, async ({ page }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    await openPage(page, `/properties/${homeId()}/visit?lng=${language.code}`, javaScriptEnabled);
    await expectNoAxeViolations(page, `the visit form (${language.code})`, { javaScriptEnabled });
  });
}

for (const width of [320, 360]) {
  test(`es: the visit form and the details dialog's actions fit ${width} px`, async ({ page }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    await page.setViewportSize({ width, height: 740 });
    await openPage(page, `/properties/${homeId()}/visit?lng=es`, javaScriptEnabled);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await layoutProblems(page)).toEqual([]);

    await openPage(page, `/properties/${homeId()}?lng=es`, javaScriptEnabled);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole("link", { name: "Programar una visita" })).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    if (javaScriptEnabled) {
      await openPage(page, "/?lng=es", true);
      await page.getByRole("article", { name: HOME.name }).getByRole("link", { name: /^Ver detalles/ }).click();
      const dialog = page.getByRole("dialog", { name: HOME.name });
      await expect(dialog.getByRole("link", { name: "Programar una visita" })).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("link", { name: "Preguntar por esta casa" })).toBeInViewport({ ratio: 1 });
    }
  });
}

test("the Messages tab's visit panel passes axe and fits a phone", async ({ browser, baseURL, request }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const lastName = `Panel-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  lastNames.push(lastName);
  const times = ((await (await request.get(`/api/properties/${homeId()}/visit-times`)).json()) as { times: string[] }).times;
  const created = await request.post(`/api/properties/${homeId()}/visits`, {
    headers: { Origin: baseURL! },
    data: { firstName: "Rosa", lastName, email: "rosa.panel@example.com", times: [times[0], times[9], times[20]], language: "es" },
  });
  expect(created.status()).toBe(201);
  const admin = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState }, "/admin/dashboard/messages?subject=visit-request");
  const card = admin.page.getByRole("article", { name: `Message from Rosa ${lastName}` });
  await expect(card.getByRole("button", { name: "Confirm visit" })).toBeVisible();
  await expectNoAxeViolations(admin.page, "the Messages tab with a visit request", { javaScriptEnabled });
  await admin.page.setViewportSize({ width: 360, height: 740 });
  await admin.page.evaluate(() => window.scrollTo(0, 0));
  expect(await layoutProblems(admin.page)).toEqual([]);

  // Another time, typed in Central Time: with JavaScript typing it chooses 'Another time'; without, the radio is picked.
  const other = chicagoWallTime(Date.parse(times[20]) + 30 * 60_000).replace(" ", "T");
  await card.locator('input[name="otherTime"]').fill(other);
  if (javaScriptEnabled) await expect(card.getByRole("radio", { name: "Another time" })).toBeChecked();
  else await card.getByRole("radio", { name: "Another time" }).check();
  await card.getByRole("button", { name: "Confirm visit" }).click();
  await expect(admin.page.getByRole("article", { name: `Message from Rosa ${lastName}` }).getByText("Visit confirmed", { exact: true })).toBeVisible();
  const confirmedAt = withE2eDatabase((db) => (db.prepare("select v.confirmed_time as t from visit_requests v join contact_messages m on m.id = v.message_id where m.last_name = ?").get(lastName) as { t: number }).t);
  expect(confirmedAt).toBe(Date.parse(times[20]) + 30 * 60_000);
  await admin.context.close();
});
