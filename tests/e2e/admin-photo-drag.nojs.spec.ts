import { expect, test } from "./fixtures";
import { expectNotice, insertPhotoOrderHome, PHOTO_ORDER_ADMIN, PROPERTIES_TAB, rowsInOrder, storedOrder } from "./photo-order-home";
import { openSignedIn, signedInState, type StorageState } from "./support";

// Property Images without JavaScript: a drag needs it, so no photo has a handle (nor
// anything to drag), and the Move buttons, plain forms, reorder the photos as before.
// With JavaScript: admin-photo-drag.js.spec.ts.

let storageState: StorageState;
test.beforeAll(async ({ browser }, testInfo) => {
  storageState = await signedInState(browser, testInfo, PHOTO_ORDER_ADMIN);
});

test("Property Images without JavaScript: no drag handle, and the Move buttons still reorder the photos", async ({ browser, baseURL }) => {
  const home = insertPhotoOrderHome("drag-nojs");
  const [main, second, third, fourth] = home.names;
  const { page, context } = await openSignedIn(browser, { baseURL, javaScriptEnabled: false, storageState }, `${PROPERTIES_TAB}/${home.id}/media`);
  try {
    const dialog = page.getByRole("dialog", { name: "Property Images" });
    const linked = dialog.getByRole("list", { name: "Linked images" });
    const rows = linked.getByRole("listitem");
    await expect(rows).toHaveText(rowsInOrder([main, second, third, fourth]));
    await expect(linked.getByRole("img", { name: /^Drag to reorder / })).toHaveCount(0);
    await expect(linked.locator("[draggable]")).toHaveCount(0);

    await linked.getByRole("button", { name: `Move up ${fourth}` }).click();
    await expectNotice(page, "Image order updated");
    await expect(rows).toHaveText(rowsInOrder([main, second, fourth, third]));
    await linked.getByRole("button", { name: `Move up ${fourth}` }).click();
    await expect(rows).toHaveText(rowsInOrder([main, fourth, second, third]));
    expect(storedOrder(home)).toEqual([main, fourth, second, third]);
    // The photo after the main image cannot move above it.
    await expect(linked.getByRole("button", { name: `Move up ${fourth}` })).toBeDisabled();
  } finally {
    home.remove();
    await context.close();
  }
});
