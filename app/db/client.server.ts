import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

// Resolved beside this file: migrations run from server.ts and scripts (not the
// Remix bundle), whatever the working directory (which holds ./data).
const migrationsFolder = () => fileURLToPath(new URL("./migrations", import.meta.url));

/** Opens the SQLite file with the settings every connection needs. */
export function openDatabase(file: string): AppDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return drizzle(sqlite, { schema }) as AppDatabase;
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
