import { expect, test } from "./fixtures";
import { checkAtEveryWidth } from "./axe";
import { inLanguage, LANGUAGES } from "./public-pages";
import { mapAtRest } from "./map-at-rest";
import { openPage } from "./support";

// axe-core over the listings map with a home's info window open, in both languages, at a
// phone's and a desktop's width. The map is drawn by JavaScript; without it the map's
// place lists the homes, which a11y-public.spec.ts checks with the home page.

test.describe.configure({ timeout: 90_000 });

for (const lng of LANGUAGES) {
  test(`axe, the listings map open on a home (${lng})`, async ({ page }) => {
    await checkAtEveryWidth(
      page,
      true,
      `the map with an info window (${lng})`,
      async () => {
        await openPage(page, inLanguage("/", lng));
        const aside = page.locator("#properties aside");
        await aside.scrollIntoViewIfNeeded();
        await expect(aside.locator('[data-map-phase="ready"]')).toBeVisible();
        const marker = aside.locator("[data-marker-id]").first();
        // Clusters first: zoom in until a home's own marker is drawn.
        for (let step = 0; step < 6 && !(await marker.isVisible()); step++) {
          await aside.locator(".leaflet-marker-pane [data-count]:not([data-count='1'])").first().click();
          await mapAtRest(aside);
        }
        await marker.click();
        await expect(aside.locator("[data-map-info] a[href^='/properties/']")).toBeVisible();
        await expect(aside.locator("[data-map-info] dl")).toBeVisible();
      },
      "#properties",
    );
  });
}
