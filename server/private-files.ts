import fs from "node:fs";
import path from "node:path";

/**
 * What the site keeps on disk (the database with its WAL, sign-in links and leads in the
 * outbox, uploads, backups, the session secret) is for the server's own user only: files
 * 0600, folders 0700, whatever umask the process was started with (a container runtime,
 * a service manager or a shell may hand it 022 or 000).
 */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/** From now on every file and folder this process creates is private. Call before any is made. */
export function createFilesPrivately() {
  process.umask(PRIVATE_UMASK);
}

/**
 * Brings what an earlier version (or another umask) left in the data folder to the same
 * modes: the folder and everything under it, and the database's files (also when kept
 * elsewhere). Returns what could not be changed (owned by another user, say), for a warning.
 */
export function tightenDataModes(dataDir: string, databasePath: string): string[] {
  const failed: string[] = [];
  const tighten = (target: string, mode: number) => {
    try {
      fs.chmodSync(target, mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") failed.push(target);
    }
  };
  const walk = (folder: string) => {
    // A folder already private was made under this rule, and so was everything in it:
    // later starts cost one stat, not one per upload.
    try {
      if ((fs.statSync(folder).mode & 0o777) === PRIVATE_FOLDER) return;
    } catch {
      return;
    }
    tighten(folder, PRIVATE_FOLDER);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const target = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(target);
      else if (entry.isFile()) tighten(target, PRIVATE_FILE);
    }
  };
  if (fs.existsSync(dataDir)) walk(dataDir);
  for (const suffix of ["", "-wal", "-shm"]) tighten(databasePath + suffix, PRIVATE_FILE);
  return failed;
}
