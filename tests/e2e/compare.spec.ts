import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage, withE2eDatabase } from "./support";

/**
 * Issue 33, point 3: three homes compared at a phone's width (stacked cards) and a
 * desktop's (a table), every attribute visible and nothing cut or overflowing, in both
 * languages, with JavaScript and without; and axe finds nothing on /favorites (empty,
 * with a list, shared) and /compare (homes, and more than four refused).
 */

const HOMES = ["Oak Hollow Community, Lot 14", "Cedar Ridge Estates, Home 7", "Lakeview Studio Cottage"] as const;

const LANGUAGES = [
  { code: "en", labels: ["Price", "Location", "Beds", "Baths", "Square feet"], viewDetails: "View Details", distances: "Distance between them" },
  { code: "es", labels: ["Precio", "Ubicación", "Recámaras", "Baños", "Pies cuadrados"], viewDetails: "Ver detalles", distances: "Distancia entre ellas" },
] as const;

type Home = { id: number; price: string; priceSpanish: string | null; latitude: number | null };

const homes = (): Home[] =>
  HOMES.map((name) =>
    withE2eDatabase((db) => db.prepare("select id, price, price_spanish as priceSpanish, latitude from properties where name = ?").get(name) as Home),
  );

async function expectLaidOut(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await layoutProblems(page)).toEqual([]);
}

for (const language of LANGUAGES) {
  test.describe(`comparing homes in ${language.code}`, () => {
    for (const width of [360, 1280]) {
      test(`three homes at ${width} px`, async ({ page, javaScriptEnabled }) => {
        const found = homes();
        await page.setViewportSize({ width, height: 800 });
        const response = await openPage(page, `/compare?ids=${found.map((home) => home.id).join(",")}&lng=${language.code}`, javaScriptEnabled);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveAttribute("lang", language.code);
        await expectLaidOut(page);

        const wide = width >= 640;
        await expect(page.getByRole("table")).toBeVisible({ visible: wide });
        for (const [index, name] of HOMES.entries()) {
          const home = found[index];
          const price = (language.code === "es" && home.priceSpanish?.trim()) || home.price;
          if (wide) {
            const table = page.getByRole("table");
            await expect(table.getByRole("columnheader", { name })).toBeVisible();
            await expect(table.getByRole("cell", { name: price }).first()).toBeVisible();
            await expect(table.getByRole("img", { name })).toBeVisible();
            await expect(table.getByRole("link", { name: new RegExp(`^${language.viewDetails}\\s?: ${name}$`) })).toBeVisible();
          } else {
            const card = page.getByRole("article", { name });
            await expect(card).toBeVisible();
            await expect(card.getByRole("img", { name })).toBeVisible();
            await expect(card.getByText(price, { exact: true })).toBeVisible();
            for (const label of language.labels) await expect(card.getByText(label, { exact: true })).toBeVisible();
            await expect(card.getByRole("link", { name: new RegExp(`^${language.viewDetails}\\s?: `) })).toBeVisible();
          }
        }
        if (wide) for (const label of language.labels) await expect(page.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
        if (found.filter((home) => home.latitude !== null).length >= 2) {
          await expect(page.getByRole("heading", { name: language.distances })).toBeVisible();
        }
      });
    }

    test("four homes fit the table at its narrowest, 640 px", async ({ page, javaScriptEnabled }) => {
      const ids = withE2eDatabase((db) => (db.prepare("select id from properties where is_active = 1 order by length(name) desc limit 4").all() as { id: number }[]).map((row) => row.id));
      await page.setViewportSize({ width: 640, height: 800 });
      await openPage(page, `/compare?ids=${ids.join(",")}&lng=${language.code}`, javaScriptEnabled);
      await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(4);
      await expectLaidOut(page);
    });

    test("axe finds nothing on /favorites and /compare", async ({ page, javaScriptEnabled }) => {
      const ids = homes().map((home) => home.id);
      await page.setViewportSize({ width: 360, height: 800 });
      const pages = [
        `/favorites?lng=${language.code}`,
        `/favorites?ids=${ids.join(",")},987654&lng=${language.code}`,
        `/compare?ids=${ids.join(",")},987654&lng=${language.code}`,
        `/compare?ids=${ids.join(",")},5,6,7&lng=${language.code}`,
      ];
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of pages) {
          await openPage(page, path, javaScriptEnabled);
          await expectNoAxeViolations(page, `${path} at ${width} px`, { javaScriptEnabled, soft: true });
        }
      }
      // The visitor's own list, saved on a card.
      await openPage(page, `/properties?lng=${language.code}`, javaScriptEnabled);
      const toggle = page.getByRole("article", { name: HOMES[0] }).getByRole("button", { name: new RegExp(language.code === "en" ? "^Save" : "^Guardar") });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-pressed", "true");
      await openPage(page, "/favorites", javaScriptEnabled);
      await expect(page.getByRole("article", { name: HOMES[0] })).toBeVisible();
      await expectNoAxeViolations(page, "/favorites with a saved home", { javaScriptEnabled });
    });
  });
}
