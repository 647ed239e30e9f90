import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (for the JavaScript-on tests). */
export async function openPage(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor();
  return response;
}
