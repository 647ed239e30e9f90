import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage, withE2eDatabase } from "./support";

// A home's details on a 360 px phone, with JavaScript on and off (this file runs in both
// projects): the details have the home's own address, and Back returns to the filtered
// list where it was; photos swipe and open full screen; without JavaScript the home's
// page lists every photo; the dialog's actions share one row.

const OAK = "Oak Hollow Community, Lot 14"; // $1,150/month, 3 beds, 2 baths, with an application link
const PHONE = { width: 360, height: 740 };

let oakId: number;

// Oak Hollow is one of the demo homes with three photos (app/seed/seed.server.ts).
test.beforeAll(() => {
  oakId = withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(OAK) as { id: number }).id);
});

const samePage = (page: Page) => page.evaluate(() => (window as { samePage?: boolean }).samePage === true);

/**
 * A swipe by touch across the middle of `target`, as a finger does it (Chromium's touch
 * input): 100 ms across, then held still for 150 ms before it lifts, so it ends without
 * a fling (a tap during a fling only stops it, as on a real phone). The times are the
 * events' own timestamps, not waits.
 */
async function swipe(page: Page, target: Locator, direction: "left" | "right") {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const [from, to] = direction === "left" ? [0.85, 0.15] : [0.15, 0.85];
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", share: number, ms: number) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: box.x + box.width * share, y }], timestamp: start + ms / 1000 });
  await touch("touchStart", from, 0);
  for (let step = 1; step <= 6; step++) await touch("touchMove", from + ((to - from) * step) / 6, step * 16);
  for (let held = 1; held <= 3; held++) await touch("touchMove", to, 100 + held * 50);
  await touch("touchEnd", to, 260);
  await cdp.detach();
}

test("on a phone: filter, open a home, and Back returns to the filtered list where it was", async ({ browser, baseURL, javaScriptEnabled }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: PHONE });
  const page = await context.newPage();
  try {
    await openPage(page, "/properties?beds=2", javaScriptEnabled);
    if (javaScriptEnabled) await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    const opener = page.getByRole("link", { name: new RegExp(`^View Details\\W+${OAK}$`) });
    await opener.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);

    await opener.click();
    // Without JavaScript the card's link names its list (?from=), which the page goes back to.
    await expect(page).toHaveURL(new RegExp(`/properties/${oakId}(\\?from=%2Fproperties%3Fbeds%3D2)?$`));
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: OAK });
      await expect(dialog).toBeVisible();
      // The actions share one row: 'Ask about this home' and 'Apply Here' side by side.
      const ask = dialog.getByRole("link", { name: "Ask about this home" });
      const apply = dialog.getByRole("link", { name: /^Apply Here/ });
      const [askBox, applyBox] = [(await ask.boundingBox())!, (await apply.boundingBox())!];
      expect(Math.abs(askBox.y - applyBox.y)).toBeLessThan(2);
      expect(askBox.height).toBeGreaterThanOrEqual(24);
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: PHONE.height });
        expect(await layoutProblems(page), `details dialog at ${width} px`).toEqual([]);
      }
      await page.setViewportSize(PHONE);
      await expectNoAxeViolations(page, "the details dialog on a phone", { within: '[role="dialog"]' });

      await page.goBack();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/properties\?beds=2$/);
      expect(await samePage(page)).toBe(true);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
      await expect(opener).toBeFocused();

      // Forward opens it again; its close button goes back to the list as Back does.
      await page.goForward();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/properties/${oakId}$`));
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/properties\?beds=2$/);
    } else {
      await expect(page.getByRole("heading", { level: 1, name: OAK })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/properties\?beds=2$/);
      await expect(opener).toBeVisible();
    }
    await expect(page.getByRole("list", { name: "Home listings" }).getByRole("heading", { level: 3 })).toHaveCount(5);

    // A shared link opens the home's page.
    const shared = await context.newPage();
    await openPage(shared, `/properties/${oakId}`, javaScriptEnabled);
    await expect(shared.getByRole("heading", { level: 1, name: OAK })).toBeVisible();
    await expect(shared.getByRole("dialog")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("photos: swipe through them, tap one to see it full screen; without JavaScript a home's page lists them all", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // Reduced motion: the carousel does not turn by itself while the test swipes it.
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: PHONE, hasTouch: true, reducedMotion: "reduce" });
  const page = await context.newPage();
  try {
    if (!javaScriptEnabled) {
      await openPage(page, `/properties/${oakId}`, false);
      const all = page.getByRole("list", { name: `All photos of ${OAK}` });
      await expect(all.getByRole("img")).toHaveCount(2);
      await expect(all.getByRole("img").first()).toHaveAttribute("alt", `${OAK}, photo 2`);
      // Each photo, the first one's too, links to its full-size image.
      const first = page.getByRole("region", { name: `Photos of ${OAK}` }).getByRole("link", { name: "Open photo 1 full size" });
      const links = [first, all.getByRole("link", { name: "Open photo 2 full size" }), all.getByRole("link", { name: "Open photo 3 full size" })];
      for (const link of links) {
        const href = await link.getAttribute("href");
        expect(href).toMatch(/^\/(objects|images)\//);
        const image = await page.request.get(href!);
        expect(image.status()).toBe(200);
        expect(image.headers()["content-type"]).toMatch(/^image\//);
      }
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: PHONE.height });
        expect(await layoutProblems(page), `home page at ${width} px`).toEqual([]);
      }
      return;
    }

    await openPage(page, "/properties?q=oak", true);
    const card = page.getByRole("article", { name: OAK });
    const photos = card.getByRole("region", { name: OAK });
    const slide = (n: number) => photos.getByRole("group", { name: `${OAK}, photo ${n} of 3` });
    await expect(slide(1)).toHaveAttribute("aria-hidden", "false");
    await swipe(page, photos, "left");
    await expect(slide(2)).toHaveAttribute("aria-hidden", "false");
    await swipe(page, photos, "left");
    await expect(slide(3)).toHaveAttribute("aria-hidden", "false");
    await swipe(page, photos, "right");
    await expect(slide(2)).toHaveAttribute("aria-hidden", "false");
    // A swipe is not a tap: no viewer opened.
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // A tap opens the photo full screen, where arrows, swipes and Escape work.
    const open = slide(2).getByRole("button", { name: "View photo 2 full screen" });
    await open.tap();
    const viewer = page.getByRole("dialog", { name: `Photos of ${OAK}` });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText("Photo 2 of 3")).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Close photos" })).toBeFocused();
    await expect(viewer.getByRole("img")).toHaveAttribute("alt", `${OAK}, photo 2`);
    const box = (await viewer.getByRole("img").boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("Photo 3 of 3")).toBeVisible();
    await swipe(page, viewer.getByRole("img"), "left");
    await expect(viewer.getByText("Photo 1 of 3")).toBeVisible();
    await viewer.getByRole("button", { name: "Previous photo" }).click();
    await expect(viewer.getByText("Photo 3 of 3")).toBeVisible();
    expect(await layoutProblems(page), "the viewer").toEqual([]);
    await expectNoAxeViolations(page, "the photo viewer", { within: '[aria-label="Photos of Oak Hollow Community, Lot 14"]' });
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(open).toBeFocused();

    // From the details dialog: Escape closes the viewer only.
    await card.getByRole("link", { name: new RegExp(`^View Details\\W+${OAK}$`) }).click();
    const details = page.getByRole("dialog", { name: OAK });
    await details.getByRole("button", { name: "View photo 1 full screen" }).tap();
    await expect(viewer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(details).toBeVisible();
  } finally {
    await context.close();
  }
});
