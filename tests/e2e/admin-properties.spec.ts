import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import Database from "better-sqlite3";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, type StorageState } from "./support";

// The Properties tab with JavaScript on and off (this file runs in both projects): the
// list searched and paged through the URL; add, edit and delete; linking images; and
// what the public site shows after each change. Every test leaves the demo data as it
// found it.

// Its own address: sign-in mails are limited per address, and other files sign in too.
const ADMIN = "properties@example.com";
const TAB = "/admin/dashboard/properties";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, path: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, path);
}

function database(readonly = true) {
  return new Database(process.env.E2E_DATABASE_PATH!, { readonly });
}

function propertyIdByName(name: string): number | undefined {
  const db = database();
  const row = db.prepare("select id from properties where name = ?").get(name) as { id: number } | undefined;
  db.close();
  return row?.id;
}

/** Removes properties this file made (by name), leaving their media unlinked. */
function removeProperties(where: string, ...values: string[]) {
  const db = database(false);
  db.prepare(`update media set property_id = null where property_id in (select id from properties where ${where})`).run(...values);
  db.prepare(`delete from properties where ${where}`).run(...values);
  db.close();
}

function insertProperty(values: { name: string; location: string; isActive: boolean; createdAt: number }): number {
  const db = database(false);
  const result = db
    .prepare(
      "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at) values (?, ?, '$900/month', '/objects/demo/home-3.webp', '2', '1', '800', 'A home made by a browser test.', ?, ?, ?)",
    )
    .run(values.name, values.location, values.isActive ? 1 : 0, values.createdAt, values.createdAt);
  db.close();
  return Number(result.lastInsertRowid);
}

/** A toast with JavaScript (Radix also renders its words for screen readers), a status region without. */
async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

async function search(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search properties" });
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

test("Properties: the list, searched by name or location and paged through the URL", async ({ browser, baseURL, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const prefix = `Paging ${tag} home`;
  // 26 inactive homes (they never reach the public site): two pages of 24.
  const start = Date.now() - 60_000;
  for (let i = 1; i <= 26; i++) insertProperty({ name: `${prefix} ${String(i).padStart(2, "0")}`, location: "Pagetown, TX 75000", isActive: false, createdAt: start + i });
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
  try {
    const tabs = page.getByRole("navigation", { name: "Dashboard" });
    await expect(tabs.getByRole("link").nth(1)).toHaveText("Properties");
    await tabs.getByRole("link", { name: "Properties" }).click();
    await expect(page).toHaveURL(new RegExp(`${TAB}$`));
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    const db = database();
    const { n } = db.prepare("select count(*) as n from properties").get() as { n: number };
    db.close();
    await expect(page.getByText(`${n} properties`, { exact: true })).toBeVisible();

    // A demo home's card: photo, name, location, price, counts, its badge and actions.
    const oak = card(page, "Oak Hollow Community, Lot 14");
    await search(page, "oak HOLLOW");
    await expect(page.getByText("1 property match “oak HOLLOW”")).toBeVisible();
    await expect(page.getByRole("list", { name: "Properties" }).getByRole("article")).toHaveCount(1);
    await expect(oak).toContainText("Fort Worth, TX 76116");
    await expect(oak).toContainText("$1,150/month");
    await expect(oak).toContainText("3 beds · 2 baths · 1,216 sqft");
    await expect(oak.getByText("Available", { exact: true })).toBeVisible();
    for (const action of ["Edit", "Images of", "Delete"]) await expect(oak.getByRole("link", { name: `${action} Oak Hollow Community, Lot 14` })).toBeVisible();
    // By location too.
    await search(page, "mansfield");
    await expect(card(page, "Cedar Ridge Estates, Home 7")).toBeVisible();
    await search(page, "no home is called this");
    await expect(page.getByText("No properties match your search")).toBeVisible();

    // Paging keeps the search; newest first.
    await search(page, prefix);
    await expect(page.getByText(`26 properties match “${prefix}”`)).toBeVisible();
    const cards = page.getByRole("list", { name: "Properties" }).getByRole("article");
    await expect(cards).toHaveCount(24);
    await expect(cards.first()).toHaveAccessibleName(`${prefix} 26`);
    const pages = page.getByRole("navigation", { name: "Property pages" });
    await expect(pages).toContainText("Page 1 of 2");
    await pages.getByRole("link", { name: "Next" }).click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: prefix, page: "2" });
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toHaveAccessibleName(`${prefix} 01`);
    await expect(cards.first().getByText("Off the market", { exact: true })).toBeVisible();
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: prefix });
    await expect(cards).toHaveCount(24);
    // The URL alone opens the same page.
    await openPage(page, `${TAB}?q=${encodeURIComponent(prefix)}&page=2`, javaScriptEnabled);
    await expect(cards).toHaveCount(2);
  } finally {
    removeProperties("name like ?", `${prefix} %`);
    await context.close();
  }
});

test("Properties: add (refused, then saved), see it public, take it off the market, delete it", async ({ browser, baseURL, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const name = `Bluebird Court, Lot ${tag}`;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, TAB);
  const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
  try {
    await page.getByRole("link", { name: "Add Property" }).click();
    await expect(page).toHaveURL(new RegExp(`${TAB}/new$`));
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    const field = (label: string) => dialog.getByRole("textbox", { name: label, exact: true });
    await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveValue("available");
    await field("Name").fill(name);
    // With JavaScript the field is a combobox (address suggestions), without it a textbox.
    await dialog.getByLabel("Location", { exact: true }).fill("Keller, TX 76248");
    await field("Latitude").fill("95");
    await field("Longitude").fill("-97.23");
    await field("Price").fill("$1,095/month");
    await field("Price (Spanish)").fill("$1,095 al mes");
    await field("Image URL").fill("/objects/demo/home-2.webp");
    await field("Application URL").fill("https://apply.example.com/bluebird");
    await field("Beds").fill("2+");
    await field("Baths").fill("2");
    await field("Square Feet").fill("1200-1400");
    await field("Description").fill("A bright home on a quiet court with a big back yard.");
    await field("Description (Spanish)").fill("Una casa luminosa en una calle tranquila con un patio grande.");
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    // Refused in place, next to its field, and nothing saved.
    await expect(dialog.getByText("Latitude must be between -90 and 90")).toBeVisible();
    await expect(field("Latitude")).toHaveAttribute("aria-invalid", "true");
    expect(propertyIdByName(name)).toBeUndefined();
    await expect(field("Name")).toHaveValue(name);

    await field("Latitude").fill("32.93");
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    await expectNotice(page, "Property created successfully");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${TAB}$`));
    const created = card(page, name);
    await expect(page.getByRole("list", { name: "Properties" }).getByRole("article").first()).toHaveAccessibleName(name);
    await expect(created.getByText("Available", { exact: true })).toBeVisible();
    await expect(created).toContainText("2+ beds · 2 baths · 1200-1400 sqft");
    const id = propertyIdByName(name)!;

    // Public at once: its own page and the home page's full list.
    expect((await openPage(visitor, `/properties/${id}?lng=en`, javaScriptEnabled))?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { name, level: 1 })).toBeVisible();
    await openPage(visitor, "/?all=1&lng=en", javaScriptEnabled);
    await expect(visitor.getByRole("heading", { name })).toBeVisible();

    // Edit: every field shown; a status off the market takes it off the public site.
    await created.getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Property" });
    await expect(edit.getByRole("textbox", { name: "Latitude" })).toHaveValue("32.93");
    await expect(edit.getByRole("textbox", { name: "Beds" })).toHaveValue("2+");
    await edit.getByRole("textbox", { name: "Price", exact: true }).fill("$1,125/month");
    const status = edit.getByRole("combobox", { name: "Status" });
    await expect(status).toHaveValue("available");
    await status.selectOption("off_market");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expectNotice(page, "Property updated successfully");
    await expect(edit).toHaveCount(0);
    await expect(created.getByText("Off the market", { exact: true })).toBeVisible();
    await expect(created).toContainText("$1,125/month");
    // Public once, its address says it is no longer available.
    expect((await visitor.goto(`/properties/${id}`))?.status()).toBe(410);
    await expect(visitor.getByText("This home is no longer available", { exact: true })).toBeVisible();
    await openPage(visitor, "/?all=1&lng=en", javaScriptEnabled);
    await expect(visitor.getByRole("heading", { name: "Available Homes", exact: true })).toBeVisible();
    await expect(visitor.getByRole("heading", { name })).toHaveCount(0);

    // Delete asks first, naming it; Cancel keeps it.
    await created.getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Property" });
    await expect(confirm.getByText("Are you sure you want to delete this property?")).toBeVisible();
    await expect(confirm).toContainText(name);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(created).toHaveCount(1);
    await created.getByRole("link", { name: `Delete ${name}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "Property deleted successfully");
    await expect(created).toHaveCount(0);
    expect(propertyIdByName(name)).toBeUndefined();
  } finally {
    removeProperties("name = ?", name);
    await visitor.close();
    await context.close();
  }
});

test("Properties: the price's amount and period are read from its text, and a correction is kept", async ({ browser, baseURL, javaScriptEnabled }) => {
  const name = `Price Reading Lot ${javaScriptEnabled ? "js" : "nojs"}`;
  const id = insertProperty({ name, location: "Keller, TX 76248", isActive: true, createdAt: Date.now() });
  const stored = () => {
    const db = database();
    const row = db.prepare("select price_amount as amount, price_kind as kind from properties where id = ?").get(id);
    db.close();
    return row;
  };
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}/${id}/edit`);
  try {
    const edit = page.getByRole("dialog", { name: "Edit Property" });
    const amount = edit.getByRole("textbox", { name: "Price amount" });
    const kind = edit.getByRole("combobox", { name: "Price period" });
    // Blank: it follows the text, whose reading the hint gives.
    await expect(amount).toHaveValue("");
    await expect(edit.getByText("Leave blank to read it from the price: $900 a month.", { exact: false })).toBeVisible();
    await expect(kind).toHaveValue("");
    await expect(kind.locator("option").first()).toHaveText("Read from the price (a month)");

    await edit.getByRole("textbox", { name: "Price", exact: true }).fill("Call for price");
    if (javaScriptEnabled) await expect(edit.getByText("Leave blank to read it from the price: the price text names no amount.", { exact: false })).toBeVisible();
    await amount.fill("abc");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expect(edit.getByText("Price amount must be whole dollars from 0 to 100,000,000")).toBeVisible();
    expect(stored()).toEqual({ amount: null, kind: null });

    await amount.fill("$1,050");
    await kind.selectOption("month");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expectNotice(page, "Property updated successfully");
    expect(stored()).toEqual({ amount: 1050, kind: "rent" });

    // The correction shows when the form opens again; cleared, the text is read again.
    await openPage(page, `${TAB}/${id}/edit`, javaScriptEnabled);
    await expect(amount).toHaveValue("1050");
    await expect(kind).toHaveValue("month");
    await edit.getByRole("textbox", { name: "Price", exact: true }).fill("$74,500");
    await amount.fill("");
    await kind.selectOption("");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expectNotice(page, "Property updated successfully");
    expect(stored()).toEqual({ amount: 74500, kind: "sale" });
  } finally {
    removeProperties("id = ?", String(id));
    await context.close();
  }
});

test("Properties: link an image, see it on the public page, unlink it", async ({ browser, baseURL, javaScriptEnabled }) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const name = `Images ${tag} home`;
  const id = insertProperty({ name, location: "Imageville, TX 75001", isActive: true, createdAt: Date.now() });
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}?q=${encodeURIComponent(name)}`);
  const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
  try {
    await card(page, name).getByRole("link", { name: `Images of ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Property Images" });
    await expect(dialog.getByText("No images are linked to this property yet.")).toBeVisible();
    // The demo's hero images are linked to no property: there to link. Searched by name.
    const box = dialog.getByRole("searchbox", { name: "Search images by name" });
    await box.fill("COMMUNITY-1");
    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("mq")).toBe("COMMUNITY-1");
    // The list behind keeps its own search.
    expect(new URL(page.url()).searchParams.get("q")).toBe(name);
    const toLink = dialog.getByRole("list", { name: "Images to link" });
    await expect(toLink.getByRole("listitem")).toHaveCount(1);
    await toLink.getByRole("button", { name: "Link community-1.webp" }).click();
    await expectNotice(page, "Image linked to property successfully");
    const linked = dialog.getByRole("list", { name: "Linked images" });
    await expect(linked.getByRole("button", { name: "Unlink community-1.webp" })).toBeVisible();
    await expect(dialog.getByText("No images match your search")).toBeVisible();

    // On the public page: the main photo, then the linked one (the carousel's second slide).
    // In the home's carousel (without JavaScript the page also lists its photos below it).
    const photo = (n: number) => visitor.getByRole("region", { name: `Photos of ${name}` }).locator(`img[alt="${name}, photo ${n}"]`);
    await openPage(visitor, `/properties/${id}?lng=en`, javaScriptEnabled);
    await expect(photo(1)).toHaveAttribute("src", "/objects/demo/home-3.webp");
    await expect(photo(2)).toHaveAttribute("src", "/objects/demo/hero-1.webp");

    await linked.getByRole("button", { name: "Unlink community-1.webp" }).click();
    await expectNotice(page, "Image unlinked from property successfully");
    await expect(dialog.getByText("No images are linked to this property yet.")).toBeVisible();
    await expect(toLink.getByRole("button", { name: "Link community-1.webp" })).toBeVisible();
    await openPage(visitor, `/properties/${id}?lng=en`, javaScriptEnabled);
    await expect(photo(1)).toHaveCount(1);
    await expect(photo(2)).toHaveCount(0);

    await dialog.getByRole("link", { name: "Done" }).click();
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get("q")).toBe(name);
  } finally {
    removeProperties("name = ?", name);
    await visitor.close();
    await context.close();
  }
});

test("Properties: order a home's photos and make one the main image; the public carousel follows, a file never twice", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const name = `Photo order ${tag} home`;
  const id = insertProperty({ name, location: "Orderville, TX 75001", isActive: true, createdAt: Date.now() });
  // The main image (home-3) is a library item of its own; three photos linked in order.
  const files = ["home-3", "home-4", "home-5", "home-6"].map((file) => `/objects/demo/${file}.webp`);
  const names = files.map((_, i) => `order-${tag}-${i}.webp`);
  const db = database(false);
  const mediaIds = files.map((file, i) =>
    Number(
      db
        .prepare("insert into media (filename, original_name, file_path, file_size, mime_type, property_id, position) values (?, ?, ?, 1000, 'image/webp', ?, ?)")
        .run(file.split("/").pop(), names[i], file, i === 0 ? null : id, i === 0 ? null : i).lastInsertRowid,
    ),
  );
  db.close();
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}/${id}/media`);
  const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
  const publicPhotos = async () => {
    await openPage(visitor, `/properties/${id}?lng=en`, javaScriptEnabled);
    const region = visitor.getByRole("region", { name: `Photos of ${name}` });
    return region.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
  };
  try {
    const dialog = page.getByRole("dialog", { name: "Property Images" });
    const linked = dialog.getByRole("list", { name: "Linked images" });
    const rows = linked.getByRole("listitem");
    await expect(rows).toHaveText([new RegExp(`${names[1]}Photo 1 of 3`), new RegExp(`${names[2]}Photo 2 of 3`), new RegExp(`${names[3]}Photo 3 of 3`)]);
    await expect(linked.getByRole("button", { name: `Move up ${names[1]}` })).toBeDisabled();

    await linked.getByRole("button", { name: `Move up ${names[3]}` }).click();
    await expectNotice(page, "Image order updated");
    await expect(rows).toHaveText([new RegExp(names[1]), new RegExp(names[3]), new RegExp(names[2])]);
    expect(await publicPhotos()).toEqual([files[0], files[1], files[3], files[2]]);

    await linked.getByRole("button", { name: `Make main image ${names[3]}` }).click();
    await expectNotice(page, "Main image updated");
    // Listed as the public site shows them: the main image first; the old main image stays
    // among the photos, where the new one was.
    await expect(rows).toHaveText([new RegExp(`${names[3]}Photo 1 of 4.*Main image`), new RegExp(names[1]), new RegExp(names[0]), new RegExp(names[2])]);
    await expect(linked.getByRole("button", { name: `Make main image ${names[3]}` })).toHaveCount(0);
    // The main image stays first: it does not move, and nothing moves above it.
    await expect(linked.getByRole("button", { name: `Move up ${names[3]}` })).toHaveCount(0);
    await expect(linked.getByRole("button", { name: `Move up ${names[1]}` })).toBeDisabled();
    const shown = await publicPhotos();
    expect(shown).toEqual([files[3], files[1], files[0], files[2]]);
    expect(new Set(shown).size).toBe(shown.length);

    // At phone widths, as opened (not under the toast of the last change).
    await openPage(page, `${TAB}/${id}/media`, javaScriptEnabled);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await layoutProblems(page), `Property Images at ${width} px`).toEqual([]);
    }
  } finally {
    removeProperties("id = ?", String(id));
    const cleanup = database(false);
    for (const mediaId of mediaIds) cleanup.prepare("delete from media where id = ?").run(mediaId);
    cleanup.close();
    await visitor.close();
    await context.close();
  }
});

test("Properties: the Add dialog has its own URL; with JavaScript focus moves in and returns to the opener", async ({ browser, baseURL, javaScriptEnabled }) => {
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, TAB);
  const opener = page.getByRole("link", { name: "Add Property" });
  const dialog = page.getByRole("dialog", { name: "Add New Property" });
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${TAB}/new$`));
  if (javaScriptEnabled) {
    // Focus is in the first field, and Tab keeps it inside the dialog.
    await expect(dialog.getByRole("textbox", { name: "Name" })).toBeFocused();
    for (let i = 0; i < 20; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Escape closes it and gives focus back to Add Property.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${TAB}$`));
    await expect(opener).toBeFocused();
    // So does Cancel.
    await opener.click();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  } else {
    // Without JavaScript the same URL is a page with the form; Cancel goes back.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`${TAB}$`));
    await expect(dialog).toHaveCount(0);
  }
  // An unknown property's edit URL goes back to the list with its failure text (docs/product.md §8).
  await openPage(page, `${TAB}/999999/edit`, javaScriptEnabled);
  await expect(page).toHaveURL(new RegExp(`${TAB}$`));
  await expectNotice(page, "Failed to update property");
  await context.close();
});

test("Properties: the tab and its dialogs fit a 320 px phone", async ({ browser, baseURL, javaScriptEnabled }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, storageState, viewport: { width: 320, height: 640 } });
  const oak = propertyIdByName("Oak Hollow Community, Lot 14")!;
  try {
    const page = await context.newPage();
    expect((await openPage(page, TAB, javaScriptEnabled))?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Property Management" })).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    for (const [path, title] of [
      [`${TAB}/new`, "Add New Property"],
      [`${TAB}/${oak}/edit`, "Edit Property"],
      [`${TAB}/${oak}/media`, "Property Images"],
      [`${TAB}/${oak}/delete`, "Delete Property"],
    ]) {
      expect((await openPage(page, path, javaScriptEnabled))?.status()).toBe(200);
      const dialog = page.getByRole(title === "Delete Property" ? "alertdialog" : "dialog", { name: title });
      await expect(dialog).toBeInViewport({ ratio: 1 });
      expect(await layoutProblems(page), path).toEqual([]);
    }
  } finally {
    await context.close();
  }
});

test("Properties: a home's facts, in their groups, refused out of range and kept; the Overview lists homes that lack some", async ({ browser, baseURL, javaScriptEnabled }) => {
  const name = `Facts Lot ${javaScriptEnabled ? "js" : "nojs"}`;
  const id = insertProperty({ name, location: "Keller, TX 76248", isActive: true, createdAt: Date.now() });
  const facts = () => {
    const db = database();
    const row = db
      .prepare("select status, deposit_amount as deposit, lot_rent_monthly as lotRent, utilities_included as utilities, home_type as homeType, pets, senior_community as senior, available_on as availableOn from properties where id = ?")
      .get(id);
    db.close();
    return row;
  };
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
  try {
    // A home made without facts is among those the Overview says to complete, and the
    // Properties tab's filter lists it.
    const panel = page.getByRole("region", { name: /^Facts to complete: \d+$/ });
    await expect(panel).toContainText("home type, pet policy");
    await panel.getByRole("link", { name: /^See all \d+ in Properties$/ }).click();
    await expect(page).toHaveURL(new RegExp(`${TAB}\\?facts=incomplete$`));
    await expect(page.getByText("Only homes whose facts are incomplete.")).toBeVisible();
    await search(page, name);
    await expect.poll(() => new URL(page.url()).searchParams.get("facts")).toBe("incomplete");
    await card(page, name).getByRole("link", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Property" });
    for (const group of ["Price and costs", "The home", "Community", "Availability"]) await expect(edit.getByRole("group", { name: group })).toBeVisible();
    const costs = edit.getByRole("group", { name: "Price and costs" });
    await costs.getByRole("textbox", { name: "Deposit" }).fill("five hundred");
    await costs.getByRole("textbox", { name: "Lot rent a month" }).fill("$250");
    await costs.getByRole("checkbox", { name: "Water" }).check();
    await costs.getByRole("checkbox", { name: "Trash" }).check();
    const home = edit.getByRole("group", { name: "The home" });
    await home.getByRole("combobox", { name: "Home type" }).selectOption("double_wide");
    await home.getByRole("combobox", { name: "Pets" }).selectOption("cats_and_dogs");
    await edit.getByRole("group", { name: "Community" }).getByRole("combobox", { name: "55+ community" }).selectOption("true");
    const availability = edit.getByRole("group", { name: "Availability" });
    await availability.getByRole("combobox", { name: "Status" }).selectOption("coming_soon");
    await availability.getByLabel("Available on").fill("2027-03-01");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    // Refused beside its field; nothing saved.
    await expect(edit.getByText("Deposit must be whole dollars from 0 to 1,000,000")).toBeVisible();
    await expect(costs.getByRole("textbox", { name: "Deposit" })).toHaveAttribute("aria-invalid", "true");
    expect(facts()).toMatchObject({ status: "available", deposit: null, homeType: null });

    await costs.getByRole("textbox", { name: "Deposit" }).fill("$500");
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await expectNotice(page, "Property updated successfully");
    expect(facts()).toEqual({ status: "coming_soon", deposit: 500, lotRent: 250, utilities: "water,trash", homeType: "double_wide", pets: "cats_and_dogs", senior: 1, availableOn: "2027-03-01" });
    // Complete now: off the filtered list, and shown as coming soon in the full one.
    await expect(card(page, name)).toHaveCount(0);
    await openPage(page, `${TAB}?q=${encodeURIComponent(name)}`, javaScriptEnabled);
    await expect(card(page, name).getByText("Coming soon", { exact: true })).toBeVisible();

    // Opened again, the form holds what was saved.
    await openPage(page, `${TAB}/${id}/edit`, javaScriptEnabled);
    await expect(costs.getByRole("textbox", { name: "Deposit" })).toHaveValue("500");
    await expect(costs.getByRole("checkbox", { name: "Water" })).toBeChecked();
    await expect(costs.getByRole("checkbox", { name: "Gas" })).not.toBeChecked();
    await expect(home.getByRole("combobox", { name: "Home type" })).toHaveValue("double_wide");
    await expect(availability.getByLabel("Available on")).toHaveValue("2027-03-01");
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await layoutProblems(page)).toEqual([]);
  } finally {
    removeProperties("id = ?", String(id));
    await context.close();
  }
});
