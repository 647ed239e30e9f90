import type { Locator } from "@playwright/test";
import { mapAtRest } from "./map-at-rest";

/** Homes on a listings map: single markers count 1, clusters their size. */
export async function homesOn(map: Locator): Promise<number> {
  const counts = await map.locator(".leaflet-marker-pane [data-count]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-count"))));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Zooms into clusters until a home's own marker ("{name}, {price}") is drawn; returns it. */
export async function homeMarker(map: Locator, label: string): Promise<Locator> {
  const marker = map.getByRole("button", { name: label, exact: true });
  for (let step = 0; step < 6 && !(await marker.isVisible()); step++) {
    await map.locator(".leaflet-marker-pane [data-count]:not([data-count='1'])").first().click();
    await mapAtRest(map);
  }
  return marker;
}
