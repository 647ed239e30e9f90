import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage } from "./support";

// The full-screen photo viewer (JavaScript only) at phone widths in both languages: its
// texts, its layout at 320 and 390 px, and axe. home-details-phone.spec.ts checks it
// in English at 360 px; this covers the widths and the Spanish texts around it.

const OAK = "Oak Hollow Community, Lot 14"; // a demo home with three photos

const LANGUAGES = [
  { code: "en", open: "View photo 1 full screen", title: `Photos of ${OAK}`, position: (n: number) => `Photo ${n} of 3`, close: "Close photos", next: "Next photo" },
  { code: "es", open: "Ver la foto 1 en pantalla completa", title: `Fotos de ${OAK}`, position: (n: number) => `Foto ${n} de 3`, close: "Cerrar fotos", next: "Foto siguiente" },
] as const;

for (const language of LANGUAGES) {
  test(`the photo viewer in ${language.code} holds its layout at 320 and 390 px and has no axe violation`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, hasTouch: true, reducedMotion: "reduce" });
    const page = await context.newPage();
    try {
      await openPage(page, `/properties?q=oak&lng=${language.code}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);
      const card = page.getByRole("article", { name: OAK });
      await card.getByRole("button", { name: language.open }).tap();
      const viewer = page.getByRole("dialog", { name: language.title });
      await expect(viewer).toBeVisible();
      await expect(viewer.getByText(language.position(1))).toBeVisible();
      await expect(viewer.getByRole("button", { name: language.close })).toBeFocused();
      await viewer.getByRole("button", { name: language.next }).click();
      await expect(viewer.getByText(language.position(2))).toBeVisible();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        expect(await layoutProblems(page), `the viewer at ${width} px (${language.code})`).toEqual([]);
        await expectNoAxeViolations(page, `the photo viewer at ${width} px (${language.code})`, { within: `[aria-label="${language.title}"]` });
      }
      await page.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}

test("a phone's Back closes the photo viewer alone, the home's details still open under it; pinching zooms the photo", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, reducedMotion: "reduce" });
  const page = await context.newPage();
  try {
    await openPage(page, "/properties?q=oak");
    await page.getByRole("article", { name: OAK }).getByRole("link", { name: /^View Details/ }).click();
    const details = page.getByRole("dialog", { name: OAK });
    await expect(details).toBeVisible();
    await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
    const homeUrl = page.url();

    await details.getByRole("button", { name: "View photo 1 full screen" }).tap();
    const viewer = page.getByRole("dialog", { name: `Photos of ${OAK}` });
    await expect(viewer).toBeVisible();
    // The photo's area lets the browser zoom on a pinch (and scroll up and down); sideways swipes change the photo.
    expect(await viewer.locator("[class*=touch-pan-y]").evaluate((element) => getComputedStyle(element).touchAction)).toBe("pan-y pinch-zoom");

    await page.goBack();
    await expect(viewer).toHaveCount(0);
    await expect(details).toBeVisible();
    expect(page.url()).toBe(homeUrl);

    // Close does the same, and a Back after it closes the details.
    await details.getByRole("button", { name: "View photo 1 full screen" }).tap();
    await viewer.getByRole("button", { name: "Close photos" }).click();
    await expect(viewer).toHaveCount(0);
    await expect(details).toBeVisible();
    await page.goBack();
    await expect(details).toHaveCount(0);
    await expect(page).toHaveURL(/\/properties\?q=oak$/);
  } finally {
    await context.close();
  }
});
