import { expect, test } from "./fixtures";
import { openPage } from "./support";

test.describe("site frame", () => {
  test("home page shows the header and footer in English", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    for (const label of ["Home", "Services", "Available Homes", "FAQ", "Contact Us"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    const payRent = page.getByRole("banner").getByRole("link", { name: /^Pay Rent/ });
    await expect(payRent).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("banner").getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "#properties");

    const footer = page.getByRole("contentinfo");
    const admin = footer.getByRole("link", { name: /Content Admin/ });
    await expect(admin).toHaveAttribute("href", "/admin/dashboard");
    await expect(admin).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: /Tenant Portal \(Pay Rent\)/ })).toHaveAttribute("target", "_blank");
    await expect(footer).toContainText("Southlake, TX");
    await expect(footer).toContainText("(817) 555-0142");
  });

  test("nav uses the short labels between the medium and large breakpoints", async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    await expect(nav.getByRole("link", { name: "Homes", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
  });

  test("the language switch turns the site Spanish and the choice sticks", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Switch to Spanish" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const nav = page.getByRole("navigation", { name: "Navegación principal" }).first();
    await expect(nav.getByRole("link", { name: "Casas disponibles" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Enlaces rápidos");

    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByRole("button", { name: "Cambiar a Inglés" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the mobile drawer opens and closes on a link tap", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openPage(page, "/", javaScriptEnabled);
    const drawer = page.getByRole("dialog", { name: "Main navigation" });
    await expect(drawer).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Services" }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/#services$/);

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();
  });

  test("an unknown path shows the 404 page", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("on /admin paths the header links to the home page and hides the language switch", async ({ page }) => {
    await page.goto("/admin/unknown-page");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("button", { name: "Switch to Spanish" })).toHaveCount(0);
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/#services");
    await expect(banner.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/#properties");
    await nav.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
  });
});
