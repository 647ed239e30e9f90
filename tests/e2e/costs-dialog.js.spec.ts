import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * docs/product.md, "What it costs": the details dialog over the list (JavaScript's; without
 * it a card opens the home's page, costs-and-criteria.spec.ts) reads the home's costs from
 * GET /api/properties/{id} and shows the same panel.
 */

const HOME = "Trinity Meadows, Lot 9";
const LANGUAGES = [
  { code: "en", panel: "Costs and requirements", criteria: "Rental criteria", details: "View Details" },
  { code: "es", panel: "Costos y requisitos", criteria: "Criterios para rentar", details: "Ver detalles" },
] as const;

for (const language of LANGUAGES) {
  test(`${language.code}: the details dialog over the list shows the same costs`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await openPage(page, `/properties?q=${encodeURIComponent("Trinity Meadows")}&lng=${language.code}`, javaScriptEnabled);
    await page.getByRole("article", { name: HOME }).getByRole("link", { name: new RegExp(`^${language.details}`) }).click();
    const dialog = page.getByRole("dialog", { name: HOME });
    await expect(dialog.getByRole("region", { name: language.panel }).getByText("$1,065", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("link", { name: language.criteria, exact: true })).toBeVisible();
  });
}
