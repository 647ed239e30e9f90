import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { e2eBaseURL, openPage, withE2eDatabase } from "./support";

/**
 * Issue 54, point 5: the visitor ticks which homes to compare (up to four), on the cards
 * of /properties and of the saved homes, with JavaScript and without, in English and
 * Spanish, at a phone's 360 px. The demo's active homes only: the specs after this one
 * count them.
 */

const LANGUAGES = [
  {
    code: "en",
    tick: "Compare",
    submit: "Compare ticked homes",
    title: "Compare homes",
    back: "Back to the homes",
    full: "You can compare up to 4 homes: untick one first.",
    tooMany: "At most 4 homes can be compared at once; this link has 5. Go back and untick some.",
    count: (n: number) => `${n} of 4 homes ticked`,
    search: "Name or location",
    apply: "Apply filters",
  },
  {
    code: "es",
    tick: "Comparar",
    submit: "Comparar las casas marcadas",
    title: "Comparar casas",
    back: "Volver a las casas",
    full: "Puede comparar hasta 4 casas: desmarque una primero.",
    tooMany: "Se pueden comparar como máximo 4 casas a la vez; este enlace tiene 5. Vuelva y desmarque algunas.",
    count: (n: number) => `${n} de 4 casas marcadas`,
    search: "Nombre o ubicación",
    apply: "Aplicar filtros",
  },
] as const;

type Language = (typeof LANGUAGES)[number];

const HOMES = ["Oak Hollow Community, Lot 14", "Cedar Ridge Estates, Home 7", "Lakeview Studio Cottage", "Bluebonnet Park, Lot 22", "Pecan Grove Village, Home 3", "Trinity Meadows, Lot 9"] as const;

const idOf = (name: string) => withE2eDatabase((db) => db.prepare("select id from properties where name = ?").pluck().get(name) as number);
const tickOf = (page: Page, language: Language, name: string) => page.getByRole("article", { name }).getByRole("checkbox", { name: new RegExp(`^${language.tick}\\s?: ${name}$`) });

/** The homes /compare shows at a phone's width (a card each), in any order: the form sends them in the list's order. */
async function expectCompared(page: Page, names: readonly string[]) {
  const headings = page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 });
  await expect(headings).toHaveCount(names.length);
  expect((await headings.allTextContents()).sort()).toEqual([...names].sort());
}

async function expectLaidOut(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await layoutProblems(page)).toEqual([]);
  }).toPass();
}

for (const language of LANGUAGES) {
  test.describe(`choosing homes to compare in ${language.code}`, () => {
    test("two homes ticked on /properties' cards open side by side, and the comparison goes back to the list", async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await openPage(page, `/properties?sort=price-asc&lng=${language.code}`, javaScriptEnabled);
      await tickOf(page, language, HOMES[0]).check();
      await tickOf(page, language, HOMES[2]).check();
      const form = page.getByRole("form", { name: language.title });
      if (javaScriptEnabled) await expect(form).toContainText(language.count(2));
      await expectLaidOut(page);
      await expectNoAxeViolations(page, "/properties with two homes ticked", { javaScriptEnabled });

      await form.getByRole("button", { name: language.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/compare\\?`));
      await expect(page.getByRole("heading", { level: 1, name: language.title })).toBeVisible();
      await expectCompared(page, [HOMES[0], HOMES[2]]);
      await expectLaidOut(page);
      await page.getByRole("link", { name: language.back }).click();
      await expect(page).toHaveURL(/\/properties\?sort=price-asc$/);
    });

    test("at most four: a fifth tick is refused in words with JavaScript, and by /compare without", async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await openPage(page, `/properties?lng=${language.code}`, javaScriptEnabled);
      for (const name of HOMES.slice(0, 5)) await tickOf(page, language, name).click();
      const form = page.getByRole("form", { name: language.title });
      if (javaScriptEnabled) {
        await expect(tickOf(page, language, HOMES[4])).not.toBeChecked();
        await expect(form).toContainText(language.full);
        await form.getByRole("button", { name: language.submit }).click();
        await expectCompared(page, HOMES.slice(0, 4));
      } else {
        await form.getByRole("button", { name: language.submit }).click();
        await expect(page.getByRole("alert")).toHaveText(language.tooMany);
        await expect(page.getByRole("link", { name: language.back })).toHaveAttribute("href", "/properties");
      }
    });

    test("saved homes: the first four are ticked, and the visitor picks which four", async ({ page, javaScriptEnabled }) => {
      const ids = HOMES.map(idOf);
      await page.context().addCookies([{ name: "saved-homes", value: ids.join("."), url: e2eBaseURL() }]);
      await page.setViewportSize({ width: 360, height: 800 });
      await openPage(page, `/favorites?lng=${language.code}`, javaScriptEnabled);
      for (const [index, name] of HOMES.entries()) {
        if (index < 4) await expect(tickOf(page, language, name)).toBeChecked();
        else await expect(tickOf(page, language, name)).not.toBeChecked();
      }
      await tickOf(page, language, HOMES[0]).uncheck();
      await tickOf(page, language, HOMES[5]).check();
      await expectLaidOut(page);
      await page.getByRole("form", { name: language.title }).getByRole("button", { name: language.submit }).click();
      await expectCompared(page, [HOMES[1], HOMES[2], HOMES[3], HOMES[5]]);
    });
  });
}
