import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { openPage } from "./support";

/**
 * A home's page goes back to the list its card was on: "Back to all homes" and "Close"
 * return to the search with its filters and page (the card's link names it), to the home
 * page's homes from one of its cards, and to every home (/properties) from anywhere else.
 * With JavaScript and without, in English and Spanish.
 */

const LANGUAGES = [
  { code: "en", viewDetails: "View Details", back: "Back to all homes", close: "Close", listTitle: "All available homes", listLabel: "Home listings", openMenu: "Open menu", menu: "Main navigation", allHomes: "See all homes", available: "Available Homes" },
  { code: "es", viewDetails: "Ver detalles", back: "Volver a todas las casas", close: "Cerrar", listTitle: "Todas las casas disponibles", listLabel: "Listado de casas", openMenu: "Abrir menú", menu: "Navegación principal", allHomes: "Ver todas las casas", available: "Casas disponibles" },
] as const;

type Language = (typeof LANGUAGES)[number];

const javaScriptOf = (testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) => testInfo.project.use.javaScriptEnabled !== false;

/** The first card's link to its home's page, as a visitor opening it in a page of its own follows it. */
async function firstCardLink(page: Page, language: Language): Promise<string> {
  const link = page.getByRole("list", { name: language.listLabel }).getByRole("article").first().getByRole("link", { name: new RegExp(`^${language.viewDetails}`) });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/properties\/\d+\?from=/);
  return href!;
}

async function expectBackLinks(page: Page, language: Language, href: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: language.back })).toHaveAttribute("href", href);
  await expect(main.getByRole("link", { name: language.close, exact: true })).toHaveAttribute("href", href);
}

for (const language of LANGUAGES) {
  test(`${language.code}: a home's page goes back to the search its card was on, its filters and page kept`, async ({ page }, testInfo) => {
    const javaScriptEnabled = javaScriptOf(testInfo);
    await openPage(page, `/properties?beds=2&sort=price-asc&lng=${language.code}`, javaScriptEnabled);
    const href = await firstCardLink(page, language);
    await openPage(page, href, javaScriptEnabled);
    await expectBackLinks(page, language, "/properties?beds=2&sort=price-asc");
    await page.getByRole("main").getByRole("link", { name: language.back }).click();
    await expect(page).toHaveURL(/\/properties\?beds=2&sort=price-asc$/);
    await expect(page.getByRole("heading", { level: 1, name: language.listTitle })).toBeVisible();
  });

  test(`${language.code}: from a home page's card it goes back to the home page's homes; from elsewhere to every home`, async ({ page }, testInfo) => {
    const javaScriptEnabled = javaScriptOf(testInfo);
    await openPage(page, `/?lng=${language.code}`, javaScriptEnabled);
    const href = await firstCardLink(page, language);
    await openPage(page, href, javaScriptEnabled);
    await expectBackLinks(page, language, "/#properties");

    // A shared link names no list; one naming another site's page is not followed.
    const bare = href.split("?")[0];
    await openPage(page, bare, javaScriptEnabled);
    await expectBackLinks(page, language, "/properties");
    await openPage(page, `${bare}?from=${encodeURIComponent("https://elsewhere.example/properties?beds=2")}`, javaScriptEnabled);
    await expectBackLinks(page, language, "/properties");
    await openPage(page, `${bare}?from=${encodeURIComponent("/admin/dashboard")}`, javaScriptEnabled);
    await expectBackLinks(page, language, "/properties");
    await page.getByRole("main").getByRole("link", { name: language.close, exact: true }).click();
    await expect(page).toHaveURL(/\/properties$/);
  });
}

for (const language of LANGUAGES) {
  test(`${language.code}: the phone menu and the footer offer every home beside the home page's homes`, async ({ page }, testInfo) => {
    const javaScriptEnabled = javaScriptOf(testInfo);
    await page.setViewportSize({ width: 360, height: 740 });
    await openPage(page, `/rental-criteria?lng=${language.code}`, javaScriptEnabled);
    const footer = page.getByRole("contentinfo");
    // "Available Homes" keeps going to the home page's section; "See all homes" is the list.
    await expect(footer.getByRole("link", { name: language.available, exact: true })).toHaveAttribute("href", "/#properties");
    await expect(footer.getByRole("link", { name: language.allHomes })).toHaveAttribute("href", "/properties");

    await page.getByRole("button", { name: language.openMenu }).click();
    const drawer = page.getByRole("dialog", { name: language.menu });
    await expect(drawer).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await expect(drawer.getByRole("link", { name: language.available, exact: true })).toHaveAttribute("href", "/#properties");
    await drawer.getByRole("link", { name: language.allHomes }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("heading", { level: 1, name: language.listTitle })).toBeVisible();
  });
}

for (const language of LANGUAGES) {
  for (const width of [1280, 1440]) {
    test(`${language.code}: at ${width} px the header offers every home beside the home page's homes, and the row still fits`, async ({ page }, testInfo) => {
      const javaScriptEnabled = javaScriptOf(testInfo);
      await page.setViewportSize({ width, height: 800 });
      await openPage(page, `/rental-criteria?lng=${language.code}`, javaScriptEnabled);
      const nav = page.getByRole("banner").getByRole("navigation", { name: language.menu });
      await expect(nav.getByRole("link", { name: language.available, exact: true })).toHaveAttribute("href", "/#properties");
      const allHomes = nav.getByRole("link", { name: language.allHomes });
      await expect(allHomes).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
      // On one row with the other links, none squeezed onto two lines.
      const boxes = await Promise.all((await nav.getByRole("link").all()).map(async (link) => (await link.boundingBox())!));
      expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
      for (const box of boxes) expect(box.height).toBeLessThan(48);
      await allHomes.click();
      await expect(page).toHaveURL(/\/properties$/);
      await expect(page.getByRole("heading", { level: 1, name: language.listTitle })).toBeVisible();
    });
  }
}
