import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { openPage, withE2eDatabase } from "./support";

/**
 * docs/product.md, "Find and compare by facts", with JavaScript on and off (this file runs
 * in both projects), in both languages, at a phone's width and a desktop's: the filters
 * pets=dogs, availableBy, homeType=double_wide and senior=1, and maxPrice=$90k, against
 * homes made for the test (removed after), each counted in "Filters (n)".
 */

const PREFIX = "Facts Filter";
const HOMES = {
  dogs: `${PREFIX} Dogs Double, Lot 1`,
  senior: `${PREFIX} Cats Senior, Lot 2`,
  later: `${PREFIX} Dogs Later, Lot 3`,
  dear: `${PREFIX} Dogs Dear, Lot 4`,
};

const LANGUAGES = [
  { code: "en", form: "Filter homes", pets: "Pets", dogs: "Dogs allowed", homeType: "Home type", doubleWide: "Double-wide", availableBy: "Available by", senior: "55+ communities only", maxPrice: "Max price ($)", apply: "Apply filters", filters: (n: number) => `Filters (${n})`, list: "Home listings" },
  { code: "es", form: "Filtrar casas", pets: "Mascotas", dogs: "Se permiten perros", homeType: "Tipo de casa", doubleWide: "Doble (double-wide)", availableBy: "Disponible para", senior: "Solo comunidades 55+", maxPrice: "Precio máximo ($)", apply: "Aplicar filtros", filters: (n: number) => `Filtros (${n})`, list: "Listado de casas" },
] as const;

function insertHome(name: string, facts: { price: number; pets: string; homeType: string; senior: boolean; status: string; availableOn?: string }) {
  withE2eDatabase((db) =>
    db
      .prepare(
        `insert into properties (name, location, price, price_amount, price_kind, listing_type, image_url, beds, baths, sqft, description, status, available_on, pets, home_type, senior_community, is_active, first_published_at)
         values (?, 'Odessa, TX 79761', ?, ?, ?, ?, '/objects/demo/home-4.webp', '3', '2', '1,300', 'A home made by a browser test.', ?, ?, ?, ?, ?, 1, ?)`,
      )
      .run(name, `$${facts.price.toLocaleString("en-US")}`, facts.price, facts.price > 20_000 ? "sale" : "rent", facts.price > 20_000 ? "sale" : "rent", facts.status, facts.availableOn ?? null, facts.pets, facts.homeType, facts.senior ? 1 : 0, Date.now()),
  );
}

const CHIPS_PREFIX = "Pet Chips";
const CHIP_HOMES = { cats: `${CHIPS_PREFIX} Cats, Lot 5`, none: `${CHIPS_PREFIX} None, Lot 6`, sale: `${CHIPS_PREFIX} Sale, Lot 7` };

function removeTestHomes() {
  withE2eDatabase((db) => {
    db.prepare("delete from properties where name like ?").run(`${PREFIX}%`);
    db.prepare("delete from properties where name like ?").run(`${CHIPS_PREFIX}%`);
  });
}

test.beforeAll(() => {
  removeTestHomes();
  insertHome(HOMES.dogs, { price: 74_000, pets: "dogs", homeType: "double_wide", senior: true, status: "available" });
  insertHome(HOMES.senior, { price: 68_000, pets: "cats", homeType: "double_wide", senior: true, status: "available" });
  insertHome(HOMES.later, { price: 71_000, pets: "cats_and_dogs", homeType: "double_wide", senior: true, status: "coming_soon", availableOn: "2099-06-01" });
  insertHome(HOMES.dear, { price: 120_000, pets: "dogs", homeType: "double_wide", senior: true, status: "available" });
  insertHome(CHIP_HOMES.cats, { price: 1_050, pets: "cats", homeType: "single_wide", senior: false, status: "available" });
  insertHome(CHIP_HOMES.none, { price: 990, pets: "none", homeType: "single_wide", senior: false, status: "pending" });
  insertHome(CHIP_HOMES.sale, { price: 64_000, pets: "dogs", homeType: "single_wide", senior: false, status: "available" });
});
test.afterAll(removeTestHomes);

async function send(page: Page, javaScriptEnabled: boolean, apply: string) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: apply }).click();
}

for (const language of LANGUAGES) {
  for (const width of [360, 1366]) {
    test(`${language.code} at ${width} px: pets, home type, 55+, available by and $90k narrow the list, each counted`, async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width, height: 900 });
      await openPage(page, `/properties?q=${encodeURIComponent(PREFIX)}&lng=${language.code}`, javaScriptEnabled);
      const summary = page.locator("summary");
      if (width < 768) await summary.click();
      const form = page.getByRole("search", { name: language.form });
      await form.getByLabel(language.pets).selectOption({ label: language.dogs });
      await send(page, javaScriptEnabled, language.apply);
      await expect(page).toHaveURL(/pets=dogs/);
      if (width < 768 && !javaScriptEnabled) await summary.click();
      await form.getByLabel(language.homeType).selectOption({ label: language.doubleWide });
      await send(page, javaScriptEnabled, language.apply);
      await expect(page).toHaveURL(/homeType=double_wide/);
      if (width < 768 && !javaScriptEnabled) await summary.click();
      await form.getByLabel(language.senior).check();
      await form.getByLabel(language.availableBy).fill("2030-01-01");
      await form.getByLabel(language.maxPrice).fill("$90k");
      await send(page, javaScriptEnabled, language.apply);
      await expect(page).toHaveURL(/\/properties\?q=Facts\+Filter&maxPrice=90000&pets=dogs&homeType=double_wide&senior=1&availableBy=2030-01-01/);
      await expect(page.getByRole("list", { name: language.list }).getByRole("heading", { level: 3 })).toHaveText([HOMES.dogs]);
      if (width < 768) await expect(summary).toContainText(language.filters(6));
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page)).toEqual([]);
    });
  }
}

const CHIPS = {
  en: { cats: "Pets: cats", none: "No pets", pending: "Application pending" },
  es: { cats: "Mascotas: gatos", none: "Sin mascotas", pending: "Solicitud en trámite" },
} as const;

for (const language of LANGUAGES) {
  test(`${language.code} at 360 px: a rental's card names its pets rule beside its status; a sale's card does not`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 360, height: 900 });
    await openPage(page, `/properties?q=${encodeURIComponent(CHIPS_PREFIX)}&lng=${language.code}`, javaScriptEnabled);
    const cards = page.getByRole("list", { name: language.list }).getByRole("article");
    await expect(cards).toHaveCount(3);
    const chips = CHIPS[language.code];
    const card = (name: string) => cards.filter({ has: page.getByRole("heading", { name }) });
    await expect(card(CHIP_HOMES.cats)).toContainText(chips.cats);
    await expect(card(CHIP_HOMES.none)).toContainText(chips.pending);
    await expect(card(CHIP_HOMES.none)).toContainText(chips.none);
    await expect(card(CHIP_HOMES.sale)).not.toContainText(language.pets);
    expect(await layoutProblems(page)).toEqual([]);
  });
}
