import { expect, test } from "./fixtures";

test.describe("home page", () => {
  test("hero opens the gallery with the count line", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Community photos" });
    await expect(hero.getByRole("img").first()).toBeVisible();
    await hero.getByRole("link", { name: "Open photo gallery" }).first().click();
    const gallery = page.getByRole("dialog", { name: "Photo Gallery" });
    await expect(gallery).toBeVisible();
    await expect(gallery).toContainText("3 images in gallery");
    await expect(gallery.getByRole("img")).toHaveCount(3);
    await gallery.getByRole("button", { name: "Close" }).click();
    await expect(gallery).toBeHidden();
  });

  test("the development card's Learn More opens the long text", async ({ page }) => {
    await page.goto("/");
    const services = page.locator("#services");
    await expect(services.getByRole("heading", { level: 3 })).toHaveText([
      "Home Sales & Brokerage",
      "Property & Community Development",
      "Property Management",
    ]);
    await services.getByRole("link", { name: /Learn More/ }).click();
    const dialog = page.getByRole("dialog", { name: "Property & Community Development" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Greenfield Development" })).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Expansions & Redevelopments" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("tenant services link out, to the listings and to the 24/7 line", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: /^Pay Rent \(opens/ }).first()).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "View Available Homes" }).last()).toHaveAttribute("href", "#properties");
    await expect(page.getByRole("link", { name: /Submit a Request/ })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("link", { name: "Call 24/7" })).toHaveAttribute("href", "tel:+18175550199");
  });

  test("listings show three cards, View All shows every one, Show Less goes back", async ({ page }) => {
    await page.goto("/");
    const list = page.getByRole("list", { name: "Home listings" });
    await expect(list.getByRole("article")).toHaveCount(3);
    await page.getByRole("link", { name: "View All (6)" }).click();
    await expect(list.getByRole("article")).toHaveCount(6);
    await page.getByRole("link", { name: "Show Less" }).click();
    await expect(list.getByRole("article")).toHaveCount(3);

    const oakHollow = list.getByRole("article", { name: "Oak Hollow Community, Lot 14" });
    await expect(oakHollow).toContainText("$1,150/month");
    await expect(oakHollow).toContainText("Fort Worth, TX 76116");
    await expect(oakHollow.getByRole("link", { name: /Apply Here/ })).toHaveAttribute("target", "_blank");
    const studio = list.getByRole("article", { name: "Lakeview Studio Cottage" });
    await expect(studio).toContainText("Studio");
    await expect(studio.getByRole("link", { name: /Apply Here/ })).toHaveCount(0);
  });

  test("View Details shows the home's details", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: /^View Details\W+Cedar Ridge Estates, Home 7$/ }).click();
    // With JavaScript a dialog over the home page (its address becomes the home's own);
    // without it, or before the page has hydrated, the home's own page. Wait for either.
    const name = "Cedar Ridge Estates, Home 7";
    const dialog = page.getByRole("dialog", { name });
    const ownPageHeading = page.getByRole("heading", { level: 1, name });
    await expect(dialog.or(ownPageHeading)).toBeVisible();
    const details = (await dialog.isVisible()) ? dialog : page.getByRole("article", { name });
    await expect(details).toBeVisible();
    await expect(details).toContainText("$89,900");
    await expect(details).toContainText("Mansfield, TX 76063");
    await expect(details).toContainText("1200-1400");
    await expect(details).toContainText("About this home");
    await expect(details.getByRole("link", { name: /Apply Here/ })).toHaveAttribute("target", "_blank");
  });

  test("a home's own page is shareable; one off the market says so, and an unknown one is not found", async ({ page }) => {
    const response = await page.goto("/properties/2");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Cedar Ridge Estates, Home 7/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cedar Ridge Estates, Home 7");
    // A shared link names no list: Close goes to every home.
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/properties$/);

    // The demo's home off the market was public once (docs/product.md, "A home's life").
    const closed = await page.goto("/properties/7");
    expect(closed?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prairie View, Lot 31");
    await expect(page.getByText("This home is no longer available", { exact: true })).toBeVisible();

    const missing = await page.goto("/properties/424242");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("the FAQ keeps one answer open at a time", async ({ page }) => {
    await page.goto("/#faq");
    const faq = page.locator("#faq");
    const first = faq.locator("details").nth(0);
    const second = faq.locator("details").nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open", "");
    await expect(faq.locator("details")).toHaveCount(6);
  });

  test("in Spanish the listings and FAQ use their Spanish texts", async ({ page }) => {
    await page.goto("/?lng=es");
    await expect(page.getByRole("heading", { name: "Casas disponibles", exact: true })).toBeVisible();
    const list = page.getByRole("list", { name: /./ }).filter({ has: page.getByRole("article") });
    await expect(list.getByRole("article", { name: "Oak Hollow Community, Lot 14" })).toContainText("$1,150 al mes");
    await expect(page.locator("#faq summary").first()).toHaveText("¿Qué es una casa manufacturada?");
    await page.locator("#faq summary").first().click();
    await expect(page.locator("#faq details").first()).toContainText("Una casa manufacturada se construye en fábrica");
  });
});
