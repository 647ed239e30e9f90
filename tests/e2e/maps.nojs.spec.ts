import { expect, test } from "./fixtures";
import { openPage } from "./support";

// The map's place without JavaScript: the homes with their locations, linking to their
// pages and to their spots in OpenStreetMap, and not a byte of the map's code.

test.describe("the maps without JavaScript", () => {
  test("the home page lists where the homes are, each linking to its page, and loads no map code", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const response = await openPage(page, "/", false);
    const html = (await response?.text()) ?? "";
    expect(html).not.toMatch(/leaflet/i);

    const place = page.getByRole("complementary", { name: "Map of available homes" });
    const cards = page.getByRole("list", { name: "Home listings" }).getByRole("article");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const links = place.getByRole("link").filter({ hasNotText: "OpenStreetMap" });
    await expect(links).toHaveCount(count);
    for (let i = 0; i < count; i++) {
      // Its text, whether or not the card is drawn yet (a card off the screen is laid out only near it).
      const name = ((await cards.nth(i).getByRole("heading").textContent()) ?? "").trim();
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const link = place.getByRole("link", { name: new RegExp(`^${escaped}`) });
      await expect(link).toHaveAttribute("href", /^\/properties\/\d+$/);
      await expect(link).toContainText(/, TX \d{5}/);
      // Beside it, the home's spot on a map that needs no script.
      const onMap = place.getByRole("link", { name: new RegExp(`^Open in OpenStreetMap\\W+${escaped} \\(opens in a new tab\\)$`) });
      await expect(onMap).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?\d+(\.\d+)?&mlon=-?\d+(\.\d+)?#map=15\//);
    }
    await place.scrollIntoViewIfNeeded();
    await links.first().click();
    await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
    // The home's small map: never an empty box, its place and a map that needs no script.
    const spot = page.locator("[data-map-fallback]");
    await expect(spot).toContainText(/, TX \d{5}/);
    await expect(spot.getByRole("link", { name: /^Open in OpenStreetMap \(opens in a new tab\)$/ })).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\//);
    expect(requested.filter((path) => /leaflet|map-markers|maps-api-key/.test(path))).toEqual([]);
  });
});
