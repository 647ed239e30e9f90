import { expect, test } from "./fixtures";
import { openPage } from "./support";

// What JavaScript adds to /properties (browse.spec.ts checks the lists with and without it).

const list = "Home listings";

test.describe("/properties with JavaScript", () => {
  test("typing keeps the focus and the text while the list follows, in the same page", async ({ page }) => {
    await openPage(page, "/properties");
    await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
    const search = page.getByLabel("Name or location");
    await search.click();
    // Slower than the debounce: the list changes between the letters.
    await search.pressSequentially("lot", { delay: 450 });
    await expect(page).toHaveURL(/\/properties\?q=lot$/);
    await expect(page.getByRole("list", { name: list }).getByRole("heading", { level: 3 })).toHaveText([
      "Trinity Meadows, Lot 9",
      "Bluebonnet Park, Lot 22",
      "Oak Hollow Community, Lot 14",
    ]);
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("lot");
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(0);
  });

  test("the list is marked busy while the next one loads", async ({ page }) => {
    await openPage(page, "/properties");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/properties.data*", async (route) => {
      await held;
      await route.continue();
    });
    const results = page.locator("#results");
    await expect(results).toHaveAttribute("aria-busy", "false");
    await page.getByLabel("Beds").selectOption({ label: "4+" });
    await expect(results).toHaveAttribute("aria-busy", "true");
    release();
    await expect(results).toHaveAttribute("aria-busy", "false");
    await expect(page.getByRole("list", { name: list }).getByRole("heading", { level: 3 })).toHaveText(["Bluebonnet Park, Lot 22"]);
    await expect(page.locator("#results-count")).toHaveText("1 home");
  });

  test("Clear filters puts every field back, and a change still waiting is dropped", async ({ page }) => {
    await page.clock.install();
    await openPage(page, "/properties?q=lot&minPrice=900&beds=2&sort=price-asc");
    await expect(page.getByRole("list", { name: list }).getByRole("heading", { level: 3 })).toHaveText([
      "Trinity Meadows, Lot 9",
      "Oak Hollow Community, Lot 14",
      "Bluebonnet Park, Lot 22",
    ]);
    // The page's clock stands still from here, so the typed price is still waiting out
    // its pause when Clear filters is pressed, however slow the machine.
    await page.clock.pauseAt(Date.now() + 1_000);
    const askedFor2000: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("maxPrice=2000")) askedFor2000.push(request.url());
    });
    await page.getByLabel("Max price ($)").fill("2000");
    await page.getByRole("search").getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByLabel("Name or location")).toHaveValue("");
    await expect(page.getByLabel("Min price ($)")).toHaveValue("");
    await expect(page.getByLabel("Max price ($)")).toHaveValue("");
    await expect(page.getByLabel("Beds")).toHaveValue("");
    await expect(page.getByLabel("Sort by")).toHaveValue("");
    await expect(page.getByRole("list", { name: list }).getByRole("article")).toHaveCount(6);
    // The max price typed before the click is not sent after it, once its pause is over.
    await page.clock.runFor(2_000);
    await expect(page.getByRole("list", { name: list }).getByRole("article")).toHaveCount(6);
    await expect(page).toHaveURL(/\/properties$/);
    expect(askedFor2000, "requests with the max price typed before Clear filters").toEqual([]);
  });

  test("the details dialog takes focus, closes on Escape and gives focus back", async ({ page }) => {
    await openPage(page, "/properties?lng=es");
    const opener = page.getByRole("link", { name: /^Ver detalles\W+Cedar Ridge Estates, Home 7$/ });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Cedar Ridge Estates, Home 7" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("$89,900 de contado");
    await expect(dialog.getByRole("button", { name: "Cerrar" }).first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
