import { expect, type Page } from "@playwright/test";
import { withE2eDatabase } from "./support";

// A home of its own for the specs that reorder photos in Property Images
// (admin-photo-drag.*.spec.ts): its main image among its linked photos, so it is listed
// first and keeps that place, then three more in order.

export const PHOTO_ORDER_ADMIN = "photo-order@example.com";
export const PROPERTIES_TAB = "/admin/dashboard/properties";

export type PhotoOrderHome = { id: number; name: string; names: string[]; remove: () => void };

/** Makes the home and its four linked photos, named `<tag>-0.webp` (the main image) to `<tag>-3.webp`. */
export function insertPhotoOrderHome(tag: string): PhotoOrderHome {
  const name = `Photo drag ${tag} home`;
  const files = ["home-3", "home-4", "home-5", "home-6"].map((file) => `/objects/demo/${file}.webp`);
  const names = files.map((_, i) => `${tag}-${i}.webp`);
  return withE2eDatabase((db) => {
    const now = Date.now();
    const id = Number(
      db
        .prepare(
          "insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at) values (?, 'Dragville, TX 75001', '$900/month', ?, '2', '1', '800', 'A home made by a browser test.', 1, ?, ?)",
        )
        .run(name, files[0], now, now).lastInsertRowid,
    );
    const insert = db.prepare("insert into media (filename, original_name, file_path, file_size, mime_type, property_id, position, created_at) values (?, ?, ?, 1000, 'image/webp', ?, ?, ?)");
    const mediaIds = files.map((file, i) => Number(insert.run(file.split("/").pop(), names[i], file, id, i + 1, now).lastInsertRowid));
    const remove = () =>
      withE2eDatabase((cleanup) => {
        for (const mediaId of mediaIds) cleanup.prepare("delete from media where id = ?").run(mediaId);
        cleanup.prepare("delete from properties where id = ?").run(id);
      });
    return { id, name, names, remove };
  });
}

/** The order the home's photos are stored in, by name: what a reload and the public site show. */
export function storedOrder(home: PhotoOrderHome): string[] {
  return withE2eDatabase((db) => db.prepare("select original_name as name from media where property_id = ? order by position").all(home.id) as { name: string }[]).map(
    (row) => row.name,
  );
}

/** Each row of the linked photos begins with its name and its place: this order, `Photo n of 4`. */
export const rowsInOrder = (names: string[]) => names.map((name, i) => new RegExp(`^${name.replace(/\./g, "\\.")}Photo ${i + 1} of ${names.length}`));

/** A toast with JavaScript (Radix also renders its words for screen readers), a status region without. */
export async function expectNotice(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}
