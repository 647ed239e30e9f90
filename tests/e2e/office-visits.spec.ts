import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { mailFiles, openSignedIn, waitForMail } from "./support";
import { mimeParts, type ReceivedMail } from "../support/smtp";
import { decodedHeader } from "../support/visits";
import { offeredByDay, visitSpecSetUp } from "./visit-homes";

/**
 * The office's day (docs/product.md, the Visits tab), with JavaScript and without, at
 * 360 and 1366 px: staff confirm a request from the Visits tab and see it on its day;
 * they decline another only through its dialog (a page without JavaScript), suggesting
 * the free times, which reach the visitor in their language; the tab passes axe.
 */

const ADMIN = "office-visits@example.com";
const HOME = { name: "Dayview Court, Lot 5", town: "Waco, TX 76701" };
const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
const { lastNames, homeId, adminState } = visitSpecSetUp(ADMIN, HOME);

for (const width of [360, 1366]) {
  test(`at ${width} px: staff confirm a request from the Visits tab, and decline another through its dialog with the free times suggested`, async ({ browser, baseURL, request }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    const run = (width === 360 ? 0 : 1) + (javaScriptEnabled ? 0 : 2);
    const stamp = `${javaScriptEnabled ? "js" : "nojs"}-${width}-${Date.now()}`;
    const seen = new Set(mailFiles());
    // Far days, an hour of each run's own (the office shows one home at a time).
    const { days, at } = await offeredByDay(request, homeId());
    const ask = async (lastName: string, time: string, language: "en" | "es") => {
      lastNames.push(lastName);
      const response = await request.post(`/api/properties/${homeId()}/visits`, { headers: { Origin: baseURL! }, data: { firstName: "Rosa", lastName, email: `${lastName.toLowerCase()}@example.com`, phone: "(254) 555-0123", times: [time], language } });
      expect(response.status()).toBe(201);
    };
    const confirmName = `Confirm-${stamp}`;
    const declineName = `Decline-${stamp}`;
    await ask(confirmName, at(days[days.length - 4], 13 + run), "en");
    await ask(declineName, at(days[days.length - 4], 9 + run), "es");

    const admin = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState() }, `/admin/dashboard/visits?home=${homeId()}`);
    await admin.page.setViewportSize({ width, height: 800 });
    const page = admin.page;
    await expect(page.getByRole("heading", { name: "Visits", level: 2 })).toBeVisible();
    const toConfirm = page.getByRole("article", { name: `Visit request from Rosa ${confirmName}` });
    await expect(toConfirm.getByRole("link", { name: "(254) 555-0123" })).toHaveAttribute("href", "tel:2545550123");
    await expectNoAxeViolations(page, "the Visits tab", { javaScriptEnabled });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await layoutProblems(page)).toEqual([]);

    await toConfirm.getByRole("button", { name: "Confirm visit" }).click();
    await expect(page.getByText("Visit confirmed: the visitor gets an e-mail").first()).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: `Rosa ${confirmName}` }).getByText("Confirmed")).toBeVisible();

    // Decline asks first: a dialog with JavaScript, a page without.
    await page.getByRole("article", { name: `Visit request from Rosa ${declineName}` }).getByRole("link", { name: "Decline", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Decline visit request" });
    await expect(dialog.getByText("Suggest another time")).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: /Suggest another time/ })).toBeChecked();
    await dialog.getByRole("radio", { name: "None of the times asked for can be arranged" }).check();
    // The dialog fits the screen's width (the tab behind it is covered, so it is not measured for targets).
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
    expect(await dialog.evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true);
    await dialog.getByRole("button", { name: "Decline visit" }).click();
    await expect(page.getByText("Visit declined: the visitor gets a polite e-mail").first()).toBeVisible();
    await expect(page.getByRole("article", { name: `Visit request from Rosa ${declineName}` })).toHaveCount(0);
    await admin.context.close();

    const mail = await waitForMail(`${declineName.toLowerCase()}@example.com`, seen, (received) => decodedHeader(received.raw, "Subject") === `Sobre su solicitud de visita a ${HOME.name}`, "the declined visit's mail");
    expect(textOf(mail)).toContain("Estos horarios están libres en los próximos días (hora del centro):");
    expect(textOf(mail)).toMatch(/Para elegir otro horario: http\S+\/my-visit\?token=/);
  });
}
