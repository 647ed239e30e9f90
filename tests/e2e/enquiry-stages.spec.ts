import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";

/**
 * An enquiry's stage on the Messages tab (docs/product.md, "Stages"): staff move a new
 * enquiry to 'Leased', find it by the 'Stage' filter, and are told when a close lacks
 * its reason. Runs with JavaScript on and off.
 */

const ADMIN = "stages@example.com";

let adminState: StorageState;
const ids: number[] = [];

test.beforeAll(async ({ browser }, testInfo) => {
  adminState = await signedInState(browser, testInfo, ADMIN);
});

test.afterAll(() => {
  withE2eDatabase((db) => {
    for (const id of ids) db.prepare("delete from contact_messages where id = ?").run(id);
  });
});

function storeEnquiry(lastName: string): number {
  const id = withE2eDatabase((db) =>
    Number(
      db
        .prepare("insert into contact_messages (first_name, last_name, email, subject, message, language) values ('Rosa', ?, 'rosa@example.com', 'rental-inquiry', '¿Sigue disponible?', 'es')")
        .run(lastName).lastInsertRowid,
    ),
  );
  ids.push(id);
  return id;
}

test("staff move an enquiry to 'Leased' and find it by its stage", async ({ browser, baseURL }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const lastName = `Stage-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  storeEnquiry(lastName);

  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState: adminState }, `/admin/dashboard/messages?q=${lastName}`);
  const card = page.getByRole("article", { name: `Message from Rosa ${lastName}` });
  const stage = card.getByRole("form", { name: `Stage of Rosa ${lastName}` });
  await expect(stage).toContainText("Stage: New");

  // Closed needs its reason: nothing changes without one.
  await stage.getByLabel("Move to").selectOption("closed");
  await stage.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("Choose why it was closed").first()).toBeVisible();
  await expect(stage).toContainText("Stage: New");

  await stage.getByLabel("Move to").selectOption("leased");
  await stage.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("Moved to Leased").first()).toBeVisible();
  await expect(stage).toContainText("Stage: Leased");

  // The filter finds it among the leased enquiries only.
  await openPage(page, `/admin/dashboard/messages?q=${lastName}&stage=new`, javaScriptEnabled);
  await expect(page.getByText("No messages match your search")).toBeVisible();
  await openPage(page, `/admin/dashboard/messages?q=${lastName}`, javaScriptEnabled);
  await page.getByLabel("Stage", { exact: true }).selectOption("leased");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/stage=leased/);
  await expect(page.getByRole("article", { name: `Message from Rosa ${lastName}` })).toBeVisible();

  await expectNoAxeViolations(page, "Messages tab with a stage form", { javaScriptEnabled });

  // The Overview's answer times, and its link to the enquiries still waiting (one left new here).
  storeEnquiry(`${lastName}-waiting`);
  await openPage(page, "/admin/dashboard", javaScriptEnabled);
  const replies = page.getByRole("region", { name: "Replies to enquiries" });
  await expect(replies.getByText("Waiting for a reply")).toBeVisible();
  await expect(replies.getByText("Median time to first reply, last 30 days")).toBeVisible();
  await expect(replies.getByText(/^The oldest has waited \d+ (minute|hour|day)/)).toBeVisible();
  await replies.getByRole("link", { name: "See them" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/messages\?stage=new$/);
  await expect(page.getByLabel("Stage", { exact: true })).toHaveValue("new");
  await openPage(page, `/admin/dashboard/messages?q=${lastName}`, javaScriptEnabled);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await layoutProblems(page)).toEqual([]);
  await context.close();
});
