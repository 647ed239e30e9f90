import { migrateDatabase, openDatabase, setDatabase, type AppDatabase } from "~/db/client.server";
import { seedDatabase } from "./seed.server";
import { fillMissingReadings } from "~/models/properties.server";
import type { Config } from "~/config/env.server";

/** Opens, migrates and seeds the database; everything else waits for this. */
export async function prepareDatabase(appConfig: Config): Promise<AppDatabase> {
  const database = openDatabase(appConfig.databasePath);
  migrateDatabase(database);
  setDatabase(database);
  await seedDatabase({ seedDemo: appConfig.seedDemo, adminEmails: appConfig.adminEmails });
  fillMissingReadings();
  // Table statistics for the query planner (SQLite's advice for a long-lived connection,
  // on open): without them it walks the is_active index where a plain scan of the homes
  // is twice as fast (filtered counts and text search on /properties). Cheap: it analyzes
  // only tables whose statistics are missing or stale, within a small budget.
  database.$client.pragma("optimize=0x10002");
  return database;
}

export function closeDatabase(database: AppDatabase) {
  setDatabase(undefined);
  database.$client.close();
}
