import type { APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import { signedInState, withE2eDatabase, type StorageState } from "./support";
import { chicagoWallTime } from "../support/visits";

/**
 * Homes of a visit spec's own, and their offered times by day and hour: the office shows
 * one home at a time, so each spec books hours no other spec uses.
 */

export type TestHome = { name: string; town: string; street?: string; lat?: number; lng?: number };

/** The home's id, inserted (active, available) the first time it is asked for. */
export function testHomeId(home: TestHome): number {
  return withE2eDatabase((db) => {
    const found = db.prepare("select id from properties where name = ?").get(home.name) as { id: number } | undefined;
    if (found) return found.id;
    return Number(
      db
        .prepare(
          "insert into properties (name, location, latitude, longitude, street_address, price, image_url, beds, baths, sqft, description, is_active) values (?, ?, ?, ?, ?, '$900/month', '/objects/demo/home-1.webp', '2', '1', '880', 'A home for the visit tests.', 1)",
        )
        .run(home.name, home.town, home.lat ?? null, home.lng ?? null, home.street ?? null).lastInsertRowid,
    );
  });
}

/** The days the home offers (office dates, in order) and the offered time at a day and hour (ISO, as the JSON call gives it). */
export async function offeredByDay(request: APIRequestContext, homeId: number) {
  const offered = ((await (await request.get(`/api/properties/${homeId}/visit-times`)).json()) as { times: string[] }).times;
  const days = [...new Set(offered.map((time) => chicagoWallTime(Date.parse(time)).slice(0, 10)))];
  const at = (day: string, hour: number) => {
    const time = offered.find((candidate) => chicagoWallTime(Date.parse(candidate)) === `${day} ${String(hour).padStart(2, "0")}:00`);
    if (!time) throw new Error(`${day} ${hour}:00 is not offered`);
    return time;
  };
  return { days, at };
}

/**
 * A visit spec's set-up: its admin signed in once, its home inserted before the tests,
 * and the visit requests it made (each pushed to `lastNames`) deleted after them.
 */
export function visitSpecSetUp(admin: string, home: TestHome) {
  const lastNames: string[] = [];
  let adminState: StorageState | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    adminState = await signedInState(browser, testInfo, admin);
    testHomeId(home);
  });
  test.afterAll(() => {
    withE2eDatabase((db) => {
      for (const lastName of lastNames) db.prepare("delete from contact_messages where last_name = ?").run(lastName);
    });
  });
  return {
    lastNames,
    homeId: () => testHomeId(home),
    adminState: (): StorageState => {
      if (!adminState) throw new Error("the admin is signed in before the tests");
      return adminState;
    },
  };
}
