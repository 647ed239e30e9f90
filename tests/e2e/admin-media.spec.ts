import fs from "node:fs";
import path from "node:path";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { layoutProblems } from "./layout-checks";
import { e2eDatabasePath, openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";

// The Media tab with JavaScript on and off (this file runs in both projects): search
// and paging through the URL, the hero switch (seen in the home carousel), linking to a
// property (seen on its page) and unlinking, Copy URL, and delete with confirmation.
// Each test makes its own media rows and files straight in the database and data/uploads
// (uploading is admin-uploads.spec.ts's), and removes them again: the demo data stays
// exactly as it was (3 hero images, the linked photos).

const MEDIA_ADMIN = "media@example.com";
const TAB = "/admin/dashboard/media";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, MEDIA_ADMIN);
});

function openAs(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, urlPath: string) {
  return openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, urlPath);
}

// The server's work directory (the worker's site, fixtures.ts): its database and data/uploads.
const databasePath = e2eDatabasePath;
const uploadsDir = () => path.join(path.dirname(databasePath()), "uploads");
const withDb = withE2eDatabase;

type Made = { id: number; name: string; key: string; filePath: string };

/** Media rows of our own, each with a small PNG under data/uploads unless `files` is false. */
async function makeMedia(names: string[], options: { files?: boolean } = {}): Promise<Made[]> {
  const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: "#e09a1a" } }).png().toBuffer();
  const made: Made[] = [];
  const now = Date.now();
  for (const [index, name] of names.entries()) {
    const key = `e2e/${name}`;
    if (options.files !== false) {
      fs.mkdirSync(path.join(uploadsDir(), "e2e"), { recursive: true });
      fs.writeFileSync(path.join(uploadsDir(), key), png);
    }
    const id = withDb((db) =>
      Number(
        db
          .prepare("insert into media (filename, original_name, file_path, file_size, mime_type, created_at) values (?, ?, ?, ?, 'image/png', ?)")
          .run(name, name, `/objects/${key}`, png.length, now + index).lastInsertRowid,
      ),
    );
    made.push({ id, name, key, filePath: `/objects/${key}` });
  }
  return made;
}

/** Removes what makeMedia made (whatever a test got to): rows, files and the resized copies shown. */
function removeMedia(made: Made[]) {
  if (!made.length) return;
  withDb((db) => db.prepare(`delete from media where id in (${made.map((item) => item.id).join(",")})`).run());
  const variants = path.join(path.dirname(databasePath()), "cache", "variants");
  const widths = fs.existsSync(variants) ? fs.readdirSync(variants) : [];
  for (const item of made) {
    fs.rmSync(path.join(uploadsDir(), item.key), { force: true });
    for (const width of widths) fs.rmSync(path.join(variants, width, `${item.key}.webp`), { force: true });
  }
}

const tag = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "nojs");

/** A toast with JavaScript (Radix also renders its words for screen readers), a status region without. */
async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole("article", { name });

async function search(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search media by file name" });
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

test("Media: the library lists newest first, 24 a page, searched and paged through the URL", async ({ browser, baseURL, javaScriptEnabled }) => {
  const prefix = `e2e-paging-${tag(javaScriptEnabled)}`;
  const made = await makeMedia(Array.from({ length: 30 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, "0")}.png`), { files: false });
  try {
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Media" }).click();
    await expect(page).toHaveURL(new RegExp(`${TAB}$`));
    await expect(page.getByRole("heading", { name: "Media Library" })).toBeVisible();
    const total = withDb((db) => (db.prepare("select count(*) as n from media").get() as { n: number }).n);
    await expect(page.getByText(`Showing 1–24 of ${total} items`)).toBeVisible();
    // Newest first: the last one made leads.
    await expect(page.getByRole("article").first()).toHaveAccessibleName(`${prefix}-30.png`);

    // Any case finds them; the search is in the URL.
    await search(page, prefix.toUpperCase());
    await expect(page.getByText("Showing 1–24 of 30 items")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(24);
    await expect(card(page, `${prefix}-07.png`)).toBeVisible();
    await expect(card(page, `${prefix}-06.png`)).toHaveCount(0);

    await page.getByRole("link", { name: "Next page" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(new URL(page.url()).searchParams.get("q")).toBe(prefix.toUpperCase());
    await expect(page.getByText("Showing 25–30 of 30 items")).toBeVisible();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(card(page, `${prefix}-06.png`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
    // A page that can be shared: a reload shows the same.
    await page.reload();
    await expect(card(page, `${prefix}-01.png`)).toBeVisible();
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page.getByText("Showing 1–24 of 30 items")).toBeVisible();

    await search(page, "no file is called this");
    await expect(page.getByText("No media match your search")).toBeVisible();
    await context.close();
  } finally {
    removeMedia(made);
  }
});

test("Media: the hero switch puts an image in the home carousel at once, and takes it out", async ({ browser, baseURL, javaScriptEnabled }) => {
  const [item] = await makeMedia([`e2e-hero-${tag(javaScriptEnabled)}.png`]);
  try {
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}?q=${item.name}`);
    const heroSwitch = card(page, item.name).getByRole("switch", { name: "Hero image" });
    await expect(heroSwitch).toHaveAttribute("aria-checked", "false");

    const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
    const gallery = visitor.getByRole("dialog", { name: "Photo Gallery" });
    // The other JavaScript mode's run may switch its own image on meanwhile: this image is counted, not the total.
    await openPage(visitor, "/?gallery=1", javaScriptEnabled);
    await expect(gallery).toContainText(/\d+ images in gallery/);
    await expect(gallery.locator(`img[src="${item.filePath}"]`)).toHaveCount(0);

    await heroSwitch.click();
    await expectNotice(page, "Hero image status updated successfully");
    await expect(heroSwitch).toHaveAttribute("aria-checked", "true");
    // The list stays on the same search (with JavaScript: the same page, the switch still focused).
    expect(new URL(page.url()).searchParams.get("q")).toBe(item.name);
    if (javaScriptEnabled) await expect(heroSwitch).toBeFocused();

    await openPage(visitor, "/?gallery=1", javaScriptEnabled);
    await expect(gallery).toContainText(/\d+ images in gallery/);
    await expect(gallery.locator(`img[src="${item.filePath}"]`)).toHaveCount(1);
    // The home page's carousel, with the gallery closed (without JavaScript an open one hides the page behind it).
    await openPage(visitor, "/", javaScriptEnabled);
    await expect(visitor.getByRole("region", { name: "Community photos" }).locator(`img[src="${item.filePath}"]`)).toHaveCount(1);

    await heroSwitch.click();
    await expectNotice(page, "Hero image status updated successfully");
    await expect(heroSwitch).toHaveAttribute("aria-checked", "false");
    await openPage(visitor, "/?gallery=1", javaScriptEnabled);
    await expect(gallery).toContainText(/\d+ images in gallery/);
    await expect(visitor.locator(`img[src="${item.filePath}"]`)).toHaveCount(0);
    await visitor.close();
    await context.close();
  } finally {
    removeMedia([item]);
  }
});

test("Media: link an image to a property (seen on its page), then unlink it", async ({ browser, baseURL, javaScriptEnabled }) => {
  const [item] = await makeMedia([`e2e-link-${tag(javaScriptEnabled)}.png`]);
  const property = withDb((db) => db.prepare("select id, name from properties where is_active = 1 order by id limit 1").get() as { id: number; name: string });
  try {
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}?q=${item.name}`);
    const media = card(page, item.name);
    await expect(media).toContainText("Not linked");
    await expect(media.getByRole("button", { name: "Unlink" })).toHaveCount(0);
    const opener = media.getByRole("link", { name: "Link to property" });
    const dialog = page.getByRole("dialog", { name: "Link to Property" });

    if (javaScriptEnabled) {
      // Focus moves into the dialog and, on Escape, back to the control that opened it.
      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("searchbox", { name: "Search properties by name" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
      expect(new URL(page.url()).pathname).toBe(TAB);
    }

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${TAB}/${item.id}/link\\?q=`));
    // A search by name, in the URL beside the tab's own search.
    const box = dialog.getByRole("searchbox", { name: "Search properties by name" });
    const part = property.name.slice(0, 6).toLowerCase();
    await box.fill(part);
    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("property")).toBe(part);
    expect(new URL(page.url()).searchParams.get("q")).toBe(item.name);
    await dialog.getByRole("button", { name: `Link to ${property.name}` }).click();
    await expectNotice(page, "Image linked to property successfully");
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(TAB);
    await expect(media).toContainText(property.name);

    const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
    await openPage(visitor, `/properties/${property.id}`, javaScriptEnabled);
    // In the home's carousel (without JavaScript the page also lists its photos below it).
    await expect(visitor.getByRole("region", { name: `Photos of ${property.name}` }).locator(`img[src="${item.filePath}"]`)).toHaveCount(1);

    await media.getByRole("button", { name: "Unlink" }).click();
    await expectNotice(page, "Image unlinked from property successfully");
    await expect(media).toContainText("Not linked");
    await openPage(visitor, `/properties/${property.id}`, javaScriptEnabled);
    await expect(visitor.getByRole("heading", { name: property.name, level: 1 })).toBeVisible();
    await expect(visitor.locator(`img[src="${item.filePath}"]`)).toHaveCount(0);
    await visitor.close();
    await context.close();
  } finally {
    removeMedia([item]);
  }
});

test("Media: Copy URL gives the file's absolute URL", async ({ browser, baseURL, javaScriptEnabled }) => {
  const [item] = await makeMedia([`e2e-url-${tag(javaScriptEnabled)}.png`]);
  const url = `${baseURL}${item.filePath}`;
  try {
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}?q=${item.name}`);
    const copy = card(page, item.name).getByRole("link", { name: "Copy URL" });
    if (javaScriptEnabled) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      await copy.click();
      await expectNotice(page, "URL copied to clipboard");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      expect(new URL(page.url()).pathname).toBe(TAB);
    } else {
      await copy.click();
      await expect(page).toHaveURL(new RegExp(`${TAB}/${item.id}/url\\?q=`));
      const dialog = page.getByRole("dialog", { name: "Copy URL" });
      const field = dialog.getByRole("textbox", { name: `URL of ${item.name}` });
      await expect(field).toHaveValue(url);
      await expect(field).toHaveAttribute("readonly", "");
      await expect(field).toBeFocused();
      await dialog.getByRole("link", { name: "Done" }).click();
      await expect(dialog).toHaveCount(0);
    }
    // The same page with JavaScript (where a browser refuses the clipboard): the address is selected.
    if (javaScriptEnabled) {
      await openPage(page, `${TAB}/${item.id}/url`, javaScriptEnabled);
      const field = page.getByRole("dialog", { name: "Copy URL" }).getByRole("textbox", { name: `URL of ${item.name}` });
      await expect(field).toBeFocused();
      await expect.poll(() => field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, url.length]);
    }
    // The file is there at that address.
    expect((await page.request.get(url)).status()).toBe(200);
    await context.close();
  } finally {
    removeMedia([item]);
  }
});

test("Media: delete asks first, then removes the item and its file", async ({ browser, baseURL, javaScriptEnabled }) => {
  const [item] = await makeMedia([`e2e-delete-${tag(javaScriptEnabled)}.png`]);
  try {
    const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}?q=${item.name}`);
    const media = card(page, item.name);
    const dialog = page.getByRole("alertdialog", { name: "Delete File" });
    const opener = media.getByRole("link", { name: "Delete" });

    await opener.click();
    await expect(dialog).toContainText(`Are you sure you want to delete ${item.name}?`);
    await expect(page).toHaveURL(new RegExp(`${TAB}/${item.id}/delete\\?q=`));
    // Cancel keeps it (and with JavaScript gives focus back to Delete).
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(media).toBeVisible();
    if (javaScriptEnabled) await expect(opener).toBeFocused();
    expect(fs.existsSync(path.join(uploadsDir(), item.key))).toBe(true);

    await opener.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectNotice(page, "File deleted successfully");
    await expect(dialog).toHaveCount(0);
    await expect(media).toHaveCount(0);
    await expect(page.getByText("No media match your search")).toBeVisible();
    expect(new URL(page.url()).searchParams.get("q")).toBe(item.name);
    expect(fs.existsSync(path.join(uploadsDir(), item.key))).toBe(false);
    expect((await page.request.get(item.filePath)).status()).toBe(404);
    await context.close();
  } finally {
    removeMedia([item]);
  }
});

test("Media: the tab and its dialogs fit a phone (320 and 390 px)", async ({ browser, baseURL, javaScriptEnabled }) => {
  const [item] = await makeMedia([`e2e-phone-${tag(javaScriptEnabled)}-with-a-long-file-name-that-must-wrap.png`]);
  try {
    for (const width of [320, 390]) {
      const context = await browser.newContext({ baseURL, javaScriptEnabled, storageState, viewport: { width, height: 640 } });
      const page = await context.newPage();
      await openPage(page, `${TAB}?q=e2e-phone`, javaScriptEnabled);
      await expect(card(page, item.name)).toBeVisible();
      expect(await layoutProblems(page), `the tab at ${width} px`).toEqual([]);
      const dialogs = [
        [`${item.id}/link?property=a`, "Link to Property"],
        [`${item.id}/url`, "Copy URL"],
        [`${item.id}/delete`, "Delete File"],
        [`${item.id}/reupload`, "Re-upload Image"],
        ["upload", "Upload Image"],
      ];
      for (const [dialog, name] of dialogs) {
        await openPage(page, `${TAB}/${dialog}`, javaScriptEnabled);
        await expect(page.getByRole(dialog.endsWith("delete") ? "alertdialog" : "dialog", { name })).toBeInViewport({ ratio: 1 });
        expect(await layoutProblems(page), `${name} at ${width} px`).toEqual([]);
      }
      await context.close();
    }
  } finally {
    removeMedia([item]);
  }
});
