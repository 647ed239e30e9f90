import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { openPage, withE2eDatabase } from "./support";

/**
 * The visit form's times with JavaScript (docs/product.md, visit requests): one compact
 * picker, a day then up to three times, worked from the keyboard and read by screen
 * readers through native radios and checkboxes. Without JavaScript the same times are
 * selects (visits.spec.ts).
 */

const homeId = () => withE2eDatabase((db) => (db.prepare("select id from properties where name = ?").get("Cedar Ridge Estates, Home 7") as { id: number }).id);

test("with JavaScript the times are one picker, used from the keyboard: a day, then up to three times", async ({ page }) => {
  await openPage(page, `/properties/${homeId()}/visit`, true);
  const firstDay = page.locator('input[name="visit-picker-day"]').first();
  await firstDay.focus();
  await expect(firstDay).toBeChecked();
  await page.keyboard.press("ArrowRight");
  const secondDay = page.locator('input[name="visit-picker-day"]').nth(1);
  await expect(secondDay).toBeChecked();
  await expect(secondDay).toBeFocused();
  const secondDayName = (await page.locator('label:has(input[name="visit-picker-day"]:checked) span.sr-only').textContent())!;
  const times = page.getByRole("group", { name: `Times on ${secondDayName}` });
  await expect(times).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(times.getByRole("checkbox", { name: "9:00 AM" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  const chosen = page.getByRole("list", { name: /^Your times/ }).getByRole("listitem");
  await expect(chosen).toHaveText([`1. ${secondDayName}, 9:00 AMRemove`, `2. ${secondDayName}, 10:00 AMRemove`, `3. ${secondDayName}, 11:00 AMRemove`]);
  await expect(page.getByText("Your times (3 of 3)")).toBeVisible();
  // A fourth is refused until one is removed.
  await expect(times.getByRole("checkbox", { name: "12:00 PM" })).toBeDisabled();
  await page.getByRole("button", { name: `Remove ${secondDayName}, 10:00 AM` }).click();
  await expect(times.getByRole("checkbox", { name: "12:00 PM" })).toBeEnabled();
  await expect(page.locator('input[type="hidden"][name="hour2"]')).toHaveValue("11");
  await expect(page.locator('input[type="hidden"][name="hour3"]')).toHaveValue("");
  await expectNoAxeViolations(page, "the visit form's picker with times chosen", { javaScriptEnabled: true });
});
