import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { distanceInMiles } from "../utils/distance";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

// Resolved beside this file: migrations run from server.ts and scripts (not the
// Remix bundle), whatever the working directory (which holds ./data).
const migrationsFolder = () => fileURLToPath(new URL("./migrations", import.meta.url));

// How long a statement waits for another connection's write lock before SQLITE_BUSY
// (answered 503, app/db/faults.ts). The wait blocks the process's one thread.
const BUSY_TIMEOUT_MS = 5000;

/** Opens the SQLite file with the settings every connection needs. */
export function openDatabase(file: string): AppDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  registerFunctions(sqlite);
  return drizzle(sqlite, { schema }) as AppDatabase;
}

/** The SQL function name of distanceInMiles: distance_miles(lat1, lon1, lat2, lon2), null when a point is missing. */
export const DISTANCE_FUNCTION = "distance_miles";

/** Functions our queries call, the same on every connection (the list near a place: app/models/browse-filter.server.ts). */
function registerFunctions(sqlite: Database.Database) {
  sqlite.function(DISTANCE_FUNCTION, { deterministic: true }, (fromLatitude, fromLongitude, toLatitude, toLongitude) =>
    [fromLatitude, fromLongitude, toLatitude, toLongitude].some((value) => typeof value !== "number")
      ? null
      : distanceInMiles({ latitude: fromLatitude as number, longitude: fromLongitude as number }, { latitude: toLatitude as number, longitude: toLongitude as number }),
  );
}

export function migrateDatabase(db: AppDatabase) {
  migrate(db, { migrationsFolder: migrationsFolder() });
}

// server.ts and the Remix server build are separate module graphs; both must use
// the one connection, so it lives on globalThis.
const holder = globalThis as unknown as { __appDb?: AppDatabase };

export function setDatabase(db: AppDatabase | undefined) {
  holder.__appDb = db;
}

export function db(): AppDatabase {
  if (!holder.__appDb) throw new Error("The database is not open yet");
  return holder.__appDb;
}

/** A transaction on the app's connection, as `writeTransaction` hands it to its work. */
export type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/**
 * Runs `work` in one transaction that takes the write lock at its start (BEGIN IMMEDIATE),
 * waiting for it up to the busy timeout as any single write does. A deferred transaction
 * (SQLite's default) that reads first and writes after cannot wait: when another
 * connection holds the write lock at that moment, or committed since the read, SQLite
 * answers SQLITE_BUSY at once. Litestream (REPLICA_URL) takes the write lock at each of its
 * checkpoints, and under a stream of writes one deferred read-then-write transaction in
 * ten failed that way; none does with this (docs/decisions/061-immediate-transactions.md).
 */
export function writeTransaction<T>(work: (tx: Transaction) => T): T {
  return db().transaction(work, { behavior: "immediate" });
}

/**
 * Runs `work` on the connection without waiting for another connection's write lock:
 * SQLITE_BUSY at once instead of after the busy timeout. For background work that can
 * simply try again later (the mail worker's poll), so that it never stops the one thread
 * that answers requests for seconds at a time. Synchronous, so nothing else runs on the
 * connection in between.
 */
export function withoutBusyWait<T>(work: () => T): T {
  const client = db().$client;
  client.pragma("busy_timeout = 0");
  try {
    return work();
  } finally {
    client.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
}

type Client = AppDatabase["$client"];
const changeMarks = new WeakMap<Client, Database.Statement<[], { own: number; others: number }>>();

/**
 * A value that changes whenever anything is committed to the database file: by this
 * connection (total_changes()) or by any other, in this process or another (SQLite's
 * data_version, which never moves for a connection's own commits). A few microseconds,
 * so that something made from the data can be checked on every use.
 */
export function databaseChangeMark(): string {
  const client = db().$client;
  let statement = changeMarks.get(client);
  if (!statement) {
    statement = client.prepare("select total_changes() as own, data_version as others from pragma_data_version()");
    changeMarks.set(client, statement);
  }
  const { own, others } = statement.get()!;
  return `${own}:${others}`;
}
