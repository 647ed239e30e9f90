import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { layoutProblems } from "./layout-checks";
import { homeMarker, homesOn } from "./listings-map";
import { mapAtRest } from "./map-at-rest";
import { openPage, quietPeriod } from "./support";

// /properties' map with JavaScript (docs/product.md, "The map beside the results"), on the
// demo homes: near Grand Prairie, TX within 25 miles are Trinity Meadows (Arlington, 5.7
// mi), Cedar Ridge (Mansfield), Lakeview (Grapevine) and Oak Hollow (Fort Worth, 24 mi).
// Tiles come from the local tile server of global-setup.ts.

const NEAR = "/properties?near=Grand+Prairie%2C+TX&within=25";
const TRINITY = { name: "Trinity Meadows, Lot 9", price: "$1,050/month" };

const resultsMap = (page: Page, name = "Map of these homes") => page.getByRole("region", { name });
const cards = (page: Page, name = "Home listings") => page.getByRole("list", { name }).getByRole("heading", { level: 3 });

/** Records the map code's chunk being fetched. */
function mapChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("leaflet-maps")) chunks.push(request.url());
  });
  return chunks;
}

async function mapReady(page: Page, name?: string) {
  await page.locator("#results-map").scrollIntoViewIfNeeded();
  await expect(page.locator('#results-map [data-map-phase="ready"]')).toBeVisible();
  await expect(resultsMap(page, name).locator("[data-count]").first()).toBeVisible();
  await mapAtRest(resultsMap(page, name));
}

test.describe("the map beside /properties' results", () => {
  test("on a wide screen it shows the list's homes beside it and follows the filters", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPage(page, NEAR);
    await mapReady(page);
    await expect.poll(() => homesOn(resultsMap(page))).toBe(4);
    // Beside the cards, not under them.
    const [list, map] = [await page.locator(".results-list").boundingBox(), await page.locator("#results-map").boundingBox()];
    expect(map!.x).toBeGreaterThan(list!.x + list!.width - 1);

    await page.locator("summary").first().evaluate((summary) => ((summary.parentElement as HTMLDetailsElement).open = true));
    await page.getByLabel("Within").selectOption({ label: "10 miles" });
    await expect(page).toHaveURL(/within=10$/);
    await expect.poll(() => homesOn(resultsMap(page))).toBe(1);
  });

  test("a marker opens the home's details, and Back returns to the list", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPage(page, NEAR);
    await mapReady(page);
    await (await homeMarker(resultsMap(page), `${TRINITY.name}, ${TRINITY.price}`)).click();
    const info = page.getByRole("dialog", { name: TRINITY.name });
    await expect(info).toBeVisible();
    await mapAtRest(resultsMap(page));
    await info.getByRole("link", { name: new RegExp(`^View Details\\W+${TRINITY.name}$`) }).click();
    const details = page.getByRole("dialog", { name: TRINITY.name }).and(page.locator('[aria-modal="true"]'));
    await expect(details).toBeVisible();
    await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
    await page.goBack();
    await expect(details).toBeHidden();
    await expect(page).toHaveURL(/\/properties\?near=Grand\+Prairie%2C\+TX&within=25$/);
    await expect(cards(page)).toHaveCount(4);
  });

  test("'Search this area' after moving the map searches around its centre, within its radius", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openPage(page, NEAR);
    await mapReady(page);
    const searchArea = resultsMap(page).getByRole("button", { name: "Search this area" });
    // Not for the map's own fit.
    await expect(searchArea).toHaveCount(0);
    const box = (await page.locator("#results-map .leaflet-container").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await searchArea.click();
    // The centre read as the closest town; the first distance that covers the map.
    await expect(page).toHaveURL(/\/properties\?near=[^&]+%2C\+TX&within=(5|10|25|50|any)$/);
    await expect(page).not.toHaveURL(/near=Grand\+Prairie/);
    const near = decodeURIComponent(new URL(page.url()).searchParams.get("near") ?? "");
    await expect(page.getByText(new RegExp(`mi from ${near.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)).first()).toBeVisible();
  });

  test("on a phone the map waits behind 'Lista / Mapa' until chosen, in Spanish, and fits", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const chunks = mapChunks(page);
    await openPage(page, `${NEAR}&lng=es`);
    const list = cards(page, "Listado de casas");
    await expect(list).toHaveCount(4);
    await expect(page.locator("#results-map")).toBeHidden();
    await quietPeriod(page, 300);
    expect(chunks).toEqual([]);

    await page.getByText("Mapa", { exact: true }).click();
    await expect(list.first()).toBeHidden();
    await mapReady(page, "Mapa de estas casas");
    expect(chunks).toHaveLength(1);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await layoutProblems(page), `map at ${width} px`).toEqual([]);
    }
    await expectNoAxeViolations(page, "/properties near a place, map shown, es at 390 px", { javaScriptEnabled: true });

    await page.getByText("Lista", { exact: true }).click();
    await expect(list.first()).toBeVisible();
    await expect(page.locator("#results-map")).toBeHidden();
  });
});
