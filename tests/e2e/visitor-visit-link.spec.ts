import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { mailFiles, openPage, openSignedIn, withE2eDatabase, waitForMail } from "./support";
import { mimeParts, type ReceivedMail } from "../support/smtp";
import { chicagoWallTime, decodedHeader, parseVisitIcs } from "../support/visits";
import { offeredByDay, visitSpecSetUp } from "./visit-homes";

/**
 * The visitor's link (docs/product.md, "The visitor's link"), with JavaScript and
 * without, in both languages: the link of the confirmation mail opens the visit with
 * where to go; the visitor chooses another free time and moves it; their mail carries
 * the updated calendar entry, the office is mailed and sees the new time in the Messages
 * tab. The page fits 360 px and 1366 px and passes axe.
 */

const ADMIN = "visitor-link@example.com";
const HOME = { name: "Linkside Park, Lot 12", town: "Denton, TX 76201", street: "900 Linkside Dr, Lot 12", lat: 33.2148, lng: -97.1331 };

const LANGUAGES = [
  {
    code: "en",
    confirmedSubject: `Your visit to ${HOME.name} is confirmed`,
    movedSubject: `Your visit to ${HOME.name} is moved`,
    title: `Your visit to ${HOME.name}`,
    confirmedFor: /^Confirmed for .+ \(Central Time\)\.$/,
    address: "Address",
    choose: "Choose another time",
    move: "Move my visit to this time",
    done: "Your visit is moved. We sent you the new time and calendar file.",
  },
  {
    code: "es",
    confirmedSubject: `Su visita a ${HOME.name} está confirmada`,
    movedSubject: `Su visita a ${HOME.name} cambió de horario`,
    title: `Su visita a ${HOME.name}`,
    confirmedFor: /^Confirmada para el .+ \(hora del centro\)\.$/,
    address: "Dirección",
    choose: "Elegir otro horario",
    move: "Cambiar mi visita a este horario",
    done: "Su visita cambió de horario. Le enviamos el nuevo horario y el archivo de calendario.",
  },
] as const;

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
const { lastNames, homeId, adminState } = visitSpecSetUp(ADMIN, HOME);

for (const language of LANGUAGES) {
  test(`${language.code}: a visitor moves a confirmed visit from the mail's link, and the office sees it`, async ({ page, browser, baseURL, request }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    const run = LANGUAGES.indexOf(language) + (javaScriptEnabled ? 0 : 2);
    const lastName = `Link-${language.code}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
    lastNames.push(lastName);
    const email = `link.${run}@example.com`;
    const seen = new Set(mailFiles());

    // Days far ahead, an hour of each run's own: the office shows one home at a time, so other tests' hours stay free.
    const { days, at } = await offeredByDay(request, homeId());
    const first = at(days[days.length - 3], 9 + run);
    const moved = at(days[days.length - 2], 9 + run);

    const asked = await request.post(`/api/properties/${homeId()}/visits`, {
      headers: { Origin: baseURL! },
      data: { firstName: "Rosa", lastName, email, times: [first], language: language.code },
    });
    expect(asked.status()).toBe(201);
    const { id } = (await asked.json()) as { id: number };
    const office = await browser.newContext({ baseURL, storageState: adminState() });
    expect((await office.request.post(`/api/admin/visits/${id}/confirm`, { headers: { Origin: baseURL! }, data: { time: first, meetingNote: "Meet at the clubhouse" } })).status()).toBe(200);
    await office.close();

    const confirmation = await waitForMail(email, seen, (mail) => decodedHeader(mail.raw, "Subject") === language.confirmedSubject, "the confirmation");
    const link = /https?:\/\/\S+\/my-visit\?token=[A-Za-z0-9_-]{43}(?:&lng=es)?/.exec(textOf(confirmation))![0];

    await openPage(page, new URL(link).pathname + new URL(link).search, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: language.title })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: language.confirmedFor })).toBeVisible();
    await expect(page.getByText(`${HOME.street}, ${HOME.town}`)).toBeVisible();
    await expect(page.getByText("Meet at the clubhouse")).toBeVisible();
    await expectNoAxeViolations(page, "the visitor's visit page", { javaScriptEnabled });
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page), `${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 360, height: 800 });

    // Another time: open its day, tick it, move.
    const choice = page.locator(`input[name="time"][value="${moved}"]`);
    await page.locator("details", { has: choice }).locator("summary").click();
    await choice.check();
    await page.getByRole("button", { name: language.move }).click();
    await expect(page.getByRole("status").filter({ hasText: language.done })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: language.confirmedFor })).toBeVisible();
    expect(withE2eDatabase((db) => db.prepare("select status, confirmed_time from visit_requests where message_id = ?").get(id))).toEqual({ status: "confirmed", confirmed_time: Date.parse(moved) });
    // The answer was brought into view (#visit-answer); the layout is measured from the top,
    // scrolled back there until it stays (without JavaScript the browser's jump to the
    // fragment can come after the test's scroll).
    await expect(page.getByRole("status").filter({ hasText: language.done })).toBeInViewport();
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page)).toEqual([]);
    }).toPass();

    const update = await waitForMail(email, seen, (mail) => decodedHeader(mail.raw, "Subject") === language.movedSubject, "the moved visit's mail");
    const event = parseVisitIcs(mimeParts(update.raw).find((part) => part.contentType === "text/calendar")!.body);
    expect(event.method).toBe("REQUEST");
    expect(event.start.getTime()).toBe(Date.parse(moved));
    expect(event.location).toBe(`${HOME.street}, ${HOME.town}`);
    await waitForMail(
      (withE2eDatabase((db) => db.prepare("select value from configurations where key = 'contact_email'").get()) as { value: string } | undefined)?.value.trim() || "no-reply@localhost",
      seen,
      (mail) => decodedHeader(mail.raw, "Subject") === `Visit moved by the visitor: ${HOME.name}, Rosa ${lastName}`,
      "the office's notice",
    );

    // The office sees the new time on the request's card.
    const admin = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState() }, "/admin/dashboard/messages?subject=visit-request");
    const card = admin.page.getByRole("article", { name: `Message from Rosa ${lastName}` });
    await expect(card.getByText("Visit confirmed", { exact: true })).toBeVisible();
    const hour = Number(chicagoWallTime(Date.parse(moved)).slice(11, 13));
    await expect(card.getByText(new RegExp(`^for .+ ${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? "PM" : "AM"} C[SD]T$`))).toBeVisible();
    await admin.context.close();
  });
}
