// npm run admin:reset-passkeys -- EMAIL: removes every passkey of one admin, for a site
// whose only admin lost all of theirs (with two admins, the other removes them in the
// Admins tab). The change log records it as done from the command line. Works while the
// site runs.
import fs from "node:fs";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { ConfigError, readConfig } from "../app/config/env.server";
import { removeAllPasskeys } from "../app/models/passkeys.server";
import { normalizeEmail } from "../app/models/whitelist.server";
import { createFilesPrivately } from "../server/private-files";

function main() {
  // The database's -wal and -shm files, if this makes them, are readable by this user only.
  createFilesPrivately();
  const email = process.argv[2]?.trim();
  if (!email || !email.includes("@")) {
    console.error("Usage: npm run admin:reset-passkeys -- EMAIL");
    process.exit(2);
  }
  const config = readConfig();
  if (!fs.existsSync(config.databasePath)) {
    console.error(`No database at ${config.databasePath}`);
    process.exit(1);
  }
  const database = openDatabase(config.databasePath);
  setDatabase(database);
  try {
    const removed = removeAllPasskeys(email, "command line");
    console.log(`${removed} passkey${removed === 1 ? "" : "s"} of ${normalizeEmail(email)} removed.`);
  } finally {
    setDatabase(undefined);
    database.$client.close();
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
