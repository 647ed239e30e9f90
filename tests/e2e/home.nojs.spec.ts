import { expect, test } from "./fixtures";

test.describe("home page without JavaScript", () => {
  test("shows the first image only and no carousel controls", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Community photos" });
    await expect(hero.getByRole("button")).toHaveCount(0);
    await expect(hero.getByRole("img").first()).toBeVisible();
  });

  test("View Details opens the home's own page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: /^View Details\W+Oak Hollow Community, Lot 14$/ }).click();
    await expect(page).toHaveURL(/\/properties\/1\?from=%2F$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oak Hollow Community, Lot 14");
  });

  test("the gallery is a URL-addressed view", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Open photo gallery" }).first().click();
    await expect(page).toHaveURL(/\?gallery=1$/);
    await expect(page.getByRole("dialog", { name: "Photo Gallery" })).toBeVisible();
  });
});
