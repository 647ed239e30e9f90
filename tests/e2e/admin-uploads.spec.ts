import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";
import { fileNamed, noisyJpeg, removeUploads } from "./upload-files";

// Uploads on the Media tab, with JavaScript on and off (this file runs in both
// projects): an image goes up (with JavaScript the progress bar is seen to move), is
// marked hero and seen in the public carousel, linked to a home and seen in its
// carousel, re-uploaded, then deleted and seen gone. The Add form's main image uploaded
// on the spot is the new home's photo. Each test removes what it made.

const UPLOADS_ADMIN = "uploads@example.com";
const TAB = "/admin/dashboard/media";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, UPLOADS_ADMIN);
});

const openAs = (browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, urlPath: string) =>
  openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, urlPath);

const withDb = withE2eDatabase;

const tag = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "nojs");
const card = (page: Page, name: string) => page.getByRole("article", { name });
const notice = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible();

test("Media: upload an image, make it a hero image and link it to a home, re-upload it, then delete it", async ({ browser, baseURL, javaScriptEnabled }) => {
  // One story across two pages and a slowed upload: longer than the usual 30 s.
  test.setTimeout(90_000);
  const name = `e2e-upload-${tag(javaScriptEnabled)}.jpg`;
  const picture = fileNamed(name, await noisyJpeg());
  const property = withDb((db) => db.prepare("select id, name from properties where is_active = 1 order by id limit 1").get() as { id: number; name: string });
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, TAB);
  try {
    await page.getByRole("link", { name: "Upload Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Image" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${TAB}/upload$`));
    const picker = dialog.getByLabel("Image");
    if (javaScriptEnabled) {
      await expect(picker).toBeFocused();
      await expect(dialog.getByRole("button", { name: "Upload" })).toBeDisabled();
    }
    await picker.setInputFiles(picture);

    if (javaScriptEnabled) {
      const bar = dialog.getByRole("progressbar", { name: `Upload progress of ${name}` });
      await expect(bar).toHaveAttribute("aria-valuenow", "0");
      // Slowed to about 2 Mbit/s, so the bar has time to be seen moving.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
      await bar.evaluate((element) => {
        const seen: number[] = [];
        (window as unknown as { progressSeen: number[] }).progressSeen = seen;
        new MutationObserver(() => seen.push(Number(element.getAttribute("aria-valuenow")))).observe(element, { attributes: true, attributeFilter: ["aria-valuenow"] });
      });
      await dialog.getByRole("button", { name: "Upload" }).click();
      await expect(dialog.getByRole("button", { name: "Uploading..." })).toBeDisabled();
      // The slowed upload alone takes about 8 s: wait for its end, as long as the test allows.
      await expect(page.getByText("Image uploaded successfully").first()).toBeVisible({ timeout: 60_000 });
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
      const between = seen.filter((value) => value > 0 && value < 100);
      expect(between.length, `progress values seen: ${seen.join(", ")}`).toBeGreaterThanOrEqual(2);
      expect([...between].sort((a, b) => a - b)).toEqual(between);
      expect(seen).toContain(100);
    } else {
      await dialog.getByRole("button", { name: "Upload" }).click();
      await notice(page, "Image uploaded successfully");
    }
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(TAB);

    // The new item leads the library: the server's own type and size, not the browser's.
    const media = card(page, name);
    await expect(page.getByRole("article").first()).toHaveAccessibleName(name);
    await expect(media).toContainText("image/jpeg");
    const item = withDb((db) => db.prepare("select id, file_path as filePath, file_size as fileSize from media where original_name = ?").get(name) as { id: number; filePath: string; fileSize: number });
    expect(item.filePath).toMatch(/^\/objects\/media\/.+\.jpg$/);
    const served = await page.request.get(item.filePath);
    expect(served.status()).toBe(200);
    expect((await served.body()).length).toBe(item.fileSize);

    // Hero: in the public carousel.
    await media.getByRole("switch", { name: "Hero image" }).click();
    await notice(page, "Hero image status updated successfully");
    const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
    await openPage(visitor, "/?gallery=1", javaScriptEnabled);
    await expect(visitor.getByRole("dialog", { name: "Photo Gallery" })).toContainText("4 images in gallery");
    // The home page's carousel, with the gallery closed (without JavaScript an open one hides the page behind it).
    await openPage(visitor, "/", javaScriptEnabled);
    await expect(visitor.getByRole("region", { name: "Community photos" }).locator(`img[src="${item.filePath}"]`)).toHaveCount(1);

    // Linked to a home: in that home's carousel.
    await media.getByRole("link", { name: "Link to property" }).click();
    const linkDialog = page.getByRole("dialog", { name: "Link to Property" });
    const box = linkDialog.getByRole("searchbox", { name: "Search properties by name" });
    await box.fill(property.name);
    await box.press("Enter");
    await linkDialog.getByRole("button", { name: `Link to ${property.name}` }).click();
    await notice(page, "Image linked to property successfully");
    await expect(media).toContainText(property.name);
    await openPage(visitor, `/properties/${property.id}`, javaScriptEnabled);
    // In the home's carousel (without JavaScript the page also lists its photos below it).
    const carousel = visitor.getByRole("region", { name: `Photos of ${property.name}` });
    await expect(carousel.locator(`img[src="${item.filePath}"]`)).toHaveCount(1);

    // Re-upload: a PNG in its place, same item (still hero, still linked).
    await media.getByRole("link", { name: "Re-upload" }).click();
    const again = page.getByRole("dialog", { name: "Re-upload Image" });
    await expect(again).toContainText(`A new image for ${name}`);
    const replacement = `e2e-upload-${tag(javaScriptEnabled)}-new.png`;
    await again.getByLabel("Image").setInputFiles(fileNamed(replacement, await sharp({ create: { width: 320, height: 200, channels: 3, background: "#1a7" } }).png().toBuffer()));
    await again.getByRole("button", { name: "Upload" }).click();
    await notice(page, "Image re-uploaded successfully");
    const replaced = card(page, replacement);
    await expect(replaced).toContainText("image/png");
    await expect(replaced.getByRole("switch", { name: "Hero image" })).toHaveAttribute("aria-checked", "true");
    await expect(replaced).toContainText(property.name);
    const newPath = withDb((db) => (db.prepare("select file_path as filePath from media where id = ?").get(item.id) as { filePath: string }).filePath);
    expect(newPath).not.toBe(item.filePath);
    expect((await page.request.get(item.filePath)).status()).toBe(404);
    await openPage(visitor, `/properties/${property.id}`, javaScriptEnabled);
    await expect(carousel.locator(`img[src="${newPath}"]`)).toHaveCount(1);

    // Delete: gone from the library, the carousels and the server.
    await replaced.getByRole("link", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete File" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await notice(page, "File deleted successfully");
    await expect(card(page, replacement)).toHaveCount(0);
    expect((await page.request.get(newPath)).status()).toBe(404);
    await openPage(visitor, "/?gallery=1", javaScriptEnabled);
    await expect(visitor.getByRole("dialog", { name: "Photo Gallery" })).toContainText("3 images in gallery");
    await openPage(visitor, `/properties/${property.id}`, javaScriptEnabled);
    await expect(visitor.locator(`img[src="${newPath}"]`)).toHaveCount(0);
    await visitor.close();
  } finally {
    await removeUploads(page, `e2e-upload-${tag(javaScriptEnabled)}`);
    await context.close();
  }
});

test("Media: what the uploader refuses, each file named with the reason", async ({ browser, baseURL, javaScriptEnabled }) => {
  const prefix = `e2e-refused-${tag(javaScriptEnabled)}`;
  const before = withDb((db) => (db.prepare("select count(*) as n from media").get() as { n: number }).n);
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `${TAB}/upload`);
  try {
    const dialog = () => page.getByRole("dialog", { name: "Upload Image" });
    const refusal = () => dialog().getByRole("alert");
    // Over 10 MB and no picture in it: nothing the browser could make smaller.
    const names = { big: `${prefix}-big.jpg`, html: `${prefix}-page.jpg` };
    const overLimit = fileNamed(names.big, Buffer.alloc(10_485_761, 0x5a));
    const html = fileNamed(names.html, Buffer.from("<!doctype html><title>x</title><script>alert(1)</script>"));
    const pdf = { name: `${prefix}-scan.pdf`, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") };
    const heic = { name: `${prefix}-IMG_0042.HEIC`, mimeType: "image/heic", buffer: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), Buffer.alloc(64)]) };
    const notAnImage = (name: string) => `“${name}” was not uploaded: the file is not a JPEG, PNG, GIF or WebP image.`;
    const send = async () => {
      // With JavaScript a refused choice leaves nothing to send: it is said at once.
      if (!javaScriptEnabled) await dialog().getByRole("button", { name: "Upload" }).click();
    };

    // A PDF and a phone's HEIC photo: refused by name, never dropped without a word.
    for (const file of [pdf, heic]) {
      await dialog().getByLabel("Image").setInputFiles(file);
      await send();
      await expect(refusal()).toHaveText(notAnImage(file.name));
      if (javaScriptEnabled) await expect(dialog().getByRole("button", { name: "Upload" })).toBeDisabled();
    }

    await dialog().getByLabel("Image").setInputFiles(overLimit);
    await send();
    await expect(refusal()).toHaveText(
      javaScriptEnabled
        ? `“${names.big}” was not uploaded: the file is larger than 10 MB and cannot be made smaller here.`
        : `“${names.big}” was not uploaded: the file is larger than 10 MB (10485760 bytes).`,
    );

    // An HTML page named .jpg passes the browser's look at its name, not the server's at its bytes.
    await dialog().getByLabel("Image").setInputFiles(html);
    await dialog().getByRole("button", { name: "Upload" }).click();
    await expect(refusal()).toHaveText(notAnImage(names.html));
    expect(withDb((db) => (db.prepare("select count(*) as n from media").get() as { n: number }).n)).toBe(before);
  } finally {
    await removeUploads(page, prefix);
    await context.close();
  }
});

test("Properties: the main image is uploaded on the spot or chosen from the media library", async ({ browser, baseURL, javaScriptEnabled }) => {
  test.setTimeout(60_000);
  const homeName = `Upload Home ${tag(javaScriptEnabled)}`;
  const photo = `e2e-main-${tag(javaScriptEnabled)}.png`;
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/properties/new");
  try {
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    const fill = (label: string, value: string) => dialog.getByRole("textbox", { name: label, exact: true }).fill(value);
    await fill("Name", homeName);
    await dialog.getByLabel("Location", { exact: true }).fill("Temple, TX 76501");
    await fill("Price", "$950/month");
    await fill("Beds", "3");
    await fill("Baths", "2");
    await fill("Square Feet", "1,100");
    await fill("Description", "A home whose photo was uploaded with its form.");
    await dialog.getByLabel("Or upload a new image").setInputFiles(fileNamed(photo, await sharp({ create: { width: 300, height: 200, channels: 3, background: "#a52" } }).png().toBuffer()));
    if (javaScriptEnabled) {
      // Uploaded at once: the URL field holds the new image before the form is sent.
      await notice(page, "File uploaded successfully");
      await expect(dialog.getByRole("textbox", { name: "Image URL", exact: true })).toHaveValue(/^\/objects\/media\/.+\.png$/);
    }
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    await notice(page, "Property created successfully");

    const uploaded = withDb((db) => db.prepare("select file_path as filePath, mime_type as mimeType from media where original_name = ?").get(photo) as { filePath: string; mimeType: string });
    expect(uploaded.mimeType).toBe("image/png");
    const home = withDb((db) => db.prepare("select id, image_url as imageUrl from properties where name = ?").get(homeName) as { id: number; imageUrl: string });
    expect(home.imageUrl).toBe(uploaded.filePath);

    // The uploaded image is the new home's (decision 080): its Property Images list it as
    // the main image, and no home offers it among the images to link.
    await card(page, homeName).getByRole("link", { name: `Images of ${homeName}` }).click();
    const images = page.getByRole("dialog", { name: "Property Images" });
    const linked = images.getByRole("list", { name: "Linked images" }).getByRole("listitem");
    await expect(linked).toHaveCount(1);
    await expect(linked).toHaveText(new RegExp(`^${photo.replace(/\./g, "\\.")}Photo 1 of 1Main image`));
    const search = images.getByRole("searchbox", { name: "Search images by name" });
    await search.fill(photo);
    await search.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("mq")).toBe(photo);
    await expect(images.getByText("No images match your search")).toBeVisible();
    await expect(images.getByRole("list", { name: "Images to link" })).toHaveCount(0);
    const visitor = await browser.newPage({ baseURL, javaScriptEnabled });
    await openPage(visitor, `/properties/${home.id}`, javaScriptEnabled);
    await expect(visitor.locator(`img[src="${uploaded.filePath}"]`).first()).toBeAttached();

    // Edit: another image, chosen from the library's newest.
    // One of the twelve offered whose name is its own (demo photos share some names).
    const offered = withDb((db) => db.prepare("select file_path as filePath, original_name as originalName from media where mime_type like 'image/%' order by id desc limit 12").all() as { filePath: string; originalName: string }[]);
    const demo = offered.find((item) => !item.originalName.startsWith("e2e-") && offered.filter((other) => other.originalName === item.originalName).length === 1)!;
    await openPage(page, `/admin/dashboard/properties/${home.id}/edit`, javaScriptEnabled);
    const edit = page.getByRole("dialog", { name: "Edit Property" });
    await edit.getByText("Choose from the media library").click();
    await edit.getByRole("radio", { name: demo.originalName }).check();
    if (javaScriptEnabled) await expect(edit.getByRole("textbox", { name: "Image URL", exact: true })).toHaveValue(demo.filePath);
    await edit.getByRole("button", { name: "Update", exact: true }).click();
    await notice(page, "Property updated successfully");
    expect(withDb((db) => (db.prepare("select image_url as imageUrl from properties where id = ?").get(home.id) as { imageUrl: string }).imageUrl)).toBe(demo.filePath);
    await openPage(visitor, `/properties/${home.id}`, javaScriptEnabled);
    await expect(visitor.locator(`img[src="${demo.filePath}"]`).first()).toBeAttached();
    await visitor.close();
  } finally {
    withDb((db) => db.prepare("delete from properties where name = ?").run(homeName));
    await removeUploads(page, photo);
    await context.close();
  }
});
