import { type Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import sharp from "sharp";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";
import { removeUploads } from "./upload-files";

// Photos in a few taps (docs/product.md §2, the uploader), with JavaScript on and off
// (this file runs in both projects): Property Images' 'Upload photos' and the Media tab's
// upload take several files at once, each its own upload with its progress, linked to
// the home in the order chosen; a file that is not an image among them is refused by
// name and the others go on. At a phone's width, in the dialog, nothing spills.

const PHOTOS_ADMIN = "photos-upload@example.com";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, PHOTOS_ADMIN);
});

const openAs = (browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean, urlPath: string) =>
  openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, urlPath);
const tag = (javaScriptEnabled: boolean) => (javaScriptEnabled ? "js" : "nojs");
const picture = async (name: string, background: string) => ({ name, mimeType: "image/png", buffer: await sharp({ create: { width: 60, height: 40, channels: 3, background } }).png().toBuffer() });
const notAnImage = (name: string) => `“${name}” was not uploaded: the file is not a JPEG, PNG, GIF or WebP image.`;

function insertHome(name: string): number {
  return withE2eDatabase(
    (db) =>
      Number(
        db
          .prepare(
            "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at) values (?, 'Uploadville, TX 75001', '$900/month', 'https://example.com/photo.jpg', '2', '1', '800', 'A home for the photo uploads.', 1, ?, ?)",
          )
          .run(name, Date.now(), Date.now()).lastInsertRowid,
      ),
    { readonly: false },
  );
}

const linkedNames = (homeId: number) =>
  withE2eDatabase((db) => (db.prepare("select original_name as name from media where property_id = ? order by position").all(homeId) as { name: string }[]).map((row) => row.name));

test("Property Images: 'Upload photos' takes several files, each with its progress, linked in the order chosen; a PDF among them is named", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  const prefix = `e2e-photos-${tag(javaScriptEnabled)}`;
  const homeId = insertHome(`Photos ${tag(javaScriptEnabled)} home`);
  const names = [`${prefix}-kitchen.png`, `${prefix}-porch.png`, `${prefix}-yard.png`];
  const files = [await picture(names[0], "#a63"), await picture(names[1], "#36a"), await picture(names[2], "#3a6")];
  const pdf = { name: `${prefix}-lease.pdf`, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") };
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, `/admin/dashboard/properties/${homeId}/media`);
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    const dialog = page.getByRole("dialog", { name: "Property Images" });
    const picker = dialog.getByLabel("Photos", { exact: true });
    const linked = dialog.getByRole("list", { name: "Linked images" });

    // Chosen in this order: porch, kitchen; then yard with a PDF.
    await picker.setInputFiles([files[1], files[0]]);
    if (javaScriptEnabled) {
      const chosen = dialog.getByRole("list", { name: "Selected files" });
      await expect(chosen.getByRole("progressbar")).toHaveCount(2);
      await expect(chosen.getByRole("progressbar", { name: `Upload progress of ${names[1]}` })).toHaveAttribute("aria-valuenow", "0");
      await expect(chosen.getByText("Ready to upload")).toHaveCount(2);
      await expect.poll(() => layoutProblems(page)).toEqual([]);
      await expectNoAxeViolations(page, "Property Images with two photos chosen", { within: '[role="dialog"]' });
    }
    await dialog.getByRole("button", { name: "Upload photos" }).click();
    await expect(page.getByText("2 photos uploaded and linked to the property").first()).toBeVisible();
    const rows = linked.getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`${names[1]}Photo 1 of 2`);
    await expect(rows.nth(1)).toContainText(`${names[0]}Photo 2 of 2`);
    expect(linkedNames(homeId)).toEqual([names[1], names[0]]);

    await picker.setInputFiles([files[2], pdf]);
    if (javaScriptEnabled) {
      // Refused as it is chosen, by name; the other file stays ready.
      await expect(dialog.getByRole("alert")).toHaveText(notAnImage(pdf.name));
      await expect(dialog.getByText("Ready to upload")).toHaveCount(1);
    }
    await dialog.getByRole("button", { name: "Upload photos" }).click();
    if (javaScriptEnabled) {
      await expect(page.getByText("Photo uploaded and linked to the property").first()).toBeVisible();
    } else {
      await expect(dialog.getByText(`Uploaded: ${names[2]}.`)).toBeVisible();
      await expect(dialog.getByRole("alert")).toHaveText(notAnImage(pdf.name));
    }
    await expect(rows.nth(2)).toContainText(`${names[2]}Photo 3 of 3`);
    expect(linkedNames(homeId)).toEqual([names[1], names[0], names[2]]);
    // With JavaScript the layout was measured with files chosen (a toast now covers the top).
    if (!javaScriptEnabled) expect(await layoutProblems(page)).toEqual([]);
    await expectNoAxeViolations(page, "Property Images after an upload", { within: '[role="dialog"]', javaScriptEnabled });
  } finally {
    await removeUploads(page, prefix);
    withE2eDatabase((db) => db.prepare("delete from properties where id = ?").run(homeId));
    await context.close();
  }
});

test("Media: the upload takes several files at once, each its own upload; eleven are too many", async ({ browser, baseURL, javaScriptEnabled }) => {
  const prefix = `e2e-several-${tag(javaScriptEnabled)}`;
  const names = [`${prefix}-a.png`, `${prefix}-b.png`, `${prefix}-c.png`];
  const files = [await picture(names[0], "#a36"), await picture(names[1], "#6a3"), await picture(names[2], "#36a")];
  const { page, context } = await openAs(browser, baseURL, javaScriptEnabled, "/admin/dashboard/media/upload");
  try {
    const dialog = page.getByRole("dialog", { name: "Upload Image" });
    await expect(dialog.getByText("up to 10 files at once")).toBeVisible();
    if (javaScriptEnabled) {
      // More than the uploader takes: said at once, nothing listed to send.
      await dialog.getByLabel("Images").setInputFiles(Array.from({ length: 11 }, () => files[0]));
      await expect(dialog.getByRole("alert")).toHaveText("Choose at most 10 files at a time; you chose 11.");
      await expect(dialog.getByRole("button", { name: "Upload" })).toBeDisabled();
    }
    await dialog.getByLabel("Images").setInputFiles(files);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("3 images uploaded successfully").first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Newest first in the library: recorded in the order chosen.
    for (const name of names) await expect(page.getByRole("article", { name })).toBeVisible();
    const recorded = withE2eDatabase((db) => (db.prepare("select original_name as name from media where original_name like ? order by id").all(`${prefix}%`) as { name: string }[]).map((row) => row.name));
    expect(recorded).toEqual(names);
  } finally {
    await removeUploads(page, prefix);
    await context.close();
  }
});
