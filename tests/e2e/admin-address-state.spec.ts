import { type Browser, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { openPage } from "./support";
import { arlingtonPlaces, startNominatim, type NominatimStub } from "../support/nominatim";
import { signInWithGoogle, startServerWithGoogle, type GoogleSite } from "../support/oauth";
import { withServerDatabase } from "../support/server";

// Issue 54, point 17: the property form's address search puts the office's state first
// (Settings, Texas by default) and says when a suggestion's coordinates are a town's
// centre rather than the home's. This file runs with JavaScript on and off, against a
// site of its own whose GEOCODER_URL is a Nominatim stand-in on loopback: for a street
// on Oak St it answers Arlington in Virginia, Massachusetts, Alabama, then Texas (the
// city itself, its centre), and nothing for any other text, so the gazetteer answers.

const ADMIN = "address-state@example.com";
const NEW_PROPERTY = "/admin/dashboard/properties/new";
const SETTINGS = "/admin/dashboard/settings";
const TYPED = "1200 Oak St, Arlington";
const TEXAS = /^Arlington, Tarrant County, Texas, United States/;
const VIRGINIA = /^1200, Oak Street, Lyon Park, Arlington, Arlington County, Virginia/;
const CENTRE_NOTE = "These are the coordinates of the centre of Arlington, TX, not of the home. Type the home's own latitude and longitude if you know them.";

let nominatim: NominatimStub;
let site: GoogleSite;
let cookie: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  nominatim = await startNominatim();
  nominatim.answerWith((query) => (/oak st/i.test(query) ? arlingtonPlaces() : []));
  site = await startServerWithGoogle({ ADMIN_EMAILS: ADMIN, GEOCODER_URL: nominatim.url, RATE_LIMIT_FACTOR: "5", LOG_LEVEL: "warn" });
  site.oauth.signInAs({ sub: "g-address-state", email: ADMIN, email_verified: true, name: "Address Staff" });
  cookie = (await signInWithGoogle(site.app.url)).sessionCookie!;
});
test.afterAll(async () => {
  await site?.stop();
  await nominatim?.stop();
});

async function open(browser: Browser, javaScriptEnabled: boolean, path: string) {
  const context = await browser.newContext({ baseURL: site.app.url, javaScriptEnabled });
  const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
  await context.addCookies([{ name, value, url: site.app.url }]);
  const page = await context.newPage();
  await openPage(page, path, javaScriptEnabled);
  return { page, context };
}

/** The Add New Property dialog's address search: with JavaScript the combobox's options, without it 'Find' and its choices. */
function addressSearch(page: Page, javaScriptEnabled: boolean) {
  const dialog = page.getByRole("dialog", { name: "Add New Property" });
  const location = dialog.getByLabel("Location", { exact: true });
  return {
    dialog,
    location,
    latitude: dialog.getByLabel("Latitude", { exact: true }),
    /** The suggestions for `text`, in their order. */
    async suggestionsFor(text: string): Promise<Locator> {
      await location.fill(text);
      if (javaScriptEnabled) {
        const options = dialog.getByRole("listbox", { name: "Address suggestions" }).getByRole("option");
        await expect(options.first()).toBeVisible();
        return options;
      }
      await dialog.getByRole("button", { name: "Find" }).click();
      const choices = dialog.getByRole("group", { name: `Addresses found for “${text}”` }).getByRole("radio");
      await expect(choices.first()).toBeVisible();
      return choices;
    },
  };
}

test("Location: a street typed with its town and no state offers the Texas town first, and choosing a town's centre says so", async ({ browser, javaScriptEnabled }) => {
  const { page, context } = await open(browser, javaScriptEnabled, NEW_PROPERTY);
  try {
    const search = addressSearch(page, javaScriptEnabled);
    const suggestions = await search.suggestionsFor(TYPED);
    await expect(suggestions).toHaveCount(4);
    // Texas first, though the service answered it last; the others in the service's order.
    const names = javaScriptEnabled ? await suggestions.allTextContents() : await suggestions.evaluateAll((inputs) => inputs.map((input) => input.closest("label")?.textContent ?? ""));
    expect(names.map((name) => name.replace(/United States.*$/s, "").trim())).toEqual([
      "Arlington, Tarrant County, Texas,",
      "1200, Oak Street, Lyon Park, Arlington, Arlington County, Virginia, 22201,",
      "Oak Street, Arlington, Middlesex County, Massachusetts, 02474,",
      "Oak Street, Arlington, Wilcox County, Alabama,",
    ]);
    // The town's centre says whose coordinates it has; the house does not.
    await expect(suggestions.nth(0)).toHaveAccessibleName(/32\.735582, -97\.107119 \(centre of Arlington, TX\)$/);
    await expect(suggestions.nth(1)).toHaveAccessibleName(/38\.88263, -77\.08847$/);
    await expect(search.dialog.getByText(CENTRE_NOTE)).toBeHidden();

    if (javaScriptEnabled) {
      await suggestions.nth(0).click();
      await expect(search.location).toHaveValue(TEXAS);
      await expect(search.latitude).toHaveValue("32.7355816");
      // Next to the coordinates, in a status the screen reader reads as it appears.
      await expect(search.dialog.getByRole("status").filter({ hasText: CENTRE_NOTE })).toBeVisible();
      await expectNoAxeViolations(page, "the Add New Property dialog with a town's centre chosen", { within: '[role="dialog"]' });
      // The home's own latitude typed: the note goes.
      await search.latitude.fill("32.7361");
      await expect(search.dialog.getByText(CENTRE_NOTE)).toHaveCount(0);
      // A house's coordinates are the home's: no note.
      const again = await search.suggestionsFor(TYPED);
      await again.nth(1).click();
      await expect(search.location).toHaveValue(VIRGINIA);
      await expect(search.latitude).toHaveValue("38.88263");
      await expect(search.dialog.getByText(CENTRE_NOTE)).toHaveCount(0);
    } else {
      await suggestions.nth(0).check();
      await expect(search.dialog.getByText(CENTRE_NOTE)).toBeVisible();
      // The replay axe checks without JavaScript is made from the document's markup: the choice marked there too.
      await suggestions.nth(0).evaluate((input) => input.setAttribute("checked", ""));
      await expectNoAxeViolations(page, "the Add New Property dialog with a town's centre chosen", { within: '[role="dialog"]', javaScriptEnabled });
      await suggestions.nth(1).check();
      await expect(search.dialog.getByText(CENTRE_NOTE)).toBeHidden();
    }
  } finally {
    await context.close();
  }
});

test("Settings: the office's state decides which places the address search shows first", async ({ browser, javaScriptEnabled }) => {
  const { page, context } = await open(browser, javaScriptEnabled, SETTINGS);
  try {
    const section = page.getByRole("region", { name: "Address search" });
    const state = section.getByRole("combobox", { name: "The office's state" });
    await expect(state).toHaveValue("TX");
    await state.selectOption({ label: "Virginia" });
    await section.getByRole("button", { name: "Update the office's state" }).click();
    await expect(page.getByText("The office's state is now Virginia: the address search shows its places first.").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Address search" }).getByRole("combobox", { name: "The office's state" })).toHaveValue("VA");
    await expectNoAxeViolations(page, "the Settings tab", { javaScriptEnabled });

    await openPage(page, NEW_PROPERTY, javaScriptEnabled);
    const search = addressSearch(page, javaScriptEnabled);
    // The service's places: Virginia's first.
    await expect((await search.suggestionsFor(TYPED)).first()).toHaveAccessibleName(VIRGINIA);
    // The gazetteer's (the service finds nothing for a town alone here): Arlington, VA first.
    const towns = await search.suggestionsFor("Arlington");
    await expect(towns.first()).toHaveAccessibleName(/^Arlington, VA\b.*\(centre of Arlington, VA\)$/);
    await expect(search.dialog.getByRole(javaScriptEnabled ? "option" : "radio", { name: /^Arlington, TX\b/ })).toHaveCount(1);
  } finally {
    withServerDatabase(site.app, (db) => db.prepare("delete from configurations where key = 'office_state'").run());
    await context.close();
  }
});
