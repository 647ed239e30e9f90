import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { expectNotice, insertPhotoOrderHome, PHOTO_ORDER_ADMIN, PROPERTIES_TAB, rowsInOrder, storedOrder } from "./photo-order-home";
import { openPage, openSignedIn, quietPeriod, signedInState, type StorageState } from "./support";

// Property Images with JavaScript: a home's photos reordered by dragging a photo's
// handle onto another's place (the browser's own drag and drop), beside the Move
// buttons that stay. The main image has no handle and takes no drop: it keeps the first
// place. Without JavaScript: admin-photo-drag.nojs.spec.ts.

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, PHOTO_ORDER_ADMIN);
});

/**
 * The pointer, its button held, moved to the middle of `row` in steps, as a hand moves:
 * the browser tells a row it is dragged over from the second move inside it.
 */
async function dragOver(page: Page, row: Locator) {
  const box = await row.boundingBox();
  if (!box) throw new Error("the row is not shown");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
}

test("Property Images: a photo dragged by its handle onto the 2nd place lands there, and stays after a reload; the main image has no handle", async ({ browser, baseURL }) => {
  const home = insertPhotoOrderHome("drag-js");
  const [main, second, third, fourth] = home.names;
  const path = `${PROPERTIES_TAB}/${home.id}/media`;
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: true, storageState }, path);
  // Tall enough for the whole list: a drag that scrolled the dialog would aim at rows that moved.
  await page.setViewportSize({ width: 1280, height: 1700 });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  try {
    const dialog = page.getByRole("dialog", { name: "Property Images" });
    const linked = dialog.getByRole("list", { name: "Linked images" });
    const rows = linked.getByRole("listitem");
    const handle = (name: string) => linked.getByRole("img", { name: `Drag to reorder ${name}` });
    await expect(rows).toHaveText(rowsInOrder([main, second, third, fourth]));

    // Every photo but the main image has a handle, and the dialog with them passes axe.
    await expect(linked.getByRole("img", { name: /^Drag to reorder / })).toHaveCount(3);
    await expect(handle(main)).toHaveCount(0);
    await expect(rows.first()).toContainText("Main image");
    await expectNoAxeViolations(page, "Property Images with drag handles", { within: "[role=dialog]" });

    // The 4th photo dragged: over the main image nothing would land; over the 2nd photo a
    // line above it shows where it would go; dropped there, it is the 2nd.
    await handle(fourth).hover();
    await page.mouse.down();
    await dragOver(page, rows.nth(2));
    await dragOver(page, rows.first());
    await expect(linked.locator("[data-landing]")).toHaveCount(0);
    await dragOver(page, rows.nth(1));
    await expect(rows.nth(1)).toHaveAttribute("data-landing", "before");
    await expect(linked.locator("[data-landing]")).toHaveCount(1);
    await page.mouse.up();
    await expectNotice(page, "Image order updated");
    await expect(rows).toHaveText(rowsInOrder([main, fourth, second, third]));
    await expect(linked.locator("[data-landing]")).toHaveCount(0);
    expect(storedOrder(home)).toEqual([main, fourth, second, third]);

    // Playwright's own drag, down to the last place and back onto the 2nd; a reload
    // shows the order stored.
    await handle(fourth).dragTo(rows.nth(3), { steps: 5 });
    await expect(rows).toHaveText(rowsInOrder([main, second, third, fourth]));
    await handle(fourth).dragTo(rows.nth(1), { steps: 5 });
    await expect(rows).toHaveText(rowsInOrder([main, fourth, second, third]));
    await openPage(page, path, true);
    await expect(rows).toHaveText(rowsInOrder([main, fourth, second, third]));

    // Dropped on the main image, a photo stays where it was: nothing is sent.
    posts.length = 0;
    await handle(third).dragTo(rows.first(), { steps: 5 });
    await quietPeriod(page, 300);
    expect(posts).toEqual([]);
    await expect(rows).toHaveText(rowsInOrder([main, fourth, second, third]));

    // The Move buttons stay beside the handles.
    await linked.getByRole("button", { name: `Move up ${third}` }).click();
    await expect(rows).toHaveText(rowsInOrder([main, fourth, third, second]));
    expect(storedOrder(home)).toEqual([main, fourth, third, second]);
  } finally {
    home.remove();
    await context.close();
  }
});
