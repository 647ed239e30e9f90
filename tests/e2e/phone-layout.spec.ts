import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { layoutProblems } from "./layout-checks";
import { openPage, signedInState, type StorageState } from "./support";

// Every page at phone widths, in both languages; the file runs in both projects, so
// with JavaScript and without it. See layout-checks.ts for what counts as a problem.

const WIDTHS = [320, 360, 390];
const HEIGHT = 640;
const LANGUAGES = [
  { code: "en", name: "English", openMenu: "Open menu", navigation: "Main navigation" },
  { code: "es", name: "Spanish", openMenu: "Abrir menú", navigation: "Navegación principal" },
] as const;
const ADMIN = "admin@example.com";

/** The active listing with the longest name: the hardest one to fit. */
async function longestListingPath(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/properties");
  expect(response.ok()).toBe(true);
  const listings = (await response.json()) as { id: number; name: string }[];
  expect(listings.length).toBeGreaterThan(0);
  const longest = listings.reduce((a, b) => (b.name.length > a.name.length ? b : a));
  return `/properties/${longest.id}`;
}

const PAGES: { name: string; path: (request: APIRequestContext) => Promise<string> | string; status: number }[] = [
  { name: "the home page", path: () => "/", status: 200 },
  { name: "a home's page", path: longestListingPath, status: 200 },
  { name: "all homes", path: () => "/properties", status: 200 },
  // Filters set and nothing found: Clear filters in the form and in the empty state.
  { name: "all homes, nothing found", path: () => "/properties?q=zzz&maxPrice=500&beds=4", status: 200 },
  { name: "the admin login", path: () => "/admin/login", status: 200 },
  { name: "the 404 page", path: () => "/no/such/page", status: 404 },
];

const withLanguage = (path: string, code: string) => `${path}${path.includes("?") ? "&" : "?"}lng=${code}`;

async function expectFits(page: Page, language: string) {
  // The language the page is in, so a Spanish run really measures Spanish texts.
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  expect(await page.evaluate(() => window.scrollY), "the page opens at its top").toBe(0);
  expect(await layoutProblems(page)).toEqual([]);
}

// Its tests need nothing from each other: the workers share them out.
test.describe.configure({ mode: "parallel" });

for (const target of PAGES) {
  test.describe(`${target.name} on a phone`, () => {
    for (const width of WIDTHS) {
      for (const language of LANGUAGES) {
        test(`fits at ${width} px in ${language.name}`, async ({ page, request, javaScriptEnabled }) => {
          await page.setViewportSize({ width, height: HEIGHT });
          const path = await target.path(request);
          const response = await openPage(page, withLanguage(path, language.code), javaScriptEnabled);
          expect(response?.status()).toBe(target.status);
          await expectFits(page, language.code);
        });
      }
    }
  });
}

// The same rules on tablets and desktops: the header's full row of links and buttons is
// where the longer Spanish labels ran out of room.
const WIDER = [640, 768, 1024, 1280];

for (const target of PAGES.slice(0, 3)) {
  test.describe(`${target.name} on wider screens`, () => {
    for (const width of WIDER) {
      for (const language of LANGUAGES) {
        test(`fits at ${width} px in ${language.name}`, async ({ page, request, javaScriptEnabled }) => {
          await page.setViewportSize({ width, height: 800 });
          const path = await target.path(request);
          await openPage(page, withLanguage(path, language.code), javaScriptEnabled);
          await expectFits(page, language.code);
        });
      }
    }
  });
}

test.describe("the menu on a phone", () => {
  for (const width of WIDTHS) {
    for (const language of LANGUAGES) {
      test(`opens whole at ${width} px in ${language.name}`, async ({ page, javaScriptEnabled }) => {
        await page.setViewportSize({ width, height: HEIGHT });
        await openPage(page, `/?lng=${language.code}`, javaScriptEnabled);
        // A link to #mobile-menu: without JavaScript the drawer opens as the URL's target.
        await page.getByRole("button", { name: language.openMenu }).click();
        const menu = page.getByRole("dialog", { name: language.navigation });
        await expect(menu).toBeVisible();
        // Every entry on screen as the menu opens, none scrolled out of sight inside it.
        const entries = await menu.getByRole("link").or(menu.getByRole("button")).all();
        expect(entries.length).toBeGreaterThan(5);
        for (const entry of entries) {
          const name = (await entry.getAttribute("aria-label")) ?? (await entry.innerText());
          await expect(entry, `the menu entry "${name.trim()}" is wholly on screen`).toBeInViewport({ ratio: 1 });
        }
        expect(await layoutProblems(page)).toEqual([]);
      });
    }
  }
});

test.describe("the admin dashboard on a phone", () => {
  // One sign-in for all of them: the sign-in mail is rate-limited per address.
  let storageState: StorageState;
  test.beforeAll(async ({ browser }, testInfo) => {
    storageState = await signedInState(browser, testInfo, ADMIN);
  });

  for (const width of WIDTHS) {
    for (const language of LANGUAGES) {
      test(`fits at ${width} px in ${language.name}`, async ({ browser, javaScriptEnabled, baseURL }) => {
        const context = await browser.newContext({ baseURL, javaScriptEnabled, storageState, viewport: { width, height: HEIGHT } });
        try {
          const page = await context.newPage();
          const response = await openPage(page, `/admin/dashboard?lng=${language.code}`, javaScriptEnabled);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
          await expectFits(page, language.code);
        } finally {
          await context.close();
        }
      });
    }
  }
});
