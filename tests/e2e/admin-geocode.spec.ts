import { type Browser, type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { openSignedIn, quietPeriod, signedInState, withE2eDatabase, type StorageState } from "./support";

// Issue 10, point 5: the property form's Location field suggests addresses (the
// embedded gazetteer answers here: the e2e server has no GEOCODER_URL). With
// JavaScript it is a combobox used with the keyboard or the mouse; without it a
// 'Find' button shows the form again with the addresses as choices. Either way the
// chosen address's coordinates are saved. This file runs with JavaScript on and off.

const ADMIN = "geocode@example.com";
const NEW_PROPERTY = "/admin/dashboard/properties/new";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

type Row = { location: string; latitude: number | null; longitude: number | null };

function savedProperty(name: string): Row | undefined {
  return withE2eDatabase((db) => db.prepare("select location, latitude, longitude from properties where name = ?").get(name) as Row | undefined, { readonly: true });
}

function removeProperty(name: string) {
  withE2eDatabase((db) => db.prepare("delete from properties where name = ?").run(name));
}

/** Every field but the address, as an admin types them. */
async function fillTheRest(field: (label: string) => Locator, name: string) {
  await field("Name").fill(name);
  await field("Price").fill("$975/month");
  await field("Image URL").fill("/objects/demo/home-2.webp");
  await field("Beds").fill("3");
  await field("Baths").fill("2");
  await field("Square Feet").fill("1,180");
  await field("Description").fill("A home placed on the map by its address.");
}

async function expectCreated(page: Page, name: string) {
  await expect(page.getByText("Property created successfully").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard\/properties$/);
  await expect.poll(() => savedProperty(name)).toBeTruthy();
}

test("Add New Property: Location suggests addresses and choosing one fills the coordinates", async ({ browser, baseURL, javaScriptEnabled }) => {
  const name = `Geocoded Home ${javaScriptEnabled ? "js" : "nojs"}`;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, NEW_PROPERTY);
  try {
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    const location = field("Location");
    const latitude = field("Latitude");
    const longitude = field("Longitude");

    if (javaScriptEnabled) {
      await expect(dialog.getByRole("combobox", { name: "Location" })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Find" })).toHaveCount(0);
      const list = dialog.getByRole("listbox", { name: "Address suggestions" });
      const options = list.getByRole("option");

      // Fewer than 3 characters: no search.
      await location.pressSequentially("Wa");
      await quietPeriod(page, 500);
      await expect(dialog.getByText("Searching addresses...")).toHaveCount(0);
      await expect(location).toHaveAttribute("aria-expanded", "false");

      // A city: 'Searching addresses...', then at most 8 suggestions, Texas first.
      await location.pressSequentially("co");
      await expect(dialog.getByText("Searching addresses...")).toBeVisible();
      await expect(list).toBeVisible();
      await expect(location).toHaveAttribute("aria-expanded", "true");
      await expect(location).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
      await expect(options.first()).toContainText("Waco, TX");
      expect(await options.count()).toBeLessThanOrEqual(8);
      await expect(dialog.getByText("Searching addresses...")).toHaveCount(0);

      // The keyboard: ArrowDown and ArrowUp move the active option, Enter chooses it.
      await location.press("ArrowDown");
      await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
      await expect(location).toHaveAttribute("aria-activedescendant", (await options.nth(0).getAttribute("id"))!);
      await location.press("ArrowDown");
      await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
      await expect(location).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
      await location.press("ArrowUp");
      await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
      await location.press("Enter");
      await expect(list).toBeHidden();
      await expect(location).toHaveAttribute("aria-expanded", "false");
      await expect(dialog).toBeVisible();
      await expect(location).toHaveValue("Waco, TX");
      await expect(latitude).toHaveValue(/^31\.5\d*$/);
      await expect(longitude).toHaveValue(/^-97\.1\d*$/);
      await expect(location).toBeFocused();
      // The coordinates stay editable.
      await latitude.fill("31.56");
      await expect(latitude).toHaveValue("31.56");

      // Nothing known: 'No addresses found.'
      await location.fill("qxzvwq");
      await expect(dialog.getByText("No addresses found.")).toBeVisible();
      await expect(location).toHaveAttribute("aria-expanded", "false");

      // Escape closes the list and leaves the dialog open.
      await location.fill("Temple");
      await expect(options.first()).toContainText("Temple, TX");
      await location.press("Escape");
      await expect(list).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(location).toHaveValue("Temple");

      // A ZIP code, chosen with the mouse; at phone width the open list fits.
      await page.setViewportSize({ width: 320, height: 740 });
      await location.fill("76501");
      await expect(options).toHaveCount(1);
      expect(await layoutProblems(page)).toEqual([]);
      await options.first().click();
      await expect(location).toHaveValue("Temple, TX 76501");
      await expect(latitude).toHaveValue("31.0895");
      await expect(longitude).toHaveValue("-97.3343");

      await fillTheRest(field, name);
      await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    } else {
      await expect(dialog.getByRole("combobox", { name: "Location", exact: true })).toHaveCount(0);
      await fillTheRest(field, name);
      const find = dialog.getByRole("button", { name: "Find" });

      // Nothing known: said, and nothing saved.
      await location.fill("qxzvwq");
      await find.click();
      await expect(dialog.getByText("No addresses found.")).toBeVisible();
      expect(savedProperty(name)).toBeUndefined();

      // A city: the form again, every typed value kept, the addresses as choices.
      await location.fill("Waco");
      await latitude.fill("1");
      const response = page.waitForResponse((answer) => answer.url().endsWith(NEW_PROPERTY) && answer.request().method() === "POST");
      await find.click();
      expect((await response).status()).toBe(200);
      expect(savedProperty(name)).toBeUndefined();
      const choices = dialog.getByRole("group", { name: "Addresses found for “Waco”" }).getByRole("radio");
      await expect(choices.first()).toBeVisible();
      expect(await choices.count()).toBeLessThanOrEqual(8);
      await expect(field("Name")).toHaveValue(name);
      await expect(location).toHaveValue("Waco");
      await expect(latitude).toHaveValue("1");
      await expect(field("Square Feet")).toHaveValue("1,180");
      await expect(field("Description")).toHaveValue("A home placed on the map by its address.");
      await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveValue("available");
      await page.setViewportSize({ width: 320, height: 740 });
      expect(await layoutProblems(page)).toEqual([]);

      // The choice goes with the form and replaces what was typed.
      await dialog.getByRole("radio", { name: /^Waco, TX\b/ }).check();
      await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    }

    await expectCreated(page, name);
    const saved = savedProperty(name)!;
    if (javaScriptEnabled) {
      expect(saved).toEqual({ location: "Temple, TX 76501", latitude: 31.0895, longitude: -97.3343 });
    } else {
      expect(saved.location).toBe("Waco, TX");
      expect(saved.latitude).toBeCloseTo(31.55, 1);
      expect(saved.longitude).toBeCloseTo(-97.16, 1);
    }
  } finally {
    removeProperty(name);
    await context.close();
  }
});

test("Edit Property: an address chosen replaces the location and coordinates, other fields kept", async ({ browser, baseURL, javaScriptEnabled }) => {
  const name = `Geocoded Edit ${javaScriptEnabled ? "js" : "nojs"}`;
  const now = Date.now();
  const id = withE2eDatabase((db) =>
    Number(
      db
        .prepare(
          "insert into properties (name, location, latitude, longitude, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at) values (?, 'Somewhere, TX', 30, -97, '$900/month', '/objects/demo/home-3.webp', '2', '1', '800', 'A home made by a browser test.', 0, ?, ?)",
        )
        .run(name, now, now).lastInsertRowid,
    ),
  );
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `/admin/dashboard/properties/${id}/edit`);
  try {
    const dialog = page.getByRole("dialog", { name: "Edit Property" });
    const location = dialog.getByLabel("Location", { exact: true });
    await location.fill("San Antonio, TX");
    if (javaScriptEnabled) {
      await dialog.getByRole("option", { name: /^San Antonio, TX/ }).click();
    } else {
      await dialog.getByRole("button", { name: "Find" }).click();
      await dialog.getByRole("radio", { name: /^San Antonio, TX/ }).check();
    }
    await expect(dialog.getByLabel("Price", { exact: true })).toHaveValue("$900/month");
    // A draft: saved as one, it stays off the public site.
    await dialog.getByRole("button", { name: "Save as draft", exact: true }).click();
    await expect(page.getByText("Property saved as a draft: only staff can see it").first()).toBeVisible();
    const saved = savedProperty(name)!;
    expect(saved.location).toBe("San Antonio, TX");
    expect(saved.latitude).toBeCloseTo(29.46, 0);
    expect(saved.longitude).toBeCloseTo(-98.5, 0);
  } finally {
    removeProperty(name);
    await context.close();
  }
});
