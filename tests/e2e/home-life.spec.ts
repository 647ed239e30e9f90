import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { mimeParts } from "../support/smtp";
import { layoutProblems } from "./layout-checks";
import { mailFiles, openPage, openSignedIn, signedInState, waitForMail, withE2eDatabase, type StorageState } from "./support";

/**
 * docs/product.md, "A home's life", with JavaScript on and off (this file runs in both
 * projects), in both languages, at a phone's width and a desktop's: a coming-soon and a
 * pending home on their cards and pages, a rented home's old address (410, similar
 * homes), and a draft staff preview while visitors get 404. Its homes are its own,
 * removed after.
 */

const ADMIN = "homes@example.com";
const PREFIX = "Life Test";
const SOON = `${PREFIX} Coming Soon, Lot 1`;
const PENDING = `${PREFIX} Pending, Lot 2`;
const RENTED = `${PREFIX} Rented, Lot 3`;
const DRAFT = `${PREFIX} Draft, Lot 4`;
const SIMILAR = `${PREFIX} Similar, Lot 5`;
const VISITED = `${PREFIX} Visited, Lot 6`;

const LANGUAGES = [
  {
    code: "en",
    availableFrom: "Available from January 15, 2099",
    pending: "Application pending",
    rented: "This home has been rented",
    similar: "Similar homes",
    visit: "Schedule a visit",
    apply: "Apply Here",
    viewDetails: "View Details",
  },
  {
    code: "es",
    availableFrom: "Disponible desde el 15 de enero de 2099",
    pending: "Solicitud en trámite",
    rented: "Esta casa ya se rentó",
    similar: "Casas similares",
    visit: "Programar una visita",
    apply: "Solicitar aquí",
    viewDetails: "Ver detalles",
  },
] as const;

const ids: Record<string, number> = {};

function insertHome(name: string, columns: { status: string; availableOn?: string; published: boolean; homeType?: string }) {
  return withE2eDatabase((db) =>
    Number(
      db
        .prepare(
          `insert into properties (name, location, latitude, longitude, price, price_amount, price_kind, listing_type, home_type, image_url, application_url, beds, baths, sqft, description, status, available_on, is_active, first_published_at)
           values (?, 'Lubbock, TX 79401', 33.5779, -101.8552, '$975/month', 975, 'rent', 'rent', ?, '/objects/demo/home-2.webp', 'https://apply.example.com/life', '3', '2', '1,140', 'A home made by a browser test.', ?, ?, ?, ?)`,
        )
        .run(name, columns.homeType ?? "single_wide", columns.status, columns.availableOn ?? null, ["available", "coming_soon", "pending"].includes(columns.status) ? 1 : 0, columns.published ? Date.now() : null)
        .lastInsertRowid,
    ),
  );
}

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  withE2eDatabase((db) => db.prepare("delete from properties where name like ?").run(`${PREFIX}%`));
  ids.soon = insertHome(SOON, { status: "coming_soon", availableOn: "2099-01-15", published: true });
  ids.pending = insertHome(PENDING, { status: "pending", published: true });
  ids.rented = insertHome(RENTED, { status: "rented", published: true, homeType: "triple_wide" });
  ids.draft = insertHome(DRAFT, { status: "off_market", published: false });
  ids.similar = insertHome(SIMILAR, { status: "available", published: true, homeType: "triple_wide" });
  ids.visited = insertHome(VISITED, { status: "available", published: true });
  storageState = await signedInState(browser, testInfo, ADMIN);
});
test.afterAll(() => {
  withE2eDatabase((db) => {
    db.prepare("delete from contact_messages where property_id in (select id from properties where name like ?)").run(`${PREFIX}%`);
    db.prepare("delete from properties where name like ?").run(`${PREFIX}%`);
  });
});

/** A visit to `homeId` for a week from now, asked in Spanish: confirmed by the office, or still asked for. */
function visitAt(homeId: number, name: string, status: "confirmed" | "requested") {
  const time = Date.now() + 7 * 86_400_000;
  withE2eDatabase((db) => {
    const message = db
      .prepare("insert into contact_messages (first_name, last_name, email, subject, message, property_id, language) values ('Lucía', 'Visita', 'lucia.visita@example.com', 'visit-request', '', ?, 'es')")
      .run(homeId).lastInsertRowid;
    const decided = status === "confirmed" ? [time, Date.now(), ADMIN] : [null, null, null];
    db.prepare("insert into visit_requests (message_id, home_name, home_location, times, status, confirmed_time, decided_at, decided_by) values (?, ?, 'Lubbock, TX 79401', ?, ?, ?, ?, ?)").run(
      message,
      name,
      JSON.stringify([time]),
      status,
      ...decided,
    );
  });
}

test("staff taking a home with visits to come off the market are told the count first, then the visits are called off", async ({ browser, baseURL, javaScriptEnabled }) => {
  withE2eDatabase((db) => db.prepare("update properties set status = 'available' where id = ?").run(ids.visited));
  visitAt(ids.visited, VISITED, "confirmed");
  visitAt(ids.visited, VISITED, "requested");
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, `/admin/dashboard/properties/${ids.visited}/edit`);
  try {
    const edit = page.getByRole("dialog", { name: "Edit Property" });
    await edit.getByRole("combobox", { name: "Status" }).selectOption("rented");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(edit.getByText(/^This home has 1 upcoming confirmed visit and 1 visit request not yet answered\. Saving it as rented, sold or off the market calls them off/)).toBeVisible();
    expect(withE2eDatabase((db) => db.prepare("select status from properties where id = ?").pluck().get(ids.visited))).toBe("available");
    // The form kept the choice: saving again goes ahead.
    await expect(edit.getByRole("combobox", { name: "Status" })).toHaveValue("rented");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByText("1 confirmed visit was called off and 1 visit request was declined; each visitor was e-mailed", { exact: false }).first()).toBeVisible();
    expect(withE2eDatabase((db) => db.prepare("select status from properties where id = ?").pluck().get(ids.visited))).toBe("rented");
    expect(withE2eDatabase((db) => db.prepare("select v.status from visit_requests v join contact_messages m on m.id = v.message_id where m.property_id = ? order by m.id").pluck().all(ids.visited))).toEqual(["cancelled", "declined"]);
  } finally {
    await context.close();
  }
});

async function expectLaidOut(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await layoutProblems(page)).toEqual([]);
}

for (const language of LANGUAGES) {
  for (const width of [360, 1366]) {
    test.describe(`${language.code} at ${width} px`, () => {
      test.beforeEach(async ({ page }) => page.setViewportSize({ width, height: 800 }));

      test("a coming-soon and a pending home say so on their cards and pages, and offer what they take", async ({ page, javaScriptEnabled }) => {
        await openPage(page, `/properties?q=${encodeURIComponent(PREFIX)}&lng=${language.code}`, javaScriptEnabled);
        const soonCard = page.getByRole("article", { name: SOON });
        await expect(soonCard.getByText(language.availableFrom, { exact: true })).toBeVisible();
        await expect(soonCard.getByRole("link", { name: new RegExp(language.apply) })).toHaveCount(0);
        const pendingCard = page.getByRole("article", { name: PENDING });
        await expect(pendingCard.getByText(language.pending, { exact: true })).toBeVisible();
        await expect(pendingCard.getByRole("link", { name: new RegExp(language.apply) })).toBeVisible();
        await expectLaidOut(page);

        await openPage(page, `/properties/${ids.soon}?lng=${language.code}`, javaScriptEnabled);
        await expect(page.getByText(language.availableFrom, { exact: true })).toBeVisible();
        await expect(page.getByRole("link", { name: language.visit })).toBeVisible();
        await expect(page.getByRole("link", { name: new RegExp(language.apply) })).toHaveCount(0);
        await expectLaidOut(page);

        await openPage(page, `/properties/${ids.pending}?lng=${language.code}`, javaScriptEnabled);
        await expect(page.getByText(language.pending, { exact: true })).toBeVisible();
        await expect(page.getByRole("link", { name: language.visit })).toHaveCount(0);
        await expect(page.getByRole("link", { name: new RegExp(language.apply) })).toBeVisible();
        await expectLaidOut(page);
      });

      test("a rented home's old address answers 410 with its name, why, and similar homes", async ({ page, javaScriptEnabled }) => {
        const response = await openPage(page, `/properties/${ids.rented}?lng=${language.code}`, javaScriptEnabled);
        expect(response?.status()).toBe(410);
        await expect(page.getByRole("heading", { level: 1, name: RENTED })).toBeVisible();
        await expect(page.getByText(language.rented, { exact: true })).toBeVisible();
        await expect(page.getByRole("heading", { name: language.similar })).toBeVisible();
        // The most similar public home (the same type, price and place) comes first, and opens.
        await expect(page.getByRole("heading", { level: 3 }).first()).toHaveText(SIMILAR);
        const first = page.getByRole("article", { name: SIMILAR });
        await expectLaidOut(page);
        if (width === 360) await expectNoAxeViolations(page, `the 410 page in ${language.code}`, { javaScriptEnabled });
        await first.getByRole("link", { name: new RegExp(`^${language.viewDetails}`) }).click();
        await expect(page).toHaveURL(new RegExp(`/properties/${ids.similar}`));
        await expect(page.getByRole("heading", { level: 1, name: SIMILAR })).toBeVisible();
      });

      test("staff preview a draft under its banner; a visitor gets 404", async ({ page, browser, baseURL, javaScriptEnabled }) => {
        const staff = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, `/properties/${ids.draft}?lng=${language.code}`);
        try {
          await staff.page.setViewportSize({ width, height: 800 });
          await expect(staff.page.getByText(language.code === "es" ? "Vista previa: no es pública" : "Preview: not public", { exact: true })).toBeVisible();
          await expect(staff.page.getByRole("heading", { level: 1, name: DRAFT })).toBeVisible();
          await expectLaidOut(staff.page);
        } finally {
          await staff.context.close();
        }
        const response = await openPage(page, `/properties/${ids.draft}?lng=${language.code}`, false);
        expect(response?.status()).toBe(404);
        await expect(page.getByText(DRAFT)).toHaveCount(0);
      });
    });
  }
}

test("Save as draft keeps a new home off the site and mails no alert; Publish puts it there and the alert's digest comes", async ({ browser, baseURL, javaScriptEnabled }) => {
  const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
  const town = `Draftville${tag}`;
  const email = `follower.${tag}@example.com`;
  const name = `${PREFIX} Published, ${town}`;
  // A renter follows every home in the town.
  withE2eDatabase((db) =>
    db
      .prepare("insert into search_alerts (email, mailbox, language, filters, q, status, confirmed_at, link_token) values (?, ?, 'en', ?, ?, 'confirmed', ?, ?)")
      .run(email, email, `q=${town}`, town, Date.now(), `e2e-publish-${tag}`.padEnd(43, "x")),
  );
  const seen = new Set(mailFiles());
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, "/admin/dashboard/properties/new");
  try {
    const add = page.getByRole("dialog", { name: "Add New Property" });
    await add.getByRole("textbox", { name: "Name" }).fill(name);
    await add.getByRole(javaScriptEnabled ? "combobox" : "textbox", { name: "Location" }).fill(`${town}, TX 79401`);
    await add.getByRole("textbox", { name: "Price", exact: true }).fill("$1,050/month");
    await add.getByRole("textbox", { name: "Image URL" }).fill("/objects/demo/home-2.webp");
    await add.getByRole("textbox", { name: "Beds" }).fill("2");
    await add.getByRole("textbox", { name: "Baths" }).fill("1");
    await add.getByRole("textbox", { name: "Square Feet", exact: true }).fill("980");
    await add.getByRole("textbox", { name: "Description", exact: true }).fill("A home saved first as a draft.");
    // What a good listing still lacks is listed, and stops nothing.
    const gaps = add.getByRole("region", { name: "A good listing still lacks" });
    await expect(gaps.getByRole("listitem").filter({ hasText: "home type" })).toBeVisible();
    await add.getByRole("button", { name: "Save as draft", exact: true }).click();
    await expect(page.getByText("Property saved as a draft: only staff can see it").first()).toBeVisible();
    const id = withE2eDatabase((db) => db.prepare("select id from properties where name = ?").pluck().get(name) as number);
    expect(withE2eDatabase((db) => db.prepare("select status from properties where id = ?").pluck().get(id))).toBe("off_market");

    // The draft's page is staff's alone until it is published.
    expect((await (await browser.newPage({ baseURL })).goto(`/properties/${id}`))?.status()).toBe(404);
    await openPage(page, `/admin/dashboard/properties/${id}/edit`, javaScriptEnabled);
    const edit = page.getByRole("dialog", { name: "Edit Property" });
    await expect(edit.getByRole("button", { name: "Update", exact: true })).toHaveCount(0);
    await edit.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Property published: it is on the public site").first()).toBeVisible();
    expect(withE2eDatabase((db) => db.prepare("select status from properties where id = ?").pluck().get(id))).toBe("available");

    await waitForMail(email, seen, (mail) => (mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "").includes(name), "the alert's digest");
    // Public now, its form has one button.
    await openPage(page, `/admin/dashboard/properties/${id}/edit`, javaScriptEnabled);
    await expect(edit.getByRole("button", { name: "Update", exact: true })).toBeVisible();
    await expect(edit.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  } finally {
    withE2eDatabase((db) => db.prepare("delete from search_alerts where email = ?").run(email));
    await context.close();
  }
});
