import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

test.describe("home page with JavaScript", () => {
  test("the hero rotates every 5 seconds, has labelled controls and pauses", async ({ page }) => {
    await page.clock.install();
    await openPage(page, "/");
    const hero = page.getByRole("region", { name: "Community photos" });
    const slide = (n: number) => hero.getByRole("group", { name: `Community photo ${n} of 3` });
    await expect(slide(1)).toHaveAttribute("aria-hidden", "false");
    await page.mouse.move(5, 5);
    await page.clock.runFor(5100);
    await expect(slide(2)).toHaveAttribute("aria-hidden", "false");
    await hero.getByRole("button", { name: "Next image" }).click();
    await expect(slide(3)).toHaveAttribute("aria-hidden", "false");
    await hero.getByRole("button", { name: "Go to image 1" }).click();
    await expect(slide(1)).toHaveAttribute("aria-hidden", "false");
    await hero.getByRole("button", { name: "Pause slideshow" }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(12000);
    await expect(slide(1)).toHaveAttribute("aria-hidden", "false");
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  });

  test("a listing's carousel rotates every 4 seconds", async ({ page }) => {
    await page.clock.install();
    await openPage(page, "/");
    const card = page.getByRole("article", { name: "Oak Hollow Community, Lot 14" });
    const photo = (n: number) => card.getByRole("group", { name: `Oak Hollow Community, Lot 14, photo ${n}` });
    await expect(photo(1)).toHaveAttribute("aria-hidden", "false");
    await page.clock.runFor(4100);
    await expect(photo(2)).toHaveAttribute("aria-hidden", "false");
  });

  test("under prefers-reduced-motion neither the hero nor a listing's carousel rotates; their controls still work", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await openPage(page, "/");
    const hero = page.getByRole("region", { name: "Community photos" });
    const card = page.getByRole("article", { name: "Oak Hollow Community, Lot 14" });
    // The slide shown, read once (no retrying: the clock goes on running after runFor).
    const shown = (carousel: Locator) => carousel.locator('[aria-roledescription="slide"][aria-hidden="false"]').getAttribute("aria-label");
    // Drawn by JavaScript: the page has hydrated.
    await expect(hero.getByRole("button", { name: "Next image" })).toBeVisible();
    await page.mouse.move(5, 5);
    // Long enough for the hero to move once (5 s) and the card twice (4 s), were they rotating.
    await page.clock.runFor(9000);
    expect(await shown(hero)).toBe("Community photo 1 of 3");
    expect(await shown(card)).toBe("Oak Hollow Community, Lot 14, photo 1 of 3");
    await card.getByRole("button", { name: "Next photo" }).click();
    await expect(card.getByRole("group", { name: "Oak Hollow Community, Lot 14, photo 2 of 3" })).toHaveAttribute("aria-hidden", "false");
  });

  test("the details dialog takes focus, closes on Escape and gives focus back; its code comes at the first open", async ({ page }) => {
    const dialogCode: string[] = [];
    page.on("request", (request) => {
      if (/\/build\/(listing-)?dialog-[^/]*\.js$/.test(new URL(request.url()).pathname)) dialogCode.push(request.url());
    });
    await openPage(page, "/");
    // A page of cards needs none of a dialog's code until a visitor asks for a home.
    expect(dialogCode).toEqual([]);
    const opener = page.getByRole("link", { name: /^View Details\W+Oak Hollow Community, Lot 14$/ });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Oak Hollow Community, Lot 14" });
    await expect(dialog).toBeVisible();
    // The home's own address while its details are open; back to the list's on close.
    await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
    await expect(dialog.getByRole("button", { name: "Close" }).first()).toBeFocused();
    expect(dialogCode.length).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(opener).toBeFocused();

    await opener.click();
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect(dialog).toBeHidden();
  });

  test("an image that fails to load shows the stock placeholder", async ({ page }) => {
    await page.route("**/demo/home-1.webp", (route) => route.fulfill({ status: 404, body: "" }));
    await openPage(page, "/");
    const card = page.getByRole("article", { name: "Oak Hollow Community, Lot 14" });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole("img").first()).toHaveAttribute("src", "/images/placeholder.svg");
  });
});
