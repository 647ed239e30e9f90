import { expect, test } from "./fixtures";
import { openPage } from "./support";

// The map's place without JavaScript: the homes with their locations, linking to their
// pages, and not a byte of the map's code.

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
    const links = place.getByRole("link");
    await expect(links).toHaveCount(count);
    for (let i = 0; i < count; i++) {
      const name = (await cards.nth(i).getByRole("heading").innerText()).trim();
      const link = place.getByRole("link", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
      await expect(link).toHaveAttribute("href", /^\/properties\/\d+$/);
      await expect(link).toContainText(/, TX \d{5}/);
    }
    await place.scrollIntoViewIfNeeded();
    await links.first().click();
    await expect(page).toHaveURL(/\/properties\/\d+$/);
    await expect(page.getByText("Turn on JavaScript to see this home on a map.")).toBeVisible();
    expect(requested.filter((path) => /leaflet|map-markers|maps-api-key/.test(path))).toEqual([]);
  });
});
