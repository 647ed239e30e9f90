import { expect, type Locator } from "@playwright/test";

/**
 * Waits until a Leaflet map has stopped moving: no zoom or pan animation under way.
 * A click while the map still glides (a cluster's zoom, an info window panning itself
 * into view as its photo arrives) can land beside the control it aimed at.
 */
export async function mapAtRest(map: Locator) {
  const pane = map.locator(".leaflet-map-pane");
  await expect(pane).not.toHaveClass(/leaflet-zoom-anim|leaflet-pan-anim/);
  // Twice, a frame apart: an animation that starts on the next frame is caught too.
  await map.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(pane).not.toHaveClass(/leaflet-zoom-anim|leaflet-pan-anim/);
}
