import { migrateDatabase, openDatabase, setDatabase, type AppDatabase } from "./client.server";
import { seedDatabase } from "./seed.server";
import { fillMissingReadings } from "~/models/properties.server";
import type { Config } from "~/utils/env.server";

/** Opens, migrates and seeds the database; everything else waits for this. */
export async function prepareDatabase(appConfig: Config): Promise<AppDatabase> {
  const database = openDatabase(appConfig.databasePath);
  migrateDatabase(database);
  setDatabase(database);
  await seedDatabase({ seedDemo: appConfig.seedDemo, adminEmails: appConfig.adminEmails });
  fillMissingReadings();
  return database;
}

export function closeDatabase(database: AppDatabase) {
  setDatabase(undefined);
  database.$client.close();
}
