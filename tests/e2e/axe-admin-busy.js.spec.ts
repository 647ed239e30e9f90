import { type Browser, type Page, type Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { png } from "../support/images";
import { expectControlStates } from "./a11y-states";
import { AXE_VIEWPORTS, expectNoAxeViolations } from "./axe";
import { mailFiles, openPage, openSignedIn, setRowsAside, signedInState, waitForLink, withE2eDatabase, type StorageState } from "./support";

// The staff pages' busy states, which only exist with JavaScript: a form on its way
// ('Sending...', 'Creating...', 'Deleting...', 'Linking...'), with the other buttons of
// its list disabled; an upload going up; a tab loading; an address search running, and
// failing. Each request is held in the browser until the state has been checked, then
// cut off (nothing is changed). axe over each state in both languages at a phone's and
// a desktop's width, and (English, desktop) the contrast and focus of every control in
// it, disabled and busy ones included (a11y-states.ts). axe-admin.spec.ts checks the rest.

const ADMIN = "axe-busy@example.com";
const LANGUAGES = ["en", "es"] as const;
type Language = (typeof LANGUAGES)[number];

const DASHBOARD = "/admin/dashboard";
const DIALOG = "[role=dialog], [role=alertdialog]";

let storageState: StorageState;

// Its tests need nothing from each other: the workers share them out.
test.describe.configure({ mode: "parallel", timeout: 120_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

function inLanguage(path: string, lng: Language): string {
  return `${path}${path.includes("?") ? "&" : "?"}lng=${lng}`;
}

/** axe at each width over the state as it stands, then (English) the controls' states. */
async function check(page: Page, lng: Language, label: string, within?: string) {
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoAxeViolations(page, `${label} (${lng}) at ${viewport.width} px`, { soft: true });
  }
  if (lng === "en") await expectControlStates(page, label, { within });
}

/**
 * Holds the browser's requests whose path starts with `path` (of `method`) until the
 * returned function cuts them off, so a busy state stays on screen while it is checked.
 */
async function hold(page: Page, path: string, method = "POST") {
  const held: Route[] = [];
  const matches = (url: URL) => url.pathname.startsWith(path);
  await page.route(matches, (route) => (route.request().method() === method ? void held.push(route) : route.continue()));
  // Cut off before the handler goes: a route still held when it is removed would go on to the server.
  return async () => {
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await page.unroute(matches);
  };
}

async function openDashboard(browser: Browser, baseURL: string | undefined, lng: Language, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, inLanguage(path, lng));
}

for (const lng of LANGUAGES) {
  test.describe(`axe, staff pages while busy, in ${lng}`, () => {
    test("signing in: a link being sent, the request failed, and Continue pressed", async ({ page, baseURL }) => {
      await openPage(page, inLanguage("/admin/login", lng));
      const send = page.getByRole("button", { name: /Send Login Link|Sending\.\.\./ });
      let release = await hold(page, "/admin/login");
      await page.getByRole("textbox", { name: "Email" }).fill(ADMIN);
      await send.click();
      await expect(send).toHaveText("Sending...");
      await check(page, lng, "/admin/login, sending");
      await release();
      await expect(page.getByRole("alert")).toContainText("Failed to send login link");
      await check(page, lng, "/admin/login, the request failed");

      const seen = new Set(mailFiles());
      await openPage(page, inLanguage("/admin/login", lng));
      await page.getByRole("textbox", { name: "Email" }).fill(ADMIN);
      await send.click();
      await expect(page.getByText("Check your email for a login link.")).toBeVisible();
      const link = await waitForLink(ADMIN, seen, baseURL!);
      await openPage(page, inLanguage(link, lng));
      release = await hold(page, "/admin/auth/magic");
      const proceed = page.getByRole("button", { name: /^(Continue|Signing in\.\.\.)$/ });
      await proceed.click();
      await expect(proceed).toBeDisabled();
      await expect(proceed).toHaveText("Signing in...");
      await check(page, lng, "the sign-in link's page, signing in");
      await release();
    });

    test("the dashboard: a tab loading, and logging out", async ({ browser, baseURL }) => {
      const { page, context } = await openDashboard(browser, baseURL, lng, DASHBOARD);
      const tabs = page.getByRole("navigation", { name: "Dashboard" });
      // The FAQs tab opened from another: its frame with placeholder cards until its list comes.
      let release = await hold(page, `${DASHBOARD}/faqs.data`, "GET");
      await tabs.getByRole("link", { name: "FAQs" }).click();
      await expect(page.getByRole("list", { name: "Loading FAQs" })).toBeVisible();
      await check(page, lng, "FAQs, loading");
      await release();

      // The Overview read again (its tab pressed while it is open): its counts say '...'.
      await openPage(page, DASHBOARD);
      release = await hold(page, `${DASHBOARD}.data`, "GET");
      await tabs.getByRole("link", { name: "Overview" }).click();
      await expect(page.locator("dd[aria-busy=true]").first()).toHaveText("...");
      await check(page, lng, "the Overview, loading");
      await release();

      await openPage(page, DASHBOARD);
      release = await hold(page, "/admin/auth/logout");
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page.getByRole("button", { name: "Logging out..." })).toBeDisabled();
      await check(page, lng, "the dashboard, logging out");
      // Cut off before it reached the server: the session stays.
      await release();
      await context.close();
    });

    test("dialogs: a form being created, a deletion being confirmed", async ({ browser, baseURL }) => {
      const { page, context } = await openDashboard(browser, baseURL, lng, `${DASHBOARD}/faqs/new`);
      const add = page.getByRole("dialog", { name: "Add New FAQ" });
      await add.getByRole("textbox", { name: "Question", exact: true }).fill("A question never saved?");
      await add.getByRole("textbox", { name: "Answer", exact: true }).fill("An answer never saved.");
      let release = await hold(page, `${DASHBOARD}/faqs/new`);
      await add.getByRole("button", { name: "Create FAQ" }).click();
      await expect(add.getByRole("button", { name: "Creating..." })).toBeDisabled();
      await check(page, lng, "Add New FAQ, creating", DIALOG);
      await release();

      const faq = withE2eDatabase((db) => (db.prepare("select id from faqs order by id limit 1").get() as { id: number }).id);
      await openPage(page, `${DASHBOARD}/faqs/${faq}/delete`);
      const confirm = page.getByRole("alertdialog", { name: "Delete FAQ" });
      release = await hold(page, `${DASHBOARD}/faqs/${faq}/delete`);
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(confirm.getByRole("button", { name: "Deleting..." })).toBeDisabled();
      await check(page, lng, "Delete FAQ, deleting", DIALOG);
      await release();
      await context.close();
    });

    test("Settings: saving, and a test e-mail being sent", async ({ browser, baseURL }) => {
      // A stored address (so Send Test Email shows), put back as it was at the end.
      const restore = setRowsAside("configurations", "key = 'contact_email'");
      withE2eDatabase((db) =>
        db.prepare("insert into configurations (key, value, description, updated_by) values ('contact_email', 'office@example.com', 'Contact form recipient', ?)").run(ADMIN),
      );
      const { page, context } = await openDashboard(browser, baseURL, lng, `${DASHBOARD}/settings`);
      try {
        let release = await hold(page, `${DASHBOARD}/settings`);
        await page.getByRole("textbox", { name: "Contact Email Address" }).fill("front.desk@example.com");
        await page.getByRole("button", { name: "Save" }).click();
        await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
        await check(page, lng, "Settings, saving");
        await release();

        await openPage(page, `${DASHBOARD}/settings`);
        release = await hold(page, `${DASHBOARD}/settings`);
        await page.getByRole("button", { name: "Send Test Email" }).click();
        await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
        await check(page, lng, "Settings, sending a test e-mail");
        await release();
      } finally {
        restore();
        await context.close();
      }
    });

    test("media: linking, unlinking, the hero switch and an upload on their way", async ({ browser, baseURL }) => {
      const media = withE2eDatabase((db) => db.prepare("select id, property_id as propertyId, original_name as name from media where property_id is not null order by id limit 1").get() as { id: number; propertyId: number; name: string });
      const { page, context } = await openDashboard(browser, baseURL, lng, `${DASHBOARD}/media/${media.id}/link`);
      // Link to Property: the chosen one says 'Linking...', the others wait, disabled.
      const linkDialog = page.getByRole("dialog", { name: "Link to Property" });
      let release = await hold(page, `${DASHBOARD}/media/${media.id}/link`);
      await linkDialog.getByRole("list", { name: "Properties" }).getByRole("button").first().click();
      await expect(linkDialog.getByRole("button", { name: /^Linking\.\.\./ })).toBeVisible();
      await check(page, lng, "Link to Property, linking", DIALOG);
      await release();

      // A property's images: Unlink on its way.
      await openPage(page, `${DASHBOARD}/properties/${media.propertyId}/media`);
      const images = page.getByRole("dialog", { name: "Property Images" });
      release = await hold(page, `${DASHBOARD}/properties/${media.propertyId}/media`);
      await images.getByRole("list", { name: "Linked images" }).getByRole("button", { name: /^Unlink/ }).first().click();
      await expect(images.getByRole("button", { name: /^Unlinking\.\.\./ })).toBeDisabled();
      await check(page, lng, "Property Images, unlinking", DIALOG);
      await release();

      // The Media tab: a card's Unlink and its hero switch, both on their way.
      await openPage(page, `${DASHBOARD}/media?q=${encodeURIComponent(media.name)}`);
      const card = page.locator(`article[aria-labelledby="media-${media.id}-name"]`);
      release = await hold(page, `${DASHBOARD}/media`);
      await card.getByRole("button", { name: "Unlink" }).click();
      await card.getByRole("switch", { name: "Hero image" }).click();
      await expect(card.getByRole("button", { name: "Unlink" })).toBeDisabled();
      await check(page, lng, "Media, unlinking and switching");
      await release();

      // An upload going up: the progress bar, the file input disabled.
      await openPage(page, `${DASHBOARD}/media/upload`);
      const upload = page.getByRole("dialog", { name: "Upload Image" });
      await upload.getByLabel("Image").setInputFiles({ name: "axe-busy.png", mimeType: "image/png", buffer: await png(240, 160) });
      await expect(upload.getByText("Ready to upload")).toBeVisible();
      await check(page, lng, "Upload Image, a file chosen", DIALOG);
      release = await hold(page, "/api/objects/upload", "PUT");
      await upload.getByRole("button", { name: "Upload" }).click();
      await expect(upload.getByRole("button", { name: "Uploading..." })).toBeDisabled();
      await check(page, lng, "Upload Image, uploading", DIALOG);
      await release();
      await context.close();
    });

    test("the property form: an address search running, then failing", async ({ browser, baseURL }) => {
      const { page, context } = await openDashboard(browser, baseURL, lng, `${DASHBOARD}/properties/new`);
      const add = page.getByRole("dialog", { name: "Add New Property" });
      const release = await hold(page, "/api/admin/geocode", "GET");
      await add.getByRole("combobox", { name: "Location" }).pressSequentially("Arlington");
      await expect(add.getByRole("status").filter({ hasText: "Searching addresses..." })).toBeVisible();
      await check(page, lng, "Add New Property, searching addresses", DIALOG);
      await release();
      await expect(add.getByRole("status").filter({ hasText: "The address search is not available right now." })).toBeVisible();
      await check(page, lng, "Add New Property, the address search failed", DIALOG);
      await context.close();
    });

    test("Messages: Mark as handled on its way", async ({ browser, baseURL }) => {
      const id = withE2eDatabase((db) =>
        Number(
          db
            .prepare("insert into contact_messages (first_name, last_name, email, subject, message, created_at) values ('Ana', 'Axe Busy', 'ana.busy@example.com', 'other', 'Checking the busy state.', ?)")
            .run(Date.now()).lastInsertRowid,
        ),
      );
      const { page, context } = await openDashboard(browser, baseURL, lng, `${DASHBOARD}/messages?q=Axe%20Busy`);
      try {
        const message = page.getByRole("article", { name: "Message from Ana Axe Busy" });
        const release = await hold(page, `${DASHBOARD}/messages`);
        await message.getByRole("button", { name: "Mark as handled" }).click();
        await expect(message.getByRole("button", { name: "Saving..." })).toBeVisible();
        await check(page, lng, "Messages, saving");
        await release();
      } finally {
        withE2eDatabase((db) => db.prepare("delete from contact_messages where id = ?").run(id));
        await context.close();
      }
    });
  });
}
