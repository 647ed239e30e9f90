import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { walkWithTab } from "./focus-checks";
import { homeWithPhotos, inLanguage, LANGUAGES, loadMaps, type Language } from "./public-pages";
import { contrastProblems } from "./state-contrast";
import { openPage, withE2eDatabase } from "./support";

// What only JavaScript draws, from the keyboard: the details dialog over the cards, the
// carousels (arrows, dots, arrow keys, rotation that stops for the keyboard, the slide
// announced) and the listings map (its zoom keys, every home's marker or cluster in
// Tab's reach, the info window and back); and the colours of the buttons while busy.

const TEXTS = {
  en: { viewDetails: "View Details", map: "Map of available homes" },
  es: { viewDetails: "Ver detalles", map: "Mapa de casas disponibles" },
} satisfies Record<Language, Record<string, string>>;

/** Presses Tab until `target` has the focus (the keyboard's way there, not a click). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reached with Tab within ${limit} presses`).toBeFocused();
}

test.describe("dialogs over the cards, from the keyboard", () => {
  test.use({ reducedMotion: "reduce", viewport: { width: 1280, height: 800 } });
  // Its tests need nothing from each other: the workers share them out.
  test.describe.configure({ mode: "parallel", timeout: 90_000 });

  for (const lng of LANGUAGES) {
    test(`a home's details over the home page and over all homes (${lng})`, async ({ page }) => {
      const href = await homeWithPhotos(page, true);
      // In Spanish only the texts differ: one of the two lists is enough.
      for (const path of lng === "en" ? ["/?all=1", "/properties"] : ["/properties"]) {
        await openPage(page, inLanguage(path, lng));
        const opener = page.locator(`main a[href^="${href}?from="]`).filter({ hasText: TEXTS[lng].viewDetails }).first();
        await tabTo(page, opener, 120);
        await page.keyboard.press("Enter");
        const dialog = page.locator("[role=dialog][aria-modal=true]");
        await expect(dialog).toBeVisible();
        // Its map first (it loads as it nears the view), then the walk from its Close button.
        await loadMaps(page);
        await dialog.getByRole("button").first().focus();
        const { problems } = await walkWithTab(page, { within: "[role=dialog][aria-modal=true]", retrace: lng === "en" });
        expect(problems, `the details dialog on ${path} (${lng}):\n${problems.join("\n")}`).toEqual([]);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      }
    });
  }
});

test.describe("carousels from the keyboard", () => {
  test("the hero: arrows and dots with Enter and Space, arrow keys, rotation stops for the keyboard, the photo announced", async ({ page }) => {
    await page.clock.install();
    await openPage(page, "/");
    const hero = page.getByRole("region", { name: "Community photos" });
    const slide = (n: number) => hero.getByRole("group", { name: `Community photo ${n} of 3` });
    const shown = (n: number) => expect(slide(n)).toHaveAttribute("aria-hidden", "false");
    await expect(hero).toHaveAttribute("aria-roledescription", "carousel");
    await expect(slide(1)).toHaveAttribute("aria-roledescription", "slide");
    // Rotating by itself, silently.
    const track = hero.locator("[aria-live]");
    await expect(track).toHaveAttribute("aria-live", "off");
    await page.mouse.move(5, 5);
    await page.clock.runFor(5100);
    await shown(2);

    // Tab into it: rotation stops (the button now offers to start it) and each photo is announced.
    await tabTo(page, slide(2).getByRole("link", { name: "Open photo gallery" }));
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await expect(track).toHaveAttribute("aria-live", "polite");
    await page.clock.runFor(12_000);
    await shown(2);

    // Arrow keys on the photo itself: the focus moves with it to the photo shown.
    await page.keyboard.press("ArrowRight");
    await shown(3);
    await expect(slide(3).getByRole("link", { name: "Open photo gallery" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await shown(1);
    await page.keyboard.press("ArrowLeft");
    await shown(3);
    await expect(slide(3).getByRole("link")).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(hero.getByRole("button", { name: "Previous image" })).toBeFocused();
    await page.keyboard.press("Enter");
    await shown(2);
    await page.keyboard.press("Space");
    await shown(1);
    await page.keyboard.press("ArrowLeft");
    await shown(3);
    await page.keyboard.press("Tab");
    await expect(hero.getByRole("button", { name: "Next image" })).toBeFocused();
    await page.keyboard.press("Enter");
    await shown(1);
    await page.keyboard.press("ArrowRight");
    await shown(2);
    await page.keyboard.press("Tab");
    await expect(hero.getByRole("button", { name: "Go to image 1" })).toBeFocused();
    await page.keyboard.press("Enter");
    await shown(1);
    await expect(hero.getByRole("button", { name: "Go to image 1" })).toHaveAttribute("aria-current", "true");
    await tabTo(page, hero.getByRole("button", { name: "Go to image 3" }), 3);
    await page.keyboard.press("Space");
    await shown(3);

    // The rotation control starts it again once the focus has moved on.
    await page.keyboard.press("Tab");
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(hero.getByRole("button", { name: "Pause slideshow" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.clock.runFor(5100);
    await shown(1);
  });

  test("a listing's photos, on its card and in its details", async ({ page }) => {
    // The clock stands still until the test moves it: on a busy machine the Tab walk to
    // the card takes longer than the 4 s after which a card turns to its next photo.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await openPage(page, "/");
    const card = page.getByRole("article", { name: "Oak Hollow Community, Lot 14" });
    const photos = card.getByRole("region", { name: "Oak Hollow Community, Lot 14" });
    const photo = (n: number) => photos.getByRole("group", { name: `Oak Hollow Community, Lot 14, photo ${n} of 3` });
    const shown = (n: number) => expect(photo(n)).toHaveAttribute("aria-hidden", "false");
    await shown(1);

    await tabTo(page, photos.getByRole("button", { name: "Next photo" }));
    await page.keyboard.press("Enter");
    await shown(2);
    await page.keyboard.press("Space");
    await shown(3);
    await page.keyboard.press("ArrowLeft");
    await shown(2);
    await page.keyboard.press("Shift+Tab");
    await expect(photos.getByRole("button", { name: "Previous photo" })).toBeFocused();
    await page.keyboard.press("Enter");
    await shown(1);
    await page.keyboard.press("ArrowRight");
    await shown(2);
    await expect(photos.locator("[aria-live]")).toHaveAttribute("aria-live", "polite");
    // It no longer turns by itself, even after the keyboard has left it (it has no pause button).
    await page.clock.runFor(9000);
    await shown(2);
    await tabTo(page, card.getByRole("link", { name: /^View Details/ }));
    await page.clock.runFor(9000);
    await shown(2);

    // The same carousel in the details, from the keyboard.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Oak Hollow Community, Lot 14" });
    await expect(dialog).toBeVisible();
    const inDialog = dialog.getByRole("region", { name: "Oak Hollow Community, Lot 14" });
    await tabTo(page, inDialog.getByRole("button", { name: "Next photo" }), 5);
    await page.keyboard.press("Enter");
    await expect(inDialog.getByRole("group", { name: "Oak Hollow Community, Lot 14, photo 2 of 3" })).toHaveAttribute("aria-hidden", "false");
    await page.keyboard.press("ArrowRight");
    await expect(inDialog.getByRole("group", { name: "Oak Hollow Community, Lot 14, photo 3 of 3" })).toHaveAttribute("aria-hidden", "false");
  });

  test("the slides are named in Spanish", async ({ page }) => {
    await openPage(page, "/?lng=es");
    const hero = page.getByRole("region", { name: "Fotos de la comunidad" });
    await expect(hero).toHaveAttribute("aria-roledescription", "carrusel");
    await expect(hero.getByRole("group", { name: "Foto de la comunidad 1 de 3" })).toHaveAttribute("aria-roledescription", "diapositiva");
    const card = page.getByRole("article", { name: "Oak Hollow Community, Lot 14" });
    await expect(card.getByRole("group", { name: "Oak Hollow Community, Lot 14, foto 1 de 3" })).toHaveAttribute("aria-hidden", "false");
  });
});

type Home = { id: number; name: string; price: string };

/** The active homes with coordinates (each has a marker on the map). */
function mappedHomes(): Home[] {
  return withE2eDatabase(
    (db) => db.prepare("select id, name, price from properties where is_active = 1 and latitude is not null and longitude is not null").all() as Home[],
    { readonly: true, fileMustExist: true },
  );
}

/**
 * The zoom of the tiles the map shows on top (their URLs are /{z}/{x}/{y}.png): Leaflet
 * keeps the last level's tiles under the new ones for a while.
 */
async function tileZoom(map: Locator): Promise<number> {
  const levels = await map.locator(".leaflet-tile-container").evaluateAll((containers) =>
    containers.map((container) => ({
      zIndex: Number(getComputedStyle(container).zIndex) || 0,
      src: container.querySelector<HTMLImageElement>("img.leaflet-tile-loaded")?.src ?? null,
    })),
  );
  const top = levels.filter((level) => level.src).sort((a, b) => b.zIndex - a.zIndex)[0];
  return top ? Number(new URL(top.src!).pathname.split("/")[1]) : 0;
}

/** The marker-pane buttons Tab reaches from the map itself, in order, until it leaves them. */
async function markersInTabOrder(page: Page, map: Locator): Promise<{ label: string; count: number }[]> {
  await expect(map.locator(".leaflet-container")).toBeFocused();
  const reached: { label: string; count: number }[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el?.closest(".leaflet-marker-pane")) return null;
      return { label: el.getAttribute("aria-label") ?? "", count: Number(el.getAttribute("data-count")) };
    });
    if (!focused) break;
    reached.push(focused);
  }
  return reached;
}

test.describe("the listings map from the keyboard", () => {
  for (const lng of LANGUAGES) {
    test(`zoom keys, every home in Tab's reach, clusters, the info window and back (${lng})`, async ({ page }) => {
      // Some two hundred key presses and six zoom animations: on a busy machine more than
      // the usual 30 s. Every step waits on what it expects, never on the clock.
      test.setTimeout(90_000);
      const text = TEXTS[lng];
      await openPage(page, inLanguage("/", lng));
      const map = page.getByRole("region", { name: text.map });
      await page.locator("#properties aside").scrollIntoViewIfNeeded();
      await expect(page.locator('#properties [data-map-phase="ready"]')).toBeVisible();
      await expect(map.locator(".leaflet-marker-pane [data-count]").first()).toBeVisible();

      // The map itself is a Tab stop, after the cards.
      await tabTo(page, map.locator(".leaflet-container"), 120);
      await expect.poll(() => tileZoom(map)).toBeGreaterThan(0);
      const zoom = await tileZoom(map);
      const container = map.locator(".leaflet-container");
      const homes = mappedHomes();
      const markerCounts = () => map.locator(".leaflet-marker-pane [data-count]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-count"))));
      /** Presses a zoom key and waits for the tiles of the new zoom (Leaflet ignores a zoom asked for while it animates the last one). */
      const zoomBy = async (key: "NumpadAdd" | "NumpadSubtract", expected: number) => {
        await page.keyboard.press(key);
        await expect.poll(() => tileZoom(map)).toBe(expected);
        await expect(map.locator(".leaflet-map-pane")).not.toHaveClass(/leaflet-zoom-anim/);
        // The markers drawn again for this zoom (at the first zoom and further out, all the homes are in view).
        if (expected <= zoom) await expect.poll(async () => (await markerCounts()).reduce((sum, n) => sum + n, 0)).toBe(homes.length);
      };
      // + and - (the keypad's: Leaflet zooms by 3 with Shift, which the main row's + needs).
      await zoomBy("NumpadAdd", zoom + 1);
      await zoomBy("NumpadSubtract", zoom);

      /** Tab from the map goes through every marker and cluster drawn; together they hold every home. */
      const expectAllInTabsReach = async () => {
        await container.focus();
        const drawn = (await markerCounts()).length;
        const reached = await markersInTabOrder(page, map);
        expect(reached).toHaveLength(drawn);
        expect(reached.reduce((sum, marker) => sum + marker.count, 0)).toBe(homes.length);
        for (const marker of reached.filter((m) => m.count === 1)) {
          expect(homes.some((home) => marker.label.startsWith(`${home.name}, `)), `the marker "${marker.label}" is named after its home`).toBe(true);
        }
        return reached;
      };
      await expectAllInTabsReach();

      // A home's marker: Enter opens its info window, View Details is the next stop,
      // Escape closes it and gives the focus back to the marker.
      await container.focus();
      const marker = map.locator(".leaflet-marker-pane [data-marker-id]").first();
      await tabTo(page, marker, 40);
      const label = (await marker.getAttribute("aria-label"))!;
      const { name } = homes.find((home) => label.startsWith(`${home.name}, `))!;
      await page.keyboard.press("Enter");
      const info = page.getByRole("dialog", { name });
      await expect(info).toBeFocused();
      await page.keyboard.press("Tab");
      const viewDetails = info.getByRole("link", { name: new RegExp(`^${text.viewDetails}`) });
      await expect(viewDetails).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(info).toBeHidden();
      await expect(marker).toBeFocused();

      // Enter again, then View Details opens the home's details over the page.
      await page.keyboard.press("Enter");
      await expect(info).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(viewDetails).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.locator("[role=dialog][aria-modal=true]")).toBeVisible();
      await expect(page.locator("[role=dialog][aria-modal=true]").getByRole("heading", { name })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.locator("[role=dialog][aria-modal=true]")).toBeHidden();

      // Further out the homes crowd into clusters, which Tab reaches too; Enter opens one: the
      // map zooms in and keeps the focus, and Tab goes on to the homes it held.
      await container.focus();
      await zoomBy("NumpadSubtract", zoom - 1);
      await zoomBy("NumpadSubtract", zoom - 2);
      await zoomBy("NumpadSubtract", zoom - 3);
      const reached = await expectAllInTabsReach();
      expect(reached.filter((m) => m.count > 1).length, "clusters on the map").toBeGreaterThan(0);
      await container.focus();
      const before = await tileZoom(map);
      await tabTo(page, map.locator(".leaflet-marker-pane button:not([data-count='1'])").first(), 40);
      await page.keyboard.press("Enter");
      await expect(container).toBeFocused();
      await expect.poll(() => tileZoom(map)).toBeGreaterThan(before);
      expect((await markersInTabOrder(page, map)).length).toBeGreaterThan(0);
    });
  }
});

test.describe("busy buttons keep their contrast", () => {
  test("the language switch while it switches, Send Message while it sends", async ({ page }) => {
    await openPage(page, "/#contact");
    // The answers are held back while the busy buttons are measured.
    const held: (() => Promise<void>)[] = [];
    await page.route(
      (url) => url.searchParams.get("lng") === "es",
      (route) => void held.push(() => route.continue()),
    );
    const switcher = page.getByRole("button", { name: /^ES\b/ });
    await switcher.click();
    await expect(switcher).toBeDisabled();
    const problems = await contrastProblems(page, "header form button", "the language switch while it switches");

    const contact = page.locator("#contact");
    await page.route(
      (url) => url.pathname === "/" || url.pathname.endsWith(".data"),
      (route) => (route.request().method() === "POST" ? void held.push(() => route.abort()) : route.fallback()),
    );
    await contact.getByRole("textbox", { name: "First Name", exact: true }).fill("Ana");
    await contact.getByRole("textbox", { name: "Last Name", exact: true }).fill("Busy-Check");
    await contact.getByRole("textbox", { name: "Email", exact: true }).fill("ana.busy@example.com");
    await contact.getByRole("combobox", { name: "Subject" }).selectOption("other");
    await contact.getByRole("textbox", { name: "Message", exact: true }).fill("Checking the busy button.");
    await contact.getByRole("button", { name: "Send Message" }).click();
    const sending = contact.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    problems.push(...(await contrastProblems(page, "#contact button[type=submit]", "Send Message while it sends")));
    expect(problems, problems.join("\n")).toEqual([]);
    for (const release of held) await release();
  });
});
