import { expect, type Page } from "@playwright/test";
import { e2eBaseURL, openPage, withE2eDatabase } from "./support";

/** The public pages' two languages (?lng=). */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** `path` with ?lng= added (before any fragment). */
export function inLanguage(path: string, lng: Language): string {
  const [beforeHash, hash] = path.split("#");
  const separator = beforeHash.includes("?") ? "&" : "?";
  return `${beforeHash}${separator}lng=${lng}${hash === undefined ? "" : `#${hash}`}`;
}

/** The address of the first home on the home page that has more than one photo. */
export async function homeWithPhotos(page: Page, javaScriptEnabled: boolean): Promise<string> {
  await openPage(page, "/?all=1", javaScriptEnabled);
  const ids = await page.locator("#properties article a[href^='/properties/']").evaluateAll((links) => links.map((link) => link.getAttribute("href")!.split("?")[0]));
  const withPhotos = withE2eDatabase(
    (db) =>
      db
        .prepare("select property_id as id from media where property_id is not null group by property_id")
        .all()
        .map((row) => `/properties/${(row as { id: number }).id}`),
    { readonly: true, fileMustExist: true },
  );
  const found = ids.find((href) => withPhotos.includes(href));
  expect(found, "a listed home with linked photos").toBeTruthy();
  return found!;
}

/** Enough active homes for a second page of /properties, added for one test. */
export async function addHomesForPaging(count: number, namePrefix: string): Promise<number[]> {
  const now = Date.now();
  const ids = withE2eDatabase(
    (db) => {
      const insert = db.prepare(
        `insert into properties (name, location, price, image_url, beds, baths, sqft, description, is_active, created_at, updated_at)
         values (?, 'Arlington, TX 76010', '$1,000/month', '/images/placeholder.svg', '3', '2', '1200', 'A home added to fill a second page.', 1, ?, ?)`,
      );
      return Array.from({ length: count }, (_, i) => Number(insert.run(`${namePrefix} ${i + 1}`, now, now).lastInsertRowid));
    },
    { fileMustExist: true },
  );
  await pagesRenderedAfresh();
  return ids;
}

export async function removeHomes(ids: number[]) {
  withE2eDatabase((db) => {
    const remove = db.prepare("delete from properties where id = ?");
    for (const id of ids) remove.run(id);
  }, { fileMustExist: true });
  await pagesRenderedAfresh();
}

/**
 * A change made straight to the database shows once the pages the server shares are
 * rendered afresh. The first write that reaches the app after another connection
 * committed empties its page cache, refused or not (server/page-cache-emptying.ts,
 * decision 065): a sign-out with no session is such a write, and changes nothing.
 * (Waiting out the cache's five seconds cost each test ten.)
 */
async function pagesRenderedAfresh(): Promise<void> {
  const response = await fetch(new URL("/admin/auth/logout", e2eBaseURL()), { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
  expect(response.status, "a sign-out with no session goes to the login page").toBe(302);
}

/**
 * With JavaScript the maps load as they near the viewport: loads every map on the page
 * (and in an open dialog) first, so that a walk over the page meets the same controls
 * both ways, then goes back to the top.
 */
export async function loadMaps(page: Page) {
  for (const place of await page.locator("[data-map-phase]").all()) {
    await place.scrollIntoViewIfNeeded();
    await expect(place).toHaveAttribute("data-map-phase", "ready", { timeout: 15_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
