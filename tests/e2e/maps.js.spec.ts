import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { mapAtRest } from "./map-at-rest";
import { homeMarker, homesOn } from "./listings-map";
import { openPage, quietPeriod, withE2eDatabase } from "./support";

// The maps, with JavaScript: the listings map beside the cards and the small map of one
// home. Tiles come from the local tile server of global-setup.ts (MAP_TILE_URL).

type Home = { id: number; name: string; location: string; latitude: number | null; longitude: number | null; price: string };

/** The active homes, read from the e2e server's database. */
function activeHomes(): Home[] {
  return withE2eDatabase(
    (db) => db.prepare("select id, name, location, latitude, longitude, price from properties where is_active = 1 order by created_at, id").all() as Home[],
    { readonly: true, fileMustExist: true },
  );
}

/** An active home without coordinates, added for one test (the demo homes all have them) and removed after it. */
function addHomeWithoutCoordinates(): { id: number; name: string } {
  const name = "Unmapped Meadows, Lot 1";
  const now = Date.now();
  const { lastInsertRowid } = withE2eDatabase(
    (db) =>
      db
        .prepare(
          `insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at)
         values (?, 'Somewhere, TX', '$900/month', '/images/placeholder.svg', '2', '1', '900', 'A home with no coordinates.', 1, ?, ?)`,
        )
        .run(name, now, now),
    { fileMustExist: true },
  );
  return { id: Number(lastInsertRowid), name };
}

function removeHome(id: number) {
  withE2eDatabase((db) => db.prepare("delete from properties where id = ?").run(id), { fileMustExist: true });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** "View Details", then (for screen readers) the home's name. */
const viewDetails = (label: string, name: string) => new RegExp(`^${escaped(label)}\\W+${escaped(name)}$`);

const withCoordinates = (homes: Home[]) => homes.filter((home) => home.latitude !== null && home.longitude !== null);

const listingsMap = (page: Page) => page.getByRole("region", { name: "Map of available homes" });

/** Scrolls to the listings map and waits until it is drawn. */
async function openListingsMap(page: Page) {
  await page.locator("#properties aside").scrollIntoViewIfNeeded();
  await expect(page.locator('#properties [data-map-phase="ready"]')).toBeVisible();
  await expect(listingsMap(page).locator("[data-count]").first()).toBeVisible();
}

/** Homes on the map: single markers count 1, clusters their size. */
const homesOnMap = (page: Page) => homesOn(listingsMap(page));

/** Zooms into clusters until the home's own marker is drawn; returns it. */
const markerOf = (page: Page, home: Home) => homeMarker(listingsMap(page), `${home.name}, ${home.price}`);

test.describe("the listings map", () => {
  test("does not load until it nears the viewport, then shows every active home with coordinates", async ({ page }) => {
    const chunks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("leaflet-maps")) chunks.push(request.url());
    });
    await openPage(page, "/");
    // The hero fills the first screen: the map's code has not been fetched.
    await quietPeriod(page, 300);
    expect(chunks).toEqual([]);
    await expect(page.locator("#properties [data-map-fallback]")).toBeAttached();

    await openListingsMap(page);
    expect(chunks).toHaveLength(1);
    const homes = activeHomes();
    await expect.poll(() => homesOnMap(page)).toBe(withCoordinates(homes).length);
    // Tiles from MAP_TILE_URL, with its attribution.
    await expect(listingsMap(page).locator("img.leaflet-tile-loaded").first()).toBeAttached();
    expect(await listingsMap(page).locator("img.leaflet-tile").first().getAttribute("src")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\d+\/\d+\/\d+\.png$/);
    await expect(listingsMap(page).locator(".leaflet-control-attribution")).toContainText("OpenStreetMap");
  });

  test("a marker opens the info window, whose View Details opens the details with their map", async ({ page }) => {
    await openPage(page, "/");
    await openListingsMap(page);
    // A home beyond the first three cards: the info window fetches what the map lacks.
    const home = withCoordinates(activeHomes())[4];
    await (await markerOf(page, home)).click();
    const info = page.getByRole("dialog", { name: home.name });
    await expect(info).toBeVisible();
    await expect(info).toContainText(home.location);
    await expect(info).toContainText(home.price);
    await expect(info).toContainText(/Beds\s*\S+/);
    await expect(info).toContainText(/Baths\s*\S+/);
    await expect(info).toContainText(/Sq Ft\s*\S+/);
    await expect(info.locator("img")).toHaveJSProperty("complete", true);
    await mapAtRest(listingsMap(page));

    await info.getByRole("link", { name: viewDetails("View Details", home.name) }).click();
    const details = page.getByRole("dialog", { name: home.name }).and(page.locator('[aria-modal="true"]'));
    await expect(details).toBeVisible();
    await expect(page).toHaveURL(/\/properties\/\d+(\?from=[^#]*)?$/);
    // It loads as the dialog scrolls down to it.
    await details.locator("[data-map-phase]").scrollIntoViewIfNeeded();
    const placeMap = details.getByRole("region", { name: `Map of ${home.location}` });
    await expect(placeMap.locator(".leaflet-marker-pane [data-count]")).toHaveCount(1);
    await expect(placeMap.locator(".leaflet-container")).toHaveAttribute("class", /leaflet-container/);
  });

  test("View Details pressed before the home's details arrive still opens them over the page", async ({ page }) => {
    await openPage(page, "/");
    await openListingsMap(page);
    const home = withCoordinates(activeHomes())[5];
    // The info window's request for the home is held until View Details has been pressed.
    let release!: () => void;
    const pressed = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`/api/properties/${home.id}$`), async (route) => {
      await pressed;
      await route.continue();
    });
    await (await markerOf(page, home)).click();
    const info = page.getByRole("dialog", { name: home.name });
    await expect(info).toContainText("Loading details...");
    // The info window pans itself into view as it opens: a click while the map glides
    // lands on the map, which closes the window instead.
    await mapAtRest(listingsMap(page));
    await info.getByRole("link", { name: viewDetails("View Details", home.name) }).click();
    release();
    const details = page.getByRole("dialog", { name: home.name }).and(page.locator('[aria-modal="true"]'));
    await expect(details).toBeVisible();
    await expect(details).toContainText(home.location);
    await expect(page).toHaveURL(new RegExp(`/properties/${home.id}$`));
  });

  test("markers and the info window work from the keyboard", async ({ page }) => {
    await openPage(page, "/");
    await openListingsMap(page);
    const home = withCoordinates(activeHomes())[0];
    const marker = await markerOf(page, home);
    await marker.focus();
    await page.keyboard.press("Enter");
    const info = page.getByRole("dialog", { name: home.name });
    await expect(info).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(info.getByRole("link", { name: viewDetails("View Details", home.name) })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(info).toBeHidden();
    await expect(marker).toBeFocused();

    await page.keyboard.press(" ");
    await expect(info).toBeVisible();
    // The window may still pan itself into view as its photo arrives; the mouse waits.
    await expect(info.locator("img")).toHaveJSProperty("complete", true);
    await mapAtRest(listingsMap(page));
    await info.getByRole("button", { name: "Close" }).click();
    await expect(info).toBeHidden();
  });

  test("when the map's code cannot load, it retries 3 times, then says so and keeps the list", async ({ page }) => {
    let chunkRequests = 0;
    let configRequests = 0;
    await page.route(/\/build\/leaflet-maps\.client-[^/]+\.js$/, (route) => {
      chunkRequests += 1;
      return route.abort("connectionfailed");
    });
    await page.route(/^http:\/\/127\.0\.0\.1:\d+\/\d+\/\d+\/\d+\.png$/, (route) => route.abort("connectionfailed"));
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/config/maps-api-key") configRequests += 1;
    });
    await openPage(page, "/");
    await page.locator("#properties aside").scrollIntoViewIfNeeded();
    const alert = page.locator("#properties").getByRole("alert");
    await expect(alert).toContainText("Failed to load map");
    await expect(alert).toContainText("Please check your connection and try again");
    // The first try and 3 retries.
    expect(configRequests).toBe(4);
    expect(chunkRequests).toBeGreaterThanOrEqual(1);
    // The homes stay reachable.
    const first = activeHomes()[0];
    await expect(page.locator("#properties [data-map-fallback]").getByRole("link", { name: new RegExp(`^${first.name}`) })).toHaveAttribute("href", `/properties/${first.id}`);
  });

  test("the map and the info window are in Spanish and fit at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await openPage(page, "/?lng=es");
    await page.locator("#properties aside").scrollIntoViewIfNeeded();
    await expect(page.locator('#properties [data-map-phase="ready"]')).toBeVisible();
    const home = withCoordinates(activeHomes())[1];
    const map = page.getByRole("region", { name: "Mapa de casas disponibles" });
    const marker = map.getByRole("button", { name: new RegExp(`^${escaped(home.name)}, `) });
    for (let step = 0; step < 6 && !(await marker.isVisible()); step++) {
      await map.getByRole("button", { name: /casas aquí, acercar$/ }).first().click();
      await mapAtRest(map);
    }
    await marker.click();
    const info = page.getByRole("dialog", { name: home.name });
    await expect(info.getByRole("link", { name: viewDetails("Ver detalles", home.name) })).toBeVisible();
    await expect(info).toContainText("Recámaras");
    await expect(info.getByRole("button", { name: "Cerrar" })).toBeVisible();
    // Wholly inside the map (which would cut it off), and on screen once scrolled to;
    // measured once Leaflet has finished panning to it (an animation of its own).
    await expect(async () => {
      const box = (await info.boundingBox()) as { x: number; y: number; width: number; height: number };
      const mapBox = (await map.boundingBox()) as typeof box;
      expect(box.x).toBeGreaterThanOrEqual(mapBox.x);
      expect(box.y).toBeGreaterThanOrEqual(mapBox.y);
      expect(box.x + box.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);
      expect(box.y + box.height).toBeLessThanOrEqual(mapBox.y + mapBox.height);
    }).toPass({ timeout: 5_000 });
    await info.scrollIntoViewIfNeeded();
    await expect(info).toBeInViewport({ ratio: 1 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await layoutProblems(page)).toEqual([]);
  });
});

test.describe("the map of one home", () => {
  test("shows on its page at zoom 15 with one marker; a home without coordinates has none", async ({ page }) => {
    const homes = activeHomes();
    const placed = withCoordinates(homes)[0];
    await openPage(page, `/properties/${placed.id}`);
    const map = page.getByRole("region", { name: `Map of ${placed.location}` });
    await expect(map.locator(".leaflet-marker-pane [data-count]")).toHaveCount(1);
    // Zoom 15 (16 on a dense screen, drawn at half size; this one is not dense).
    await expect(map.locator(".leaflet-tile-container img").first()).toHaveAttribute("src", /\/15\/\d+\/\d+\.png$/);

    const unplaced = addHomeWithoutCoordinates();
    try {
      await openPage(page, `/properties/${unplaced.id}`);
      await expect(page.getByRole("heading", { level: 1, name: unplaced.name })).toBeVisible();
      await expect(page.getByRole("region", { name: /^Map of / })).toHaveCount(0);
      await expect(page.locator("[data-map-phase]")).toHaveCount(0);
    } finally {
      removeHome(unplaced.id);
    }
  });
});
