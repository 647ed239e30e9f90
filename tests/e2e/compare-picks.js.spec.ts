import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * Issue 54, point 5, with JavaScript: the ticks stay while the visitor searches on (the
 * homes no longer shown ride in the form), and Clear takes them all off. Without
 * JavaScript each list is its own form (compare-picks.spec.ts).
 */

const HOMES = { oak: "Oak Hollow Community, Lot 14", lakeview: "Lakeview Studio Cottage", cedar: "Cedar Ridge Estates, Home 7" } as const;

const tickOf = (page: Page, name: string) => page.getByRole("article", { name }).getByRole("checkbox", { name: new RegExp(`^Compare\\s?: ${name}$`) });
const compareForm = (page: Page) => page.getByRole("form", { name: "Compare homes" });

test("the ticks stay while the visitor searches on, and the comparison shows them all", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, "/properties?lng=en");
  await tickOf(page, HOMES.oak).check();
  await page.getByLabel("Name or location").fill("Grapevine");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=Grapevine/);
  await expect(page.getByRole("article", { name: HOMES.oak })).toHaveCount(0);
  await tickOf(page, HOMES.lakeview).check();
  await expect(compareForm(page)).toContainText("2 of 4 homes ticked");
  await compareForm(page).getByRole("button", { name: "Compare ticked homes" }).click();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveCount(2);
  await expect(table.getByRole("columnheader", { name: HOMES.oak })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: HOMES.lakeview })).toBeVisible();
});

test("Clear takes every tick off, and fewer than two homes are not compared", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openPage(page, "/properties?lng=en");
  await tickOf(page, HOMES.oak).check();
  await tickOf(page, HOMES.cedar).check();
  await compareForm(page).getByRole("button", { name: "Clear" }).click();
  await expect(tickOf(page, HOMES.oak)).not.toBeChecked();
  await expect(tickOf(page, HOMES.cedar)).not.toBeChecked();
  await expect(compareForm(page).getByRole("button", { name: "Clear" })).toHaveCount(0);

  await tickOf(page, HOMES.oak).check();
  await compareForm(page).getByRole("button", { name: "Compare ticked homes" }).click();
  await expect(compareForm(page)).toContainText("Tick at least two homes to compare.");
  await expect(page).toHaveURL(/\/properties\?lng=en$/);
});
