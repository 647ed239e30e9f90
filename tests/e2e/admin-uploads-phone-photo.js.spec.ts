import sharp from "sharp";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openSignedIn, signedInState, withE2eDatabase, type StorageState } from "./support";
import { fileNamed, noisyJpeg, removeUploads } from "./upload-files";

// A phone photo over 10 MB on the Media tab, with JavaScript: the browser makes it
// smaller before it goes up. Without JavaScript the browser sends the file as it is
// and the server refuses it (admin-uploads.spec.ts).

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
