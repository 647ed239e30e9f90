import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { e2eBaseURL, openPage, withE2eDatabase } from "./support";

/**
 * Issue 33, point 2: a visitor saves homes (a card's toggle, the details dialog with
 * JavaScript, the home's own page without), finds them on /favorites and under the
 * header's count, un-saves one, and opens a shared list on a fresh browser and saves it
 * whole. Runs with JavaScript on (the list in localStorage) and off (a cookie set by a
 * form post), in both languages.
 */

const HOMES = ["Oak Hollow Community, Lot 14", "Cedar Ridge Estates, Home 7", "Lakeview Studio Cottage"] as const;

const LANGUAGES = [
  { code: "en", save: "Save", savedToggle: "Saved", saved: (n: number) => `Saved (${n})`, title: "Saved homes", empty: "No saved homes yet", viewDetails: "View Details", saveAll: "Save all", shared: "Homes shared with you" },
  { code: "es", save: "Guardar", savedToggle: "Guardada", saved: (n: number) => `Guardadas (${n})`, title: "Casas guardadas", empty: "Aún no hay casas guardadas", viewDetails: "Ver detalles", saveAll: "Guardar todas", shared: "Casas que le compartieron" },
] as const;

const idOf = (name: string) => withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get(name) as { id: number }).id);

const cardOf = (page: Page, name: string) => page.getByRole("article", { name });
const cardToggle = (page: Page, name: string, language: (typeof LANGUAGES)[number]) =>
  // Named "Save: {name}", or "Saved: {name}" once pressed (the name is screen-reader text after the visible word).
  cardOf(page, name).getByRole("button", { name: new RegExp(`^(${language.save}|${language.savedToggle})\\s?: `) });
const headerCount = (page: Page, language: (typeof LANGUAGES)[number], n: number) => page.getByRole("banner").getByRole("link", { name: language.saved(n), exact: true });

for (const language of LANGUAGES) {
  test.describe(`saved homes in ${language.code}`, () => {
    test("a card's Save keeps the home, /favorites lists it and un-saving takes it off", async ({ page, javaScriptEnabled }) => {
      await openPage(page, `/properties?lng=${language.code}`, javaScriptEnabled);
      await expect(headerCount(page, language, 1)).toHaveCount(0);
      await expect(cardToggle(page, HOMES[0], language)).toHaveAttribute("aria-pressed", "false");
      await expect(cardToggle(page, HOMES[0], language)).toHaveAccessibleName(new RegExp(`^${language.save}\\s?: ${HOMES[0]}$`));
      await cardToggle(page, HOMES[0], language).click();
      if (!javaScriptEnabled) await expect(page).toHaveURL(/\/properties\?lng=\w+#listing-\d+-name$/);
      await expect(cardToggle(page, HOMES[0], language)).toHaveAttribute("aria-pressed", "true");
      // Pressed, it says so.
      await expect(cardToggle(page, HOMES[0], language)).toHaveAccessibleName(new RegExp(`^${language.savedToggle}\\s?: ${HOMES[0]}$`));
      await cardToggle(page, HOMES[1], language).click();
      await expect(cardToggle(page, HOMES[1], language)).toHaveAttribute("aria-pressed", "true");
      await expect(headerCount(page, language, 2)).toBeVisible();

      await headerCount(page, language, 2).click();
      await expect(page).toHaveURL(/\/favorites$/);
      await expect(page.getByRole("heading", { level: 1, name: language.title })).toBeVisible();
      await expect(cardOf(page, HOMES[0])).toBeVisible();
      await expect(cardOf(page, HOMES[1])).toBeVisible();
      // Both homes ticked to compare, and the form that compares them.
      for (const name of HOMES.slice(0, 2)) {
        await expect(cardOf(page, name).getByRole("checkbox", { name: new RegExp(`^${language.code === "en" ? "Compare" : "Comparar"}\\s?: `) })).toBeChecked();
      }
      await expect(page.getByRole("button", { name: language.code === "en" ? "Compare ticked homes" : "Comparar las casas marcadas" })).toBeVisible();

      await cardToggle(page, HOMES[0], language).click();
      await expect(cardOf(page, HOMES[0])).toHaveCount(0);
      await expect(cardOf(page, HOMES[1])).toBeVisible();
      await expect(headerCount(page, language, 1)).toBeVisible();
      await cardToggle(page, HOMES[1], language).click();
      await expect(page.getByText(language.empty)).toBeVisible();
      await expect(headerCount(page, language, 1)).toHaveCount(0);

      // Still so after a reload: nothing came back from a cookie or the browser's storage.
      await openPage(page, "/favorites", javaScriptEnabled);
      await expect(page.getByText(language.empty)).toBeVisible();
    });

    test("the home's details save it too: the dialog with JavaScript, its own page without", async ({ page, javaScriptEnabled }) => {
      await openPage(page, `/properties?lng=${language.code}`, javaScriptEnabled);
      await cardOf(page, HOMES[2]).getByRole("link", { name: new RegExp(`^${language.viewDetails}`) }).click();
      const scope = javaScriptEnabled ? page.getByRole("dialog", { name: HOMES[2] }) : page.getByRole("main");
      if (!javaScriptEnabled) await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
      const toggle = scope.getByRole("button", { name: language.save, exact: true });
      await expect(toggle).toHaveAttribute("aria-pressed", "false");
      await toggle.click();
      await expect(scope.getByRole("button", { name: language.savedToggle, exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(headerCount(page, language, 1)).toBeVisible();
      if (javaScriptEnabled) {
        await page.keyboard.press("Escape");
        await expect(cardToggle(page, HOMES[2], language)).toHaveAttribute("aria-pressed", "true");
      } else {
        await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
      }
      await openPage(page, "/favorites", javaScriptEnabled);
      await expect(cardOf(page, HOMES[2])).toBeVisible();
    });

    test("with a saved home, the header, the home's details and both pages fit at 320 px", async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await openPage(page, `/properties?lng=${language.code}`, javaScriptEnabled);
      await cardToggle(page, HOMES[0], language).click();
      await expect(cardToggle(page, HOMES[0], language)).toHaveAttribute("aria-pressed", "true");
      await cardToggle(page, HOMES[1], language).click();
      await expect(headerCount(page, language, 2)).toBeVisible();
      const fits = async (what: string) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await layoutProblems(page), what).toEqual([]);
      };
      await fits("all homes with the header's count");
      // The phone's menu says it in words.
      await page.getByRole("button", { name: language.code === "en" ? "Open menu" : "Abrir menú" }).click();
      const menu = page.getByRole("dialog", { name: language.code === "en" ? "Main navigation" : "Navegación principal" });
      await expect(menu.getByRole("link", { name: language.saved(2), exact: true })).toBeVisible();
      await page.getByRole("button", { name: language.code === "en" ? "Close menu" : "Cerrar menú" }).click();
      await expect(menu).toBeHidden();
      await cardOf(page, HOMES[0]).getByRole("link", { name: new RegExp(`^${language.viewDetails}`) }).click();
      if (javaScriptEnabled) {
        const dialog = page.getByRole("dialog", { name: HOMES[0] });
        const toggle = dialog.getByRole("button", { name: language.savedToggle, exact: true });
        await expect(toggle).toHaveAttribute("aria-pressed", "true");
        // Icon only on a phone, on the one row of actions.
        const ask = dialog.getByRole("link", { name: language.code === "en" ? "Ask about this home" : "Preguntar por esta casa" });
        expect(Math.abs((await toggle.boundingBox())!.y - (await ask.boundingBox())!.y)).toBeLessThan(12);
        expect(await layoutProblems(page), "the details dialog").toEqual([]);
        // The row of actions holds them all (a fixed dialog's row running past the edge
        // does not make the page scroll sideways).
        const row = toggle.locator("xpath=../..");
        expect(await row.evaluate((element) => element.scrollWidth - element.clientWidth), "the dialog's actions overflow their row").toBeLessThanOrEqual(0);
        await page.keyboard.press("Escape");
      } else {
        await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
        await fits("the home's page");
      }
      await openPage(page, "/favorites", javaScriptEnabled);
      await expect(cardOf(page, HOMES[1])).toBeVisible();
      await fits("/favorites");
      await openPage(page, `/compare?ids=${idOf(HOMES[0])},${idOf(HOMES[1])}`, javaScriptEnabled);
      await fits("/compare");
      // The header's row holds the count beside its links and buttons on wider screens too.
      for (const width of [390, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await openPage(page, "/properties", javaScriptEnabled);
        await expect(headerCount(page, language, 2)).toBeVisible();
        await fits(`all homes at ${width} px`);
      }
    });

    test("a shared list opens on a fresh browser and 'Save all' keeps it", async ({ browser, page, javaScriptEnabled }) => {
      const ids = [idOf(HOMES[0]), idOf(HOMES[2])];
      // The sender's list gives the link.
      await openPage(page, `/properties?lng=${language.code}`, javaScriptEnabled);
      await cardToggle(page, HOMES[0], language).click();
      await expect(cardToggle(page, HOMES[0], language)).toHaveAttribute("aria-pressed", "true");
      await cardToggle(page, HOMES[2], language).click();
      await expect(cardToggle(page, HOMES[2], language)).toHaveAttribute("aria-pressed", "true");
      await openPage(page, "/favorites", javaScriptEnabled);
      const shareLink = page.getByRole("link", { name: language.code === "en" ? "Link to this list" : "Enlace a esta lista" });
      await expect(shareLink).toHaveAttribute("href", `/favorites?ids=${ids.join(",")}`);
      const href = (await shareLink.getAttribute("href"))!;

      const fresh = await browser.newContext({ javaScriptEnabled, baseURL: e2eBaseURL() });
      try {
        const other = await fresh.newPage();
        await openPage(other, `${href}&lng=${language.code}`, javaScriptEnabled);
        await expect(other.getByRole("heading", { level: 1, name: language.shared })).toBeVisible();
        await expect(cardOf(other, HOMES[0])).toBeVisible();
        await expect(cardOf(other, HOMES[2])).toBeVisible();
        await expect(headerCount(other, language, 2)).toHaveCount(0);

        // The language switch keeps the list, commas and all.
        await other.getByRole("button", { name: language.code === "en" ? /^ES/ : /^EN/ }).click();
        await expect(other).toHaveURL(new RegExp(`/favorites\\?ids=${ids.join(",")}&lng=${language.code === "en" ? "es" : "en"}$`));
        await expect(cardOf(other, HOMES[0])).toBeVisible();
        await openPage(other, `${href}&lng=${language.code}`, javaScriptEnabled);

        await other.getByRole("button", { name: language.saveAll }).click();
        await expect(other).toHaveURL(/\/favorites(\?lng=es)?$/);
        await expect(other.getByRole("heading", { level: 1, name: language.title })).toBeVisible();
        await expect(cardOf(other, HOMES[0])).toBeVisible();
        await expect(cardOf(other, HOMES[2])).toBeVisible();
        await expect(headerCount(other, language, 2)).toBeVisible();
      } finally {
        await fresh.close();
      }
    });
  });
}

test("a shared list or a comparison naming a home that was never public does not show its name", async ({ page, javaScriptEnabled }) => {
  const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
  const name = `DRAFT ${tag} 12 Elm St - owner in foreclosure, do not list`;
  const draft = withE2eDatabase((db) =>
    Number(
      db
        .prepare("insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active) values (?, 'Tyler, TX', '$900/month', '/objects/demo/home-1.webp', '2', '1', '900', 'Draft.', 0)")
        .run(name).lastInsertRowid,
    ),
  );
  try {
    for (const [path, unnamed] of [
      [`/favorites?ids=${draft},${idOf(HOMES[0])}`, "A home that is no longer available"],
      [`/compare?ids=${draft},${idOf(HOMES[0])},${idOf(HOMES[2])}&lng=es`, "Una casa que ya no está disponible"],
    ] as const) {
      await openPage(page, path, javaScriptEnabled);
      await expect(page.getByText(unnamed)).toBeVisible();
      await expect(page.getByText("DRAFT", { exact: false })).toHaveCount(0);
      expect(await page.content()).not.toContain("foreclosure");
    }
  } finally {
    withE2eDatabase((db) => db.prepare("delete from properties where id = ?").run(draft));
  }
});
