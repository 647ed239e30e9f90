import { type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage, openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";
import { fileNamed, removeUploads } from "./upload-files";

// A portrait photo (taller than wide) says where staff meet it, in Property Images and
// on the Media tab, that the public cards crop it to 3:2, and shows that crop; a landscape
// photo says nothing. With JavaScript on and off (this file runs in both projects), at a
// desktop's width and a phone's. The photos are uploaded as staff upload them; the test
// removes them and its home again.

const ADMIN = "portrait@example.com";
const MEDIA = "/admin/dashboard/media";
const PROPERTIES = "/admin/dashboard/properties";
const NOTICE = "Portrait photo: cards show it cropped to 3:2.";
const DIALOG = "[role=dialog]";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, ADMIN);
});

const photo = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#5a8f3c" } }).jpeg().toBuffer();

/** A home of the test's own, off the public site. */
function insertHome(name: string): number {
  const now = Date.now();
  return withE2eDatabase((db) =>
    Number(
      db
        .prepare(
          "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at) values (?, 'Portland, TX 78374', '$900/month', '/images/placeholder.svg', '2', '1', '800', 'A home for the portrait photo test.', 0, ?, ?)",
        )
        .run(name, now, now).lastInsertRowid,
    ),
  );
}

/** Upload Image on the Media tab, as staff use it. */
async function uploadOnMediaTab(page: Page, javaScriptEnabled: boolean, name: string, bytes: Buffer) {
  await openPage(page, `${MEDIA}/upload`, javaScriptEnabled);
  const dialog = page.getByRole("dialog", { name: "Upload Image" });
  await dialog.getByLabel("Image").setInputFiles(fileNamed(name, bytes));
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Image uploaded successfully").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** The notice and, beside it, the photo in a 3:2 frame cropped at its centre, as the public cards draw it. */
async function expectCardCrop(scope: Locator) {
  await expect(scope.getByText(NOTICE)).toBeVisible();
  const preview = scope.getByRole("figure", { name: "How cards show it" });
  await expect(preview).toBeVisible();
  const image = preview.locator("img");
  await expect(image).toHaveCSS("object-fit", "cover");
  await expect(image).toHaveCSS("object-position", "50% 50%");
  const box = (await image.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(1.5, 2);
  // The portrait photo itself is in the frame.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > img.naturalWidth)).toBe(true);
}

async function expectNoCardCrop(scope: Locator) {
  await expect(scope).toBeVisible();
  await expect(scope.getByText(NOTICE)).toHaveCount(0);
  await expect(scope.getByRole("figure", { name: "How cards show it" })).toHaveCount(0);
}

test("A portrait photo says in Property Images and on the Media tab that cards crop it to 3:2, and shows the crop", async ({ browser, baseURL, javaScriptEnabled }) => {
  // Two uploads, two pages at four widths, axe over each.
  test.setTimeout(120_000);
  const tag = javaScriptEnabled ? "js" : "nojs";
  const prefix = `e2e-shape-${tag}`;
  const portrait = `${prefix}-portrait.jpg`;
  const landscape = `${prefix}-landscape.jpg`;
  const homeName = `Portrait photo ${tag} home`;
  const homeId = insertHome(homeName);
  const images = `${PROPERTIES}/${homeId}/media?mq=${prefix}`;
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled, storageState }, MEDIA);
  try {
    await uploadOnMediaTab(page, javaScriptEnabled, portrait, await photo(600, 900));
    await uploadOnMediaTab(page, javaScriptEnabled, landscape, await photo(900, 600));

    await test.step("Property Images: each linked row", async () => {
      await openPage(page, images, javaScriptEnabled);
      const dialog = page.getByRole("dialog", { name: "Property Images" });
      for (const name of [portrait, landscape]) {
        await dialog.getByRole("list", { name: "Images to link" }).getByRole("button", { name: `Link ${name}` }).click();
        await expect(page.getByText("Image linked to property successfully").first()).toBeVisible();
      }
      const linked = dialog.getByRole("list", { name: "Linked images" });
      const row = (name: string) => linked.getByRole("listitem").filter({ hasText: name });
      await expectCardCrop(row(portrait));
      await expectNoCardCrop(row(landscape));
      await expectNoAxeViolations(page, "Property Images with a portrait photo", { within: DIALOG, javaScriptEnabled });
    });

    await test.step("the Media tab: the photo's card", async () => {
      await openPage(page, `${MEDIA}?q=${prefix}`, javaScriptEnabled);
      const card = (name: string) => page.getByRole("article", { name });
      await expectCardCrop(card(portrait));
      // The card's own picture, in its 3:2 box, shows the whole photo, for the crop to be seen against.
      const picture = card(portrait).locator("img").first();
      await expect(picture).toHaveCSS("object-fit", "contain");
      const box = (await picture.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(1.5, 2);
      await expectNoCardCrop(card(landscape));
      await expect(card(landscape).locator("img").first()).toHaveCSS("object-fit", "cover");
      await expectNoAxeViolations(page, "the Media tab with a portrait photo", { javaScriptEnabled });
    });

    await test.step("at phone widths", async () => {
      for (const [url, scope] of [
        [images, () => page.getByRole("dialog", { name: "Property Images" }).getByRole("list", { name: "Linked images" }).getByRole("listitem").filter({ hasText: portrait })],
        [`${MEDIA}?q=${prefix}`, () => page.getByRole("article", { name: portrait })],
      ] as const) {
        // As opened, not under the toast of the last change.
        await openPage(page, url, javaScriptEnabled);
        for (const width of [320, 360, 390]) {
          await page.setViewportSize({ width, height: 740 });
          await scope().scrollIntoViewIfNeeded();
          await expectCardCrop(scope());
          await page.evaluate(() => window.scrollTo(0, 0));
          expect(await layoutProblems(page), `${url} at ${width} px`).toEqual([]);
        }
        await expectNoAxeViolations(page, `${url} at 390 px`, { within: url === images ? DIALOG : undefined, javaScriptEnabled });
        await page.setViewportSize({ width: 1280, height: 800 });
      }
    });
  } finally {
    withE2eDatabase((db) => db.prepare("delete from properties where id = ?").run(homeId));
    await removeUploads(page, prefix);
    await context.close();
  }
});
