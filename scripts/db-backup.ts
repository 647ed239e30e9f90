// npm run db:backup -- FILE: a consistent copy of the live database, taken online
// through SQLite's backup API while the site keeps serving.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { ConfigError, readConfig } from "../app/config/env.server";
import { createFilesPrivately } from "../server/private-files";

async function main() {
  // The copy holds everything the database does: readable by this user only.
  createFilesPrivately();
  const target = process.argv[2];
  if (!target) {
    console.error("Usage: npm run db:backup -- FILE");
    process.exit(2);
  }
  const config = readConfig();
  if (!fs.existsSync(config.databasePath)) {
    console.error(`No database at ${config.databasePath}`);
    process.exit(1);
  }
  const destination = path.resolve(target);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const source = new Database(config.databasePath, { fileMustExist: true });
  source.pragma("busy_timeout = 5000");
  await source.backup(destination);
  source.close();
  const copy = new Database(destination, { readonly: true });
  const check = copy.pragma("integrity_check", { simple: true });
  copy.close();
  if (check !== "ok") {
    console.error(`Backup written to ${destination} but integrity_check said: ${check}`);
    process.exit(1);
  }
  console.log(`Backup written to ${destination} (integrity_check: ok)`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
