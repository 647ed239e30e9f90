import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage, withE2eDatabase } from "./support";

/**
 * docs/product.md, "What it costs", with JavaScript on and off (this file runs in both
 * projects), in both languages, at a phone's width and a desktop's: the demo's Trinity
 * Meadows, Lot 9 adds up rent $1,050 + lot rent $0 + $15 trash = "$1,065" on its page (its
 * details dialog: costs-dialog.js.spec.ts); "Rental criteria" comes before Apply Here and
 * opens /rental-criteria; axe finds nothing on the panel or the criteria page.
 */

const HOME = "Trinity Meadows, Lot 9";
const LANGUAGES = [
  { code: "en", panel: "Costs and requirements", total: "Estimated monthly total", criteria: "Rental criteria", apply: "Apply Here", details: "View Details", income: "Income" },
  { code: "es", panel: "Costos y requisitos", total: "Total mensual estimado", criteria: "Criterios para rentar", apply: "Solicitar aquí", details: "Ver detalles", income: "Ingresos" },
] as const;

const homeId = () => withE2eDatabase((db) => db.prepare("select id from properties where name = ?").pluck().get(HOME) as number);

for (const language of LANGUAGES) {
  for (const width of [360, 1366]) {
    test(`${language.code} at ${width} px: the costs of a rental add up, and its rental criteria come before Apply Here`, async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page, `/properties/${homeId()}?lng=${language.code}`, javaScriptEnabled);
      const panel = page.getByRole("region", { name: language.panel });
      await expect(panel.getByRole("definition").filter({ hasText: "$1,065" })).toBeVisible();
      await expect(panel.getByRole("term").filter({ hasText: language.total })).toBeVisible();
      const criteria = page.getByRole("link", { name: language.criteria, exact: true }).first();
      const apply = page.getByRole("link", { name: new RegExp(`^${language.apply}`) }).first();
      await expect(criteria).toBeVisible();
      // Read before Apply Here: earlier in the page.
      expect((await criteria.boundingBox())!.y).toBeLessThan((await apply.boundingBox())!.y);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page)).toEqual([]);
      if (width === 360) await expectNoAxeViolations(page, `the costs panel in ${language.code}`, { javaScriptEnabled, within: '[aria-labelledby="costs-title"]' });

      await criteria.click();
      await expect(page).toHaveURL(/\/rental-criteria/);
      await expect(page.getByRole("heading", { level: 1, name: language.criteria })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: language.income })).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
      if (width === 360) await expectNoAxeViolations(page, `/rental-criteria in ${language.code}`, { javaScriptEnabled });
    });
  }
}
