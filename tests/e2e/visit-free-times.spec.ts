import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, withE2eDatabase } from "./support";
import { chicagoWallTime } from "../support/visits";

/**
 * Only free times (docs/product.md, visit requests), with JavaScript and without, in both
 * languages: an hour another visit is confirmed at shows as booked in the picker and
 * cannot be ticked; a time booked while the visitor fills the form is refused with the
 * free times nearest it, nothing stored, and the answer fits a phone and passes axe.
 */

const HOME = "Oak Hollow Community, Lot 14";

const LANGUAGES = [
  { code: "en", booked: "Booked", taken: "This time has just been booked for another visit. Please choose another.", nearby: "Free times nearby:", submit: "Request visit", labels: ["First Name", "Last Name", "Email"] },
  { code: "es", booked: "Reservado", taken: "Este horario se acaba de reservar para otra visita. Por favor, elija otro.", nearby: "Horarios libres cercanos:", submit: "Solicitar visita", labels: ["Nombre", "Apellido", "Correo electrónico"] },
] as const;

const homeId = () => withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(HOME) as { id: number }).id);

const markers: string[] = [];
test.afterAll(() => {
  withE2eDatabase((db) => {
    for (const marker of markers) db.prepare("delete from contact_messages where last_name = ?").run(marker);
  });
});

/** A visit to the home asked for at `time` by Tom {marker}: confirmed then, as the office would have, unless `requested`. */
function bookVisit(time: number, marker: string, requested = false) {
  markers.push(marker);
  withE2eDatabase((db) => {
    const message = db
      .prepare("insert into contact_messages (first_name, last_name, email, subject, message, property_id, language, created_at) values ('Tom', ?, 'tom@example.com', 'visit-request', '', ?, 'en', ?)")
      .run(marker, homeId(), Date.now());
    db.prepare("insert into visit_requests (message_id, home_name, home_location, times, status, confirmed_time, decided_at, decided_by) values (?, ?, 'Fort Worth, TX 76116', ?, ?, ?, ?, ?)").run(
      message.lastInsertRowid,
      HOME,
      JSON.stringify([time]),
      requested ? "requested" : "confirmed",
      requested ? null : time,
      requested ? null : Date.now(),
      requested ? null : "staff@example.com",
    );
  });
}

/** The third (or `nth`) day offered, and its time at `hour` (Central Time), from the JSON call. */
async function thirdDayAt(page: Page, hour: number, nth = 3): Promise<{ day: string; time: number }> {
  const response = await page.request.get(`/api/properties/${homeId()}/visit-times`);
  const times = ((await response.json()) as { times: string[] }).times.map((time) => Date.parse(time));
  const days = [...new Set(times.map((time) => chicagoWallTime(time).slice(0, 10)))];
  const day = days[nth - 1];
  const time = times.find((candidate) => chicagoWallTime(candidate) === `${day} ${String(hour).padStart(2, "0")}:00`);
  if (time === undefined) throw new Error(`${day} ${hour}:00 is not offered`);
  return { day, time };
}

const storedFor = (lastName: string) =>
  withE2eDatabase((db) => (db.prepare("select count(*) as n from contact_messages where last_name = ?").get(lastName) as { n: number }).n);

for (const language of LANGUAGES) {
  test(`${language.code}: a booked hour is not offered, and one booked while the form is filled is refused with the free times nearby`, async ({ page }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    // Each run its own hours of the same day: 9 and 10, 11 and 12, 13 and 14, 15 and 16.
    const first = 9 + 2 * (LANGUAGES.indexOf(language) + (javaScriptEnabled ? 0 : 2));
    const run = `${language.code}-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
    const visitor = `Free-${run}`;
    const booked = await thirdDayAt(page, first);
    const later = await thirdDayAt(page, first + 1);
    bookVisit(booked.time, `Booked-${run}`);

    await page.setViewportSize({ width: 360, height: 740 });
    await openPage(page, `/properties/${homeId()}/visit?lng=${language.code}`, javaScriptEnabled);
    const [firstName, lastName, email] = language.labels;
    await page.getByRole("textbox", { name: firstName, exact: true }).fill("Rosa");
    await page.getByRole("textbox", { name: lastName, exact: true }).fill(visitor);
    await page.getByRole("textbox", { name: email, exact: true }).fill("rosa.free@example.com");

    if (javaScriptEnabled) {
      await page.locator("label", { has: page.locator(`input[name="visit-picker-day"][value="${booked.day}"]`) }).click();
      const bookedChip = page.locator("label", { has: page.locator(`input[type="checkbox"][value="${first}"]`) });
      await expect(bookedChip).toContainText(language.booked);
      await expect(bookedChip.locator("input")).toBeDisabled();
      await page.locator("label", { has: page.locator(`input[type="checkbox"][value="${first + 1}"]`) }).click();
      await expect(page.locator('input[type="hidden"][name="hour1"]')).toHaveValue(String(first + 1));
      // Someone else's visit is confirmed at that time while the visitor types.
      bookVisit(later.time, `Later-${run}`);
    } else {
      // The selects offer every hour of the setting: the booked one is refused when sent.
      await page.locator("#visit-day1").selectOption(booked.day);
      await page.locator("#visit-hour1").selectOption(String(first));
    }
    await page.getByRole("button", { name: language.submit }).click();

    const answer = page.getByRole("alert").filter({ hasText: language.nearby });
    await expect(answer).toBeVisible();
    await expect(page.getByText(language.taken)).toBeVisible();
    await expect(answer.getByRole("listitem")).toHaveCount(3);
    expect(storedFor(visitor)).toBe(0);
    // The checker reads the page as loaded: from its top. Without JavaScript the answer's
    // page opens at the answer (#visit-answer): scrolled up again until it stays there.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page), "the refused request at 360 px").toEqual([]);
    }).toPass();
    await expectNoAxeViolations(page, `the refused request (${language.code})`, { javaScriptEnabled });

    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(answer).toBeVisible();
    // Widening keeps the answer in view (scroll anchoring): from the top again.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page), "the refused request at 1366 px").toEqual([]);
    }).toPass();
  });
}

test("staff confirming a time another visit holds are warned on the card, refused once, and confirm with 'Confirm anyway'", async ({ browser, baseURL, page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const run = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  // The fourth day, at an hour of each mode's own.
  const { time } = await thirdDayAt(page, javaScriptEnabled ? 10 : 14, 4);
  bookVisit(time, `Held-${run}`);
  const asking = `Asking-${run}`;
  bookVisit(time, asking, true);

  const state = await signedInState(browser, testInfo, "free-times@example.com");
  const admin = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: state }, "/admin/dashboard/messages?subject=visit-request");
  const card = () => admin.page.getByRole("article", { name: `Message from Tom ${asking}` });
  await expect(card().getByText(`Already booked: ${HOME} (`)).toBeVisible();
  await card().getByRole("button", { name: "Confirm visit" }).click();
  await expect(admin.page.getByText("Another visit is confirmed at this time:").first()).toBeVisible();
  await expect(card().getByText("Visit requested")).toBeVisible();

  await card().getByRole("checkbox", { name: "Confirm anyway, even if another visit is booked at that time" }).check();
  await card().getByRole("button", { name: "Confirm visit" }).click();
  await expect(card().getByText("Visit confirmed", { exact: true })).toBeVisible();
  const status = withE2eDatabase((db) => (db.prepare("select v.status from visit_requests v join contact_messages m on m.id = v.message_id where m.last_name = ?").get(asking) as { status: string }).status);
  expect(status).toBe("confirmed");
  await admin.context.close();
});
