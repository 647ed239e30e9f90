// The search alerts' part of `npm run bench`: with `npm run seed:scale`'s catalogue (5,000
// homes) and 10,000 confirmed alerts, how long publishing one home takes to find its
// subscribers (alertsMatchingHome, what recordAlertMatches runs when a home is saved),
// and recordAlertMatches as a whole (the matches written as well). Budget: 200 ms.
// Compiled to build/bench-alerts.js by scripts/build-server.mjs:
//
//   npm run build && node build/bench-alerts.js      (or: node scripts/bench-alerts.mjs)
//
// A throw-away database in a temp folder: seeded by build/seed-scale.js, then 10,000
// confirmed and 1,000 pending alerts built as visitors build their searches (mostly a
// town or nothing in the search box, rent or buy, a price band, a room count), drawn by a
// fixed generator so that two runs time the same rows. Then six homes are published one
// after the other (added switched off, then switched on): the first is timed cold, the
// median of the other five is the figure. It reports; it exits 0 whatever the figures.
// With --json the last line is the figures as JSON (scripts/bench-alerts.mjs reads it).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { db, migrateDatabase, openDatabase, setDatabase } from "../app/db/client.server";
import { properties, searchAlerts } from "../app/db/schema";
import { matchHomeToAlerts, queueAlertCheck } from "../app/models/search-alert-matching.server";

const CONFIRMED = 10_000;
const PENDING = 1_000;
const TIMED_RUNS = 5;
const BUDGET_MS = 200;
const ROWS_PER_INSERT = 500;

// As scripts/seed-scale.ts spells its homes' towns and communities.
const TOWNS = ["Fort Worth", "Arlington", "Mansfield", "Denton", "Waco", "Tyler", "Killeen", "San Marcos"] as const;
const ZIPS: Record<(typeof TOWNS)[number], string> = {
  "Fort Worth": "76116",
  Arlington: "76010",
  Mansfield: "76063",
  Denton: "76201",
  Waco: "76706",
  Tyler: "75701",
  Killeen: "76541",
  "San Marcos": "78666",
};
const COMMUNITIES = ["Oak Hollow", "Cedar Ridge", "Pecan Grove", "Bluebonnet Park", "Mesquite Trails", "Live Oak Village"];
// What else people type in the search box: a zip code, the state, a street-ish word, a
// place the catalogue does not have, letters beyond ASCII (the casefold path).
const OTHER_TEXT = ["TX", "Fort Worth, TX", "mobile home", "3 bedroom", "near school", "Burleson", "Keller", "Peñasco", "Álamo", "cerca de Waco", "porch", "lot 12", "Community"];
const RENT_BANDS: [number | null, number | null][] = [
  [null, null],
  [null, 800],
  [null, 1_000],
  [null, 1_200],
  [null, 1_500],
  [500, 1_000],
  [800, 1_200],
  [1_000, 1_500],
  [1_000, null],
];
const SALE_BANDS: [number | null, number | null][] = [
  [null, null],
  [null, 50_000],
  [null, 80_000],
  [null, 100_000],
  [50_000, 100_000],
  [80_000, 150_000],
  [100_000, null],
];

/** The same small generator as seed-scale's, with its own seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)], int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}
type Random = ReturnType<typeof random>;

type Search = { q: string; kind: "rent" | "sale" | null; minPrice: number | null; maxPrice: number | null; beds: number | null; baths: number | null };

/** One visitor's search, shaped like the /properties form's. */
function search(rnd: Random): Search {
  const roll = rnd.next();
  let q = "";
  if (roll < 0.4) q = "";
  else if (roll < 0.75) q = rnd.pick(TOWNS);
  else if (roll < 0.8) q = rnd.pick(TOWNS).toLowerCase();
  else if (roll < 0.85) q = ZIPS[rnd.pick(TOWNS)];
  else if (roll < 0.93) q = rnd.pick(COMMUNITIES);
  else q = rnd.pick(OTHER_TEXT);
  const kindRoll = rnd.next();
  const kind = kindRoll < 0.35 ? null : kindRoll < 0.8 ? "rent" : "sale";
  // A price band for the kind; without a kind, either kind's bands or none.
  const bands = kind === "rent" ? RENT_BANDS : kind === "sale" ? SALE_BANDS : rnd.next() < 0.6 ? [[null, null] as [null, null]] : rnd.pick([RENT_BANDS, SALE_BANDS]);
  let [minPrice, maxPrice] = rnd.pick(bands);
  // One in twenty types a figure of their own.
  if (kind === "rent" && rnd.next() < 0.05) maxPrice = rnd.int(6, 20) * 100;
  if (kind === "sale" && rnd.next() < 0.05) [minPrice, maxPrice] = [null, rnd.int(4, 15) * 10_000];
  const beds = rnd.next() < 0.4 ? null : rnd.int(1, 4);
  const baths = rnd.next() < 0.6 ? null : rnd.int(1, 3);
  return { q, kind, minPrice, maxPrice, beds, baths };
}

function insertAlerts(rnd: Random) {
  const now = Date.now();
  const rows: (typeof searchAlerts.$inferInsert)[] = [];
  for (let i = 1; i <= CONFIRMED + PENDING; i++) {
    const confirmed = i <= CONFIRMED;
    rows.push({
      // Some addresses follow two or three searches.
      email: `visitor${rnd.int(1, 8_000)}@example.com`,
      language: rnd.next() < 0.35 ? ("es" as const) : ("en" as const),
      // Unique with the address whatever the search (matching never reads it).
      filters: `bench-${i}`,
      ...search(rnd),
      status: confirmed ? ("confirmed" as const) : ("pending" as const),
      mailbox: "",
      confirmExpiresAt: confirmed ? null : new Date(now + 48 * 3_600_000),
      confirmedAt: confirmed ? new Date(now - rnd.int(0, 365) * 86_400_000) : null,
      linkToken: randomBytes(32).toString("base64url"),
    });
  }
  db().transaction((tx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) tx.insert(searchAlerts).values(rows.slice(start, start + ROWS_PER_INSERT)).run();
  });
}

/** How many different values each group of filters takes among the confirmed alerts: the queries matching may ask. */
function distinctValues() {
  const count = (expression: ReturnType<typeof sql>) =>
    db()
      .select({ n: sql<number>`count(distinct ${expression})` })
      .from(searchAlerts)
      .where(eq(searchAlerts.status, "confirmed"))
      .get()?.n ?? 0;
  return {
    q: count(sql`nullif(${searchAlerts.q}, '')`),
    kind: count(sql`${searchAlerts.kind}`),
    price: count(sql`case when ${searchAlerts.minPrice} is null and ${searchAlerts.maxPrice} is null then null else coalesce(${searchAlerts.minPrice}, '') || '-' || coalesce(${searchAlerts.maxPrice}, '') end`),
    beds: count(sql`${searchAlerts.beds}`),
    baths: count(sql`${searchAlerts.baths}`),
  };
}

/** A home as the admin adds it, switched off (seed-scale's shapes); one in six has no price to read ('Call for price'). */
function addHome(rnd: Random, n: number): number {
  const town = rnd.pick(TOWNS);
  const noPrice = n % 6 === 0;
  const rent = rnd.next() < 0.7;
  const amount = rent ? rnd.int(650, 1_900) : rnd.int(35, 140) * 1_000;
  const beds = rnd.int(1, 4);
  const baths = rnd.int(1, 3);
  return db()
    .insert(properties)
    .values({
      name: `${rnd.pick(COMMUNITIES)} Community, Lot ${9_000 + n}`,
      location: `${town}, TX ${ZIPS[town]}`,
      price: noPrice ? "Call for price" : rent ? `$${amount.toLocaleString("en-US")}/month` : `$${amount.toLocaleString("en-US")}`,
      priceAmount: noPrice ? null : amount,
      priceKind: noPrice ? null : rent ? "rent" : "sale",
      imageUrl: "/objects/demo/home-1.webp",
      beds: String(beds),
      baths: String(baths),
      bedsCount: beds,
      bathsCount: baths,
      sqft: "1200",
      description: `A ${beds}-bedroom manufactured home in ${town}.`,
      isActive: false,
    })
    .returning({ id: properties.id })
    .get().id;
}

const msSince = (start: number) => performance.now() - start;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => value.toLocaleString("en-US");

type Run = { home: string; subscribers: number; matchMs: number; recordMs: number; readMs: number };

async function publishAndTime(rnd: Random, n: number): Promise<Run> {
  const id = addHome(rnd, n);
  const home = db().select().from(properties).where(eq(properties.id, id)).get()!;
  // Switched on: now the public sees it, and its followers are to be found.
  db().update(properties).set({ isActive: true }).where(eq(properties.id, id)).run();

  // What the save itself does now: it notes the home for the matching, which runs after.
  let start = performance.now();
  db().transaction((tx) => queueAlertCheck(id, "new", tx));
  const matchMs = msSince(start);

  // The part of it that only reads the confirmed alerts' filters, for comparison.
  start = performance.now();
  db()
    .select({ id: searchAlerts.id, q: searchAlerts.q, kind: searchAlerts.kind, minPrice: searchAlerts.minPrice, maxPrice: searchAlerts.maxPrice, beds: searchAlerts.beds, baths: searchAlerts.baths })
    .from(searchAlerts)
    .where(eq(searchAlerts.status, "confirmed"))
    .all();
  const readMs = msSince(start);

  // The matching, off the request, in steps: the matches written for the next digests.
  start = performance.now();
  const subscribers = await matchHomeToAlerts(id, "new");
  const recordMs = msSince(start);

  const label = `${home.location.split(",")[0]}, ${home.price}, ${home.beds} bd / ${home.baths} ba`;
  return { home: label, subscribers, matchMs, recordMs, readMs };
}

async function main() {
  const json = process.argv.includes("--json");
  const started = performance.now();
  const seedScript = fileURLToPath(new URL("./seed-scale.js", import.meta.url));
  if (!fs.existsSync(seedScript)) throw new Error(`${seedScript} is missing: run npm run build first`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-bench-alerts-"));
  const databasePath = path.join(workDir, "data", "app.db");
  try {
    console.log(`== search alerts: publishing one home among ${count(CONFIRMED)} confirmed alerts on seed:scale's catalogue`);
    console.log(`  load average (1 min): ${os.loadavg()[0].toFixed(2)} on ${os.availableParallelism?.() ?? os.cpus().length} cores`);
    let t = performance.now();
    execFileSync(process.execPath, [seedScript], { cwd: workDir, env: { ...process.env, DATABASE_PATH: databasePath }, stdio: "ignore", timeout: 120_000 });
    const database = openDatabase(databasePath);
    migrateDatabase(database);
    setDatabase(database);
    const rnd = random(20_261_127);
    const seedMs = msSince(t);
    t = performance.now();
    insertAlerts(rnd);
    database.$client.pragma("optimize");
    const homes = db().select({ n: sql<number>`count(*)` }).from(properties).where(eq(properties.isActive, true)).get()?.n ?? 0;
    console.log(`  seeded ${count(homes)} public homes in ${(seedMs / 1000).toFixed(1)} s; ${count(CONFIRMED)} confirmed and ${count(PENDING)} pending alerts added in ${ms(msSince(t))}`);
    const distinct = distinctValues();
    const queries = 1 + Object.values(distinct).reduce((a, b) => a + b, 0);
    console.log(
      `  distinct values among the confirmed searches: q ${distinct.q}, kind ${distinct.kind}, price range ${distinct.price}, beds ${distinct.beds}, baths ${distinct.baths}` +
        ` (at most ${queries} one-row queries per home)`,
    );

    const runs: Run[] = [];
    for (let n = 0; n <= TIMED_RUNS; n++) {
      const run = await publishAndTime(rnd, n);
      runs.push(run);
      console.log(
        `  ${n === 0 ? "cold " : `run ${n}`}  ${run.home.padEnd(40)} ${count(run.subscribers).padStart(6)} subscribers: ` +
          `the save's part ${ms(run.matchMs)} (reading the searches ${ms(run.readMs)}), matching off the request ${ms(run.recordMs)}`,
      );
    }
    const timed = runs.slice(1);
    const result = {
      confirmed: CONFIRMED,
      pending: PENDING,
      homes,
      distinct,
      cold: runs[0],
      runs: timed,
      subscribers: median(timed.map((run) => run.subscribers)),
      matchMs: median(timed.map((run) => run.matchMs)),
      recordMs: median(timed.map((run) => run.recordMs)),
      readMs: median(timed.map((run) => run.readMs)),
      maxMatchMs: Math.max(...timed.map((run) => run.matchMs)),
      budgetMs: BUDGET_MS,
    };
    console.log(
      `  search alerts: ${count(CONFIRMED)} confirmed, publishing one home costs the save ${Math.round(result.matchMs)} ms (${count(Math.round(result.subscribers))} subscribers found after it) ` +
        `(median of ${TIMED_RUNS}; cold ${Math.round(runs[0].matchMs)} ms; budget ${BUDGET_MS} ms)`,
    );
    console.log(`  matchHomeToAlerts(id, "new") off the request, matches written: ${Math.round(result.recordMs)} ms (median of ${TIMED_RUNS}; cold ${Math.round(runs[0].recordMs)} ms)`);
    console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
    database.$client.close();
    setDatabase(undefined);
    if (json) console.log(`BENCH_ALERTS_JSON ${JSON.stringify(result)}`);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.log(`  search alerts bench failed: ${error instanceof Error ? error.stack : String(error)}`);
}
process.exit(0);
