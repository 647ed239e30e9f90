import sharp from "sharp";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";
import { fileNamed, noisyJpeg, removeUploads } from "./upload-files";

// A phone photo over 10 MB on the Media tab, with JavaScript: the browser makes it
// smaller before it goes up. Without JavaScript the browser sends the file as it is
// and the server refuses it (admin-uploads.spec.ts). And a file chosen while such a file
// is still being read is not undone by what the reading comes to.

const UPLOADS_ADMIN = "uploads@example.com";
const TAB = "/admin/dashboard/media";

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, UPLOADS_ADMIN);
});

test("Media: a phone photo over 10 MB is made smaller in the browser, then uploaded", async ({ browser, baseURL }) => {
  const prefix = "e2e-phone-js";
  // A phone's 12-megapixel photo of fine detail, at the quality a phone saves: over 12 MB.
  const photo = await noisyJpeg(4032, 3024, 100);
  expect(photo.length).toBeGreaterThan(12_000_000);
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, `${TAB}/upload`);
  try {
    const dialog = page.getByRole("dialog", { name: "Upload Image" });
    await dialog.getByLabel("Image").setInputFiles(fileNamed(`${prefix}.jpg`, photo));
    await expect(dialog.getByText(/^Made smaller to fit the 10 MB limit: .*, 4032 × 3024 px before; .*, 2560 × 1920 px now\.$/)).toBeVisible();
    // The note on a phone: the dialog holds its layout and has no axe violation.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await layoutProblems(page), `the upload dialog with its note at ${width} px`).toEqual([]);
    }
    await expectNoAxeViolations(page, "the upload dialog with its note at 390 px", { within: "[role=dialog]" });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Image uploaded successfully").first()).toBeVisible();
    const stored = withE2eDatabase((db) => db.prepare("select file_size as size, mime_type as type, file_path as path from media where original_name like ?").get(`${prefix}%`)) as {
      size: number;
      type: string;
      path: string;
    };
    expect(stored.type).toBe("image/jpeg");
    expect(stored.size).toBeLessThanOrEqual(10_485_760);
    const served = await page.request.get(stored.path);
    const metadata = await sharp(await served.body()).metadata();
    expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(2560);
  } finally {
    await removeUploads(page, prefix);
    await context.close();
  }
});

test("Media: a file chosen while the one before is still being read is the one kept", async ({ browser, baseURL }) => {
  const prefix = "e2e-second-choice-js";
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, `${TAB}/upload`);
  try {
    // The browser reads a file over 10 MB (createImageBitmap) before deciding what to send;
    // here that reading waits until the test lets it go on, as a slow phone's would.
    await page.evaluate(() => {
      const read = window.createImageBitmap.bind(window);
      let letGo = () => {};
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      const probe = window as unknown as { letReadingGoOn: () => void; readingsDone: number };
      probe.letReadingGoOn = letGo;
      probe.readingsDone = 0;
      window.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) =>
        gate.then(() => read(...args)).finally(() => probe.readingsDone++)) as typeof createImageBitmap;
    });
    const dialog = page.getByRole("dialog", { name: "Upload Image" });
    const picker = dialog.getByLabel("Image");
    // First a file over 10 MB that is no picture (it will be dropped), then a small photo.
    await picker.setInputFiles(fileNamed(`${prefix}-big.jpg`, Buffer.alloc(10_485_761, 0x5a)));
    const small = `${prefix}-small.png`;
    await picker.setInputFiles(fileNamed(small, await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } }).png().toBuffer()));
    const selected = dialog.getByRole("list", { name: "Selected file" });
    await expect(selected).toContainText(small);

    // The first file's reading ends (it is no picture): the small photo stays chosen.
    await page.evaluate(() => (window as unknown as { letReadingGoOn: () => void }).letReadingGoOn());
    await page.waitForFunction(() => (window as unknown as { readingsDone: number }).readingsDone === 1);
    await expect(selected).toContainText(small);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Image uploaded successfully").first()).toBeVisible();
    expect(withE2eDatabase((db) => db.prepare("select original_name as name from media where original_name like ?").all(`${prefix}%`))).toEqual([{ name: small }]);
  } finally {
    await removeUploads(page, prefix);
    await context.close();
  }
});
