import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openPage, quietPeriod } from "./support";

// The page's scripts wait for its first photo (decision 025): the photo has the
// connection to itself, then the page hydrates whole, without a mismatch that would make
// React draw it again.

type Timing = { url: string; start: number; end: number };

/** Every resource the page has loaded so far, with when it started and ended (ms from navigation). */
const resourceTimings = (page: Page): Promise<Timing[]> =>
  page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd })),
  );

/** Errors the page throws or logs (a hydration mismatch is one: React error 418/423). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error" && !/ERR_NAME_NOT_RESOLVED|Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

for (const { name, path } of [
  { name: "the home page", path: "/" },
  { name: "the home page in Spanish", path: "/?lng=es" },
  { name: "a home's page", path: "/properties/1" },
  { name: "the list of homes", path: "/properties" },
]) {
  test(`${name}: no script is asked for before the first photo has arrived, and the page hydrates without a mismatch`, async ({ page }) => {
    const errors = collectErrors(page);
    await openPage(page, path);
    const photo = await page.locator('img[fetchpriority="high"]').evaluate((img: HTMLImageElement) => img.currentSrc);
    const timings = await resourceTimings(page);
    const photoTiming = timings.find((timing) => timing.url === photo);
    expect(photoTiming, photo).toBeDefined();
    const scripts = timings.filter((timing) => /\/build\/.*\.js$/.test(timing.url));
    expect(scripts.length).toBeGreaterThan(5);
    for (const script of scripts) expect(script.start, script.url).toBeGreaterThanOrEqual(photoTiming!.end);
    // The page works: the language switch is a hydrated control.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    expect(errors).toEqual([]);
  });
}

test("a page whose first photo never arrives still hydrates, at the visitor's first key", async ({ page }) => {
  await page.route(/\/variants\/\d+\/demo\/hero-1\.webp$/, () => {
    // Never answered: the photo stays loading.
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await quietPeriod(page, 500);
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  await page.keyboard.press("Shift");
  await page.locator("html[data-hydrated]").waitFor();
});

test("a page without a first photo hydrates at once", async ({ page }) => {
  const errors = collectErrors(page);
  await openPage(page, "/admin/login");
  expect(await page.locator('img[fetchpriority="high"]').count()).toBe(0);
  expect(errors).toEqual([]);
});

// Decision 056: the page's texts are fetched before it hydrates.
const TEXTS_FILE = /\/texts\/(en|es)\.json\?v=/;

test("a page whose texts cannot be had after a second try stays the page the server drew, working as without JavaScript", async ({ page }) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  let tries = 0;
  await page.route(TEXTS_FILE, (route) => {
    tries++;
    return route.abort("failed");
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  // Asked for hydration at once (a key), then tried twice.
  await page.keyboard.press("Shift");
  await expect.poll(() => tries).toBeGreaterThanOrEqual(2);
  await quietPeriod(page, 500);
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);
  // Its controls are the plain HTML ones: the language switch loads the Spanish page.
  await page.getByRole("button", { name: "Switch to Spanish" }).click();
  await expect(page).toHaveURL(/\?lng=es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("a texts fetch that fails once is tried again, and the page hydrates without a mismatch", async ({ page }) => {
  const errors = collectErrors(page);
  let failed = false;
  await page.route(TEXTS_FILE, (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort("failed");
  });
  await openPage(page, "/?lng=es");
  expect(failed).toBe(true);
  await expect(page.getByRole("heading", { name: "Preguntas frecuentes" })).toBeVisible();
  expect(errors).toEqual([]);
});
