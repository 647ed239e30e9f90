import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// A page shared from the cache carries no per-request nonce: its CSP allows its own
// inline scripts by their hashes. In Chromium, those run (the page hydrates) and a script
// added to the same bytes does not.

const INJECTED = "<script>window.__injected = true;</script>";

/** Opens `path` as the cache answers it; `change` may rewrite the body before the browser sees it. */
async function openCached(page: Page, path: string, change: (html: string) => string = (html) => html) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // A first request stores the page; the browser's own request is then a hit.
  await page.request.get(path);
  let cacheStatus: string | undefined;
  await page.route(
    (url) => url.pathname + url.search === path,
    async (route) => {
      const response = await route.fetch();
      cacheStatus = response.headers()["x-page-cache"];
      const headers = { ...response.headers() };
      // The body is handed over decoded.
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({ status: response.status(), headers, body: change(await response.text()) });
    },
  );
  await page.goto(path);
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  return { violations, cacheStatus: () => cacheStatus };
}

for (const path of ["/", "/?lng=es", "/properties"]) {
  test(`${path}: the cached page's own inline scripts run under its CSP, with no violation`, async ({ page }) => {
    const { violations, cacheStatus } = await openCached(page, path);
    expect(cacheStatus()).toBe("hit");
    // Remix's inline scripts: its context, then the module that hydrates the page.
    expect(await page.evaluate(() => typeof (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext)).toBe("object");
    // Hydrated: the language switch works without a page load.
    await expect(page.getByRole("button", { name: /Switch to|Cambiar a/ })).toBeVisible();
    expect(violations).toEqual([]);
  });
}

test("a script added to a cached page is refused", async ({ page }) => {
  const { violations, cacheStatus } = await openCached(page, "/", (html) => html.replace("</body>", `${INJECTED}</body>`));
  expect(cacheStatus()).toBe("hit");
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(violations.some((text) => /script/i.test(text))).toBe(true);
  // The page's own scripts still ran.
  expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
});
