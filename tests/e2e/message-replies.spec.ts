import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { mailFiles, mailSays, openPage, openSignedIn, signedInState, waitForMail, withE2eDatabase, type StorageState } from "./support";
import { mailHeader } from "../support/smtp";

/**
 * Replies from the Messages tab (docs/product.md, "Replies"; issue 55): staff answer a
 * Spanish enquiry in Spanish ('Responder') from a ready answer, see the reply in its
 * thread, and move it on to 'Leased'. The reply dialog fits a 360 px phone and axe finds
 * nothing in it. Runs with JavaScript on and off.
 */

const ADMIN = "replies@example.com";

let adminState: StorageState;
const messageIds: number[] = [];
const homeIds: number[] = [];

test.beforeAll(async ({ browser }, testInfo) => {
  adminState = await signedInState(browser, testInfo, ADMIN);
});

test.afterAll(() => {
  withE2eDatabase((db) => {
    for (const id of messageIds) db.prepare("delete from contact_messages where id = ?").run(id);
    for (const id of homeIds) db.prepare("delete from properties where id = ?").run(id);
  });
});

/** A Spanish enquiry about a home kept off the public list (so no other test sees it). */
function storeSpanishEnquiry(lastName: string, email: string): { id: number; home: string } {
  const home = `Casa ${lastName}`;
  return withE2eDatabase((db) => {
    const now = Date.now();
    const homeId = Number(
      db
        .prepare(
          "insert into properties (name, location, price, image_url, beds, baths, sqft, description, application_url, is_active, created_at, updated_at) values (?, 'Tyler, TX 75701', '$900/month', '/images/placeholder.svg', '3', '2', '1100', 'A home for the reply test.', 'https://apply.example.com/casa', 0, ?, ?)",
        )
        .run(home, now, now).lastInsertRowid,
    );
    homeIds.push(homeId);
    const id = Number(
      db
        .prepare("insert into contact_messages (first_name, last_name, email, subject, message, property_id, language) values ('Rosa', ?, ?, 'rental-inquiry', '¿Puedo solicitarla?', ?, 'es')")
        .run(lastName, email, homeId).lastInsertRowid,
    );
    messageIds.push(id);
    return { id, home };
  });
}

test("staff reply in Spanish with a ready answer, see the thread and move the enquiry to 'Leased'", async ({ browser, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const lastName = `Reply-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  const email = `rosa.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.com`;
  const { home } = storeSpanishEnquiry(lastName, email);
  const seen = new Set(mailFiles());

  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState }, `/admin/dashboard/messages?q=${lastName}`);
  const card = () => page.getByRole("article", { name: `Message from Rosa ${lastName}` });
  // The visitor wrote in Spanish: the button says so.
  await card().getByRole("link", { name: `Responder (reply to Rosa ${lastName})` }).click();

  const dialog = page.getByRole("dialog", { name: `Reply to Rosa ${lastName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Spanish")).toBeChecked();
  await expect(dialog).toContainText("¿Puedo solicitarla?");
  await dialog.getByLabel("Ready answer").selectOption({ label: "Presente su solicitud aquí" });
  // Without JavaScript 'Use' writes the answer out; with it, the choice does.
  if (!javaScriptEnabled) await dialog.getByRole("button", { name: "Use" }).click();
  const reply = dialog.getByLabel("Reply", { exact: true });
  await expect(reply).toHaveValue(/El siguiente paso es la solicitud, que puede llenar aquí: https:\/\/apply\.example\.com\/casa/);
  await expect(dialog).toContainText(`Subject: Re: ${home}`);
  // The tab's filter is kept through the choice.
  await expect(page).toHaveURL(new RegExp(`q=${lastName}`));

  await page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page, "the reply dialog", { javaScriptEnabled });
  await page.setViewportSize({ width: 1280, height: 900 });

  await reply.fill(`Hola, Rosa:\n\nEl siguiente paso es la solicitud: https://apply.example.com/casa\n\nSaludos cordiales,\nLone Star Home Management`);
  await dialog.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(`Reply sent to Rosa ${lastName}`).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The thread: the reply under the enquiry, and the stage it moved to.
  const conversation = card().getByRole("region", { name: `Conversation with Rosa ${lastName}` });
  await expect(conversation).toContainText(`Reply by ${ADMIN}`);
  await expect(conversation).toContainText("El siguiente paso es la solicitud: https://apply.example.com/casa");
  await expect(card().getByRole("form", { name: `Stage of Rosa ${lastName}` })).toContainText("Stage: Replied");

  // The visitor's mail: from the site, answered to the office.
  const mail = await waitForMail(email, seen, mailSays(`Re: ${home}`, "El siguiente paso es la solicitud"), "the reply reaches the visitor");
  expect(mailHeader(mail.raw, "reply-to")).toMatch(/@/);
  expect(mailHeader(mail.raw, "reply-to")).not.toContain(email);

  const stage = card().getByRole("form", { name: `Stage of Rosa ${lastName}` });
  await stage.getByLabel("Move to").selectOption("leased");
  await stage.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("Moved to Leased").first()).toBeVisible();
  await expect(stage).toContainText("Stage: Leased");
  await expect(card().getByRole("region", { name: `Conversation with Rosa ${lastName}` })).toContainText("El siguiente paso es la solicitud");

  await expectNoAxeViolations(page, "Messages tab with a thread", { javaScriptEnabled });

  // The next reply starts from the thread so far.
  await card().getByRole("link", { name: `Responder (reply to Rosa ${lastName})` }).click();
  const again = page.getByRole("dialog", { name: `Reply to Rosa ${lastName}` });
  await expect(again.getByRole("region", { name: "Conversation so far" })).toContainText("El siguiente paso es la solicitud: https://apply.example.com/casa");
  await expectNoAxeViolations(page, "the reply dialog with a thread", { javaScriptEnabled });
  await again.getByRole("link", { name: "Cancel" }).click();
  await expect(again).toBeHidden();
  await openPage(page, `/admin/dashboard/messages?q=${lastName}`, javaScriptEnabled);
  await page.setViewportSize({ width: 360, height: 800 });
  // Measured from the top (the browser may bring back where this page was scrolled to).
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await layoutProblems(page)).toEqual([]);
  await context.close();
});
