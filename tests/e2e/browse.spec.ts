import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { openPage } from "./support";

// /properties with JavaScript and without it (this file runs in both projects), in English
// and Spanish, on the demo homes (app/seed/demo-content.ts), read-only. The six active ones:
const TRINITY = "Trinity Meadows, Lot 9"; // $1,050/month, 2 beds, 1.5 baths, Arlington
const PECAN = "Pecan Grove Village, Home 3"; // $64,500, 3 beds, 2 baths, Weatherford
const BLUEBONNET = "Bluebonnet Park, Lot 22"; // $1,295/month, 4 beds, 2 baths, Denton
const LAKEVIEW = "Lakeview Studio Cottage"; // $795/month, Studio, 1 bath, Grapevine
const CEDAR = "Cedar Ridge Estates, Home 7"; // $89,900, 2+ beds, 2 baths, Mansfield
const OAK = "Oak Hollow Community, Lot 14"; // $1,150/month, 3 beds, 2 baths, Fort Worth
// Added in this order: the newest first is the reverse.
const NEWEST = [TRINITY, PECAN, BLUEBONNET, LAKEVIEW, CEDAR, OAK];

const LANGUAGES = [
  {
    code: "en",
    title: "All available homes",
    list: "Home listings",
    search: "Name or location",
    minPrice: "Min price ($)",
    maxPrice: "Max price ($)",
    beds: "Beds",
    baths: "Baths",
    sort: "Sort by",
    any: "Any",
    newest: "Newest",
    priceAsc: "Price: low to high",
    priceDesc: "Price: high to low",
    apply: "Apply filters",
    clear: "Clear filters",
    count: (n: number) => (n === 1 ? "1 home" : `1–${n} of ${n} homes`),
    empty: "No homes match these filters.",
    browseAll: "Browse all homes",
    viewDetails: "View Details",
    oakPrice: "$1,150/month",
    filters: "Filters",
    unreadable: (value: string) => `“${value}” is not a price we can read, so the list does not use it. Write it like 90000, 90,000 or $90k.`,
    rent: "Rent",
    buy: "Buy",
    forSale: "For sale",
    near: "Near",
    within: "Within",
    tenMiles: "10 miles",
    nearest: "Nearest first",
    trinityDistance: "5.7 mi from Grand Prairie, TX",
    oakDistance: "24 mi from Grand Prairie, TX",
    placeUnknown: "We could not find the place “Grand Prarie”, so the list is not narrowed by place.",
    didYouMean: "Did you mean Grand Prairie, TX?",
    emptiedBy: "This filter empties the list: Within 5 miles of Grand Prairie, TX.",
    wider: "1 home within 10 miles",
    withoutPlace: "Without “Within 5 miles of Grand Prairie, TX”: 6 homes",
    alerts: "Get alerts for this search",
    viewMap: "Map",
  },
  {
    code: "es",
    title: "Todas las casas disponibles",
    list: "Listado de casas",
    search: "Nombre o ubicación",
    minPrice: "Precio mínimo ($)",
    maxPrice: "Precio máximo ($)",
    beds: "Recámaras",
    baths: "Baños",
    sort: "Ordenar por",
    any: "Cualquiera",
    newest: "Más recientes",
    priceAsc: "Precio: de menor a mayor",
    priceDesc: "Precio: de mayor a menor",
    apply: "Aplicar filtros",
    clear: "Borrar filtros",
    count: (n: number) => (n === 1 ? "1 casa" : `1–${n} de ${n} casas`),
    empty: "Ninguna casa coincide con estos filtros.",
    browseAll: "Explorar todas las casas",
    viewDetails: "Ver detalles",
    oakPrice: "$1,150 al mes",
    filters: "Filtros",
    unreadable: (value: string) => `No podemos leer “${value}” como precio, así que la lista no lo usa. Escríbalo como 90000, 90,000 o $90k.`,
    rent: "Rentar",
    buy: "Comprar",
    forSale: "En venta",
    near: "Cerca de",
    within: "A menos de",
    tenMiles: "10 millas",
    nearest: "Más cercanas primero",
    trinityDistance: "a 5.7 millas de Grand Prairie, TX",
    oakDistance: "a 24 millas de Grand Prairie, TX",
    placeUnknown: "No encontramos el lugar “Grand Prarie”, así que la lista no se limita por lugar.",
    didYouMean: "¿Quiso decir Grand Prairie, TX?",
    emptiedBy: "Este filtro deja la lista vacía: A menos de 5 millas de Grand Prairie, TX.",
    wider: "1 casa a menos de 10 millas",
    withoutPlace: "Sin “A menos de 5 millas de Grand Prairie, TX”: 6 casas",
    alerts: "Recibir alertas de esta búsqueda",
    viewMap: "Mapa",
  },
] as const;
type Texts = (typeof LANGUAGES)[number];

/** The cards' names, in order. */
const cards = (page: Page, texts: Texts) => page.getByRole("list", { name: texts.list }).getByRole("heading", { level: 3 });
const results = (page: Page) => page.locator("#results-count");

/**
 * Sends the form: without JavaScript through its button (and the server's redirect to the
 * query's one URL); with it the list follows the fields by itself, in the same page (a
 * marker set on window survives), and the URL keeps in step.
 */
async function expectList(page: Page, javaScriptEnabled: boolean, texts: Texts, url: RegExp, names: string[]) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: texts.apply }).click();
  await expect(page).toHaveURL(url);
  await expect(cards(page, texts)).toHaveText(names);
  await expect(results(page)).toHaveText(texts.count(names.length));
  if (javaScriptEnabled) expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
}

async function openBrowse(page: Page, javaScriptEnabled: boolean, texts: Texts) {
  const response = await openPage(page, `/properties?lng=${texts.code}`, javaScriptEnabled);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.title);
  if (javaScriptEnabled) await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
}

for (const texts of LANGUAGES) {
  test.describe(`/properties in ${texts.code}`, () => {
    test("reads a price as people write it ($1.2k, 1,200), and says so when it cannot", async ({ page, javaScriptEnabled }) => {
      await openBrowse(page, javaScriptEnabled, texts);
      const form = page.getByRole("search", { name: texts.code === "en" ? "Filter homes" : "Filtrar casas" });
      await form.getByLabel(texts.maxPrice).fill("$1.2k");
      await expectList(page, javaScriptEnabled, texts, /\/properties\?maxPrice=1200$/, [TRINITY, LAKEVIEW, OAK]);
      await form.getByLabel(texts.maxPrice).fill("1,200");
      if (!javaScriptEnabled) await page.getByRole("button", { name: texts.apply }).click();
      await expect(page).toHaveURL(/\/properties\?maxPrice=1200$/);
      await form.getByLabel(texts.maxPrice).fill("lots");
      if (!javaScriptEnabled) await page.getByRole("button", { name: texts.apply }).click();
      await expect(page).toHaveURL(/\/properties\?maxPrice=lots$/);
      await expect(page.getByText(texts.unreadable("lots"), { exact: true })).toBeVisible();
      await expect(form.getByLabel(texts.maxPrice)).toHaveValue("lots");
      await expect(form.getByLabel(texts.maxPrice)).toHaveAttribute("aria-invalid", "true");
      // Left out, it narrows nothing.
      await expect(results(page)).toHaveText(texts.count(6));
    });

    test("lists every active home, newest first, and filters by beds, price range and text", async ({ page, javaScriptEnabled }) => {
      await openBrowse(page, javaScriptEnabled, texts);
      await expect(cards(page, texts)).toHaveText(NEWEST);
      await expect(results(page)).toHaveText(texts.count(6));
      await expect(page).toHaveTitle(new RegExp(`^${texts.title} \\|`));

      const form = page.getByRole("search", { name: texts.code === "en" ? "Filter homes" : "Filtrar casas" });
      await form.getByLabel(texts.beds).selectOption({ label: "2+" });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?beds=2$/, [TRINITY, PECAN, BLUEBONNET, CEDAR, OAK]);

      await form.getByLabel(texts.baths).selectOption({ label: "2+" });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?beds=2&baths=2$/, [PECAN, BLUEBONNET, CEDAR, OAK]);

      await form.getByLabel(texts.minPrice).fill("800");
      await form.getByLabel(texts.maxPrice).fill("1200");
      await expectList(page, javaScriptEnabled, texts, /\/properties\?minPrice=800&maxPrice=1200&beds=2&baths=2$/, [OAK]);

      await form.getByLabel(texts.baths).selectOption({ label: texts.any });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?minPrice=800&maxPrice=1200&beds=2$/, [TRINITY, OAK]);
      await expect(page.getByRole("article", { name: OAK })).toContainText(texts.oakPrice);

      await form.getByLabel(texts.beds).selectOption({ label: texts.any });
      await form.getByLabel(texts.minPrice).fill("");
      await form.getByLabel(texts.maxPrice).fill("");
      await form.getByLabel(texts.search).fill("lot");
      await expectList(page, javaScriptEnabled, texts, /\/properties\?q=lot$/, [TRINITY, BLUEBONNET, OAK]);

      await form.getByLabel(texts.search).fill("DENTON");
      await expectList(page, javaScriptEnabled, texts, /\/properties\?q=DENTON$/, [BLUEBONNET]);

      // Nothing matches: the empty state, and Clear filters goes back to every home.
      await form.getByLabel(texts.search).fill("Prairie View");
      if (!javaScriptEnabled) await page.getByRole("button", { name: texts.apply }).click();
      await expect(page).toHaveURL(/\/properties\?q=Prairie\+View$/);
      await expect(results(page)).toHaveText(texts.empty);
      await expect(cards(page, texts)).toHaveCount(0);
      await page.locator("#results").getByRole("link", { name: texts.clear }).click();
      await expect(page).toHaveURL(/\/properties$/);
      await expect(cards(page, texts)).toHaveText(NEWEST);
      await expect(form.getByLabel(texts.search)).toHaveValue("");
    });

    test("sorts by price both ways and by newest, alone and with a filter", async ({ page, javaScriptEnabled }) => {
      await openBrowse(page, javaScriptEnabled, texts);
      const sort = page.getByLabel(texts.sort);
      // The default order (newest first without a place) is the blank choice.
      await expect(sort).toHaveValue("");
      await expect(sort.locator("option:checked")).toHaveText(texts.newest);

      await sort.selectOption({ label: texts.priceAsc });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?sort=price-asc$/, [LAKEVIEW, TRINITY, OAK, BLUEBONNET, PECAN, CEDAR]);

      await sort.selectOption({ label: texts.priceDesc });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?sort=price-desc$/, [CEDAR, PECAN, BLUEBONNET, OAK, TRINITY, LAKEVIEW]);

      await page.getByLabel(texts.beds).selectOption({ label: "3+" });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?beds=3&sort=price-desc$/, [PECAN, BLUEBONNET, OAK]);

      await sort.selectOption({ label: texts.priceAsc });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?beds=3&sort=price-asc$/, [OAK, BLUEBONNET, PECAN]);

      await sort.selectOption({ label: texts.newest });
      await expectList(page, javaScriptEnabled, texts, /\/properties\?beds=3$/, [PECAN, BLUEBONNET, OAK]);
    });

    test("a shared URL opens with its filters in the form, and the home page links here", async ({ page, javaScriptEnabled }) => {
      await openPage(page, `/?lng=${texts.code}`, javaScriptEnabled);
      await page.getByRole("link", { name: texts.browseAll }).click();
      await expect(page).toHaveURL(/\/properties$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.title);
      await expect(cards(page, texts)).toHaveCount(6);

      await openPage(page, "/properties?q=Lot&minPrice=1000&beds=2&sort=price-desc", javaScriptEnabled);
      await expect(cards(page, texts)).toHaveText([BLUEBONNET, OAK, TRINITY]);
      await expect(page.getByLabel(texts.search)).toHaveValue("Lot");
      await expect(page.getByLabel(texts.minPrice)).toHaveValue("1000");
      await expect(page.getByLabel(texts.maxPrice)).toHaveValue("");
      await expect(page.getByLabel(texts.beds)).toHaveValue("2");
      await expect(page.getByLabel(texts.sort)).toHaveValue("price-desc");
    });

    test("on a phone: the filters fold behind 'Filters (n)' with the count of results first, and Rent / Buy splits rents from sales", async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await openBrowse(page, javaScriptEnabled, texts);
      const summary = page.locator("summary");
      const search = page.getByLabel(texts.search);
      await expect(summary).toHaveText(texts.filters);
      await expect(search).toBeHidden();
      // The count of results is on the first screen, above the cards.
      await expect(results(page)).toBeInViewport();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        expect(await layoutProblems(page), `folded at ${width} px`).toEqual([]);
      }

      await summary.click();
      await expect(search).toBeVisible();
      await page.getByRole("radio", { name: texts.buy, exact: true }).check();
      await expectList(page, javaScriptEnabled, texts, /\/properties\?kind=sale$/, [PECAN, CEDAR]);
      await expect(page.getByRole("article", { name: PECAN })).toContainText(`${texts.forSale} $64,500`);
      await expect(summary).toHaveText(`${texts.filters} (1)`);
      if (javaScriptEnabled) {
        // The form stays open while the person uses it.
        await expect(search).toBeVisible();
      } else {
        // A new page: folded again, its count of filters and of results on the first screen.
        await expect(search).toBeHidden();
        await expect(results(page)).toBeInViewport();
        await summary.click();
      }
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await layoutProblems(page), `open at ${width} px`).toEqual([]);
      }
      await expectNoAxeViolations(page, `/properties?kind=sale in ${texts.code} at 390 px, filters open`, { javaScriptEnabled });

      await page.getByRole("radio", { name: texts.rent, exact: true }).check();
      await expectList(page, javaScriptEnabled, texts, /\/properties\?kind=rent$/, [TRINITY, BLUEBONNET, LAKEVIEW, OAK]);
      await expect(page.getByText(texts.forSale, { exact: true })).toHaveCount(0);

      // "Apply filters" folds them, with JavaScript as without, the count of results in view.
      if (!(await search.isVisible())) await summary.click();
      await page.getByRole("button", { name: texts.apply }).scrollIntoViewIfNeeded();
      await page.getByRole("button", { name: texts.apply }).click();
      await expect(search).toBeHidden();
      await expect(results(page)).toBeInViewport();
      await expect(summary).toHaveText(`${texts.filters} (1)`);
    });

    for (const width of [360, 1366]) {
      test(`near a place at ${width} px: the homes within its miles, nearest first with their distances, a misspelling's way on, the language switch`, async ({
        page,
        javaScriptEnabled,
      }) => {
        const phone = width < 768;
        await page.setViewportSize({ width, height: phone ? 740 : 900 });
        await openBrowse(page, javaScriptEnabled, texts);
        // On a phone the filters are folded, and fold again after each page load.
        const unfold = async () => {
          if (phone && !(await page.locator("details").first().evaluate((details) => (details as HTMLDetailsElement).open))) await page.locator("summary").click();
        };
        await unfold();
        const form = page.getByRole("search", { name: texts.code === "en" ? "Filter homes" : "Filtrar casas" });
        // A town between Dallas and Fort Worth with no listing of its own.
        await form.getByLabel(texts.near).fill("grand prairie");
        if (!javaScriptEnabled) await page.getByRole("button", { name: texts.apply }).click();
        await expect(page).toHaveURL(/\/properties\?near=Grand\+Prairie%2C\+TX&within=25$/);
        await expect(cards(page, texts)).toHaveText([TRINITY, CEDAR, LAKEVIEW, OAK]);
        await expect(page.getByRole("article", { name: TRINITY })).toContainText(texts.trinityDistance);
        await expect(page.getByRole("article", { name: OAK })).toContainText(texts.oakDistance);
        await unfold();
        await expect(form.getByLabel(texts.near)).toHaveValue(javaScriptEnabled ? "grand prairie" : "Grand Prairie, TX");
        await expect(form.getByLabel(texts.sort).locator("option:checked")).toHaveText(texts.nearest);
        if (phone) {
          for (const phoneWidth of [320, 390]) {
            await page.setViewportSize({ width: phoneWidth, height: 740 });
            expect(await layoutProblems(page), `near a place at ${phoneWidth} px`).toEqual([]);
          }
        }

        await form.getByLabel(texts.within).selectOption({ label: texts.tenMiles });
        await expectList(page, javaScriptEnabled, texts, /\/properties\?near=Grand\+Prairie%2C\+TX&within=10$/, [TRINITY]);

        // A misspelling narrows nothing, says so, and offers the town it may be.
        await unfold();
        await form.getByLabel(texts.near).fill("Grand Prarie");
        if (!javaScriptEnabled) await page.getByRole("button", { name: texts.apply }).click();
        await expect(page.getByText(texts.placeUnknown, { exact: true })).toBeVisible();
        await expect(results(page)).toHaveText(texts.count(6));
        await expectNoAxeViolations(page, `/properties?near=Grand+Prarie in ${texts.code} at ${width} px`, { javaScriptEnabled });
        await page.getByRole("link", { name: texts.didYouMean }).click();
        await expect(page).toHaveURL(/\/properties\?near=Grand\+Prairie%2C\+TX&within=10$/);
        await expect(cards(page, texts)).toHaveText([TRINITY]);

        // The other language keeps the place and its miles.
        const other = LANGUAGES.find((language) => language.code !== texts.code)!;
        await page.getByRole("button", { name: new RegExp(`^${other.code.toUpperCase()}\\b`) }).click();
        await expect(page).toHaveURL(new RegExp(`/properties\\?near=Grand\\+Prairie%2C\\+TX&within=10&lng=${other.code}$`));
        await expect(page.getByRole("article", { name: TRINITY })).toContainText(other.trinityDistance);
      });
    }

    test("nothing found: the filter that empties the list, the nearest homes beyond the miles, and the search without it", async ({ page, javaScriptEnabled }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await openPage(page, `/properties?near=Grand+Prairie%2C+TX&within=5&lng=${texts.code}`, javaScriptEnabled);
      await expect(results(page)).toHaveText(texts.empty);
      await expect(page.getByText(texts.emptiedBy, { exact: true })).toBeVisible();
      await expect(page.locator("#results").getByRole("link", { name: texts.withoutPlace })).toHaveAttribute("href", "/properties");
      await expect(page.locator("#results").getByRole("link", { name: texts.alerts })).toHaveAttribute("href", "#alerts");
      await expect(page.getByRole("heading", { level: 2, name: texts.alerts })).toBeVisible();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        expect(await layoutProblems(page), `nothing found at ${width} px`).toEqual([]);
      }
      await expectNoAxeViolations(page, `/properties with nothing within 5 miles in ${texts.code} at 390 px`, { javaScriptEnabled });
      await page.getByRole("link", { name: texts.wider }).click();
      await expect(page).toHaveURL(/\/properties\?near=Grand\+Prairie%2C\+TX&within=10$/);
      await expect(cards(page, texts)).toHaveText([TRINITY]);
      await expect(page.getByRole("article", { name: TRINITY })).toContainText(texts.trinityDistance);
    });

    test("the map's place: beside the list on a wide screen, behind 'List / Map' on a phone, each home's OpenStreetMap link without JavaScript", async ({
      page,
      javaScriptEnabled,
    }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await openPage(page, `/properties?near=Grand+Prairie%2C+TX&within=25&lng=${texts.code}`, javaScriptEnabled);
      const place = page.locator("#results-map");
      await expect(place).toBeVisible();
      if (!javaScriptEnabled) await expect(place.locator('a[href^="https://www.openstreetmap.org/"]')).toHaveCount(4);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(place).toBeHidden();
      await expect(cards(page, texts)).toHaveCount(4);
      await page.getByText(texts.viewMap, { exact: true }).click();
      await expect(place).toBeVisible();
      await expect(cards(page, texts).first()).toBeHidden();
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 740 });
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await layoutProblems(page), `map's place at ${width} px`).toEqual([]);
      }
      if (!javaScriptEnabled) await expectNoAxeViolations(page, `/properties map's place without JavaScript in ${texts.code} at 390 px`, { javaScriptEnabled });
    });

    test("View Details shows the home's details", async ({ page, javaScriptEnabled }) => {
      await openBrowse(page, javaScriptEnabled, texts);
      await page.getByRole("link", { name: new RegExp(`^${texts.viewDetails}\\W+Oak Hollow Community, Lot 14$`) }).click();
      // With JavaScript a dialog over the list; without it, the home's own page.
      const details = javaScriptEnabled ? page.getByRole("dialog", { name: OAK }) : page.getByRole("article", { name: OAK });
      await expect(details).toBeVisible();
      await expect(details).toContainText(texts.oakPrice);
      await expect(details).toContainText("Fort Worth, TX 76116");
      // Either way the address is the home's own page.
      await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
    });
  });
}
