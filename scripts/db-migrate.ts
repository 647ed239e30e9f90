// npm run db:migrate: applies pending migrations to DATABASE_PATH (start does this too).
import { migrateDatabase, openDatabase } from "../app/db/client.server";
import { ConfigError, readConfig } from "../app/config/env.server";

try {
  const config = readConfig();
  const database = openDatabase(config.databasePath);
  migrateDatabase(database);
  database.$client.close();
  console.log(`Database is up to date: ${config.databasePath}`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
