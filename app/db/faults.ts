/**
 * The two ways the database can refuse a request that is otherwise fine, and how each is
 * answered (docs/decisions/027-database-faults.md):
 *
 * - busy: another connection (Litestream, a second process, a backup, a person with the
 *   sqlite3 shell) held the write lock past our busy_timeout (app/db/client.server.ts;
 *   our transactions wait for it from their start, decision 061). Nothing was written;
 *   the same request will most likely work in a few seconds: 503 with Retry-After.
 * - full: the disk (or the file's size limit) has no room for the write. SQLite rolled
 *   the transaction back; trying again will not help until someone frees space: 507.
 *
 * Shared by the server and the browser (the error pages pick their texts by status).
 */

export type DatabaseFault = "busy" | "full";

export const DATABASE_FAULT_STATUS: Record<DatabaseFault, number> = { busy: 503, full: 507 };

/** How long a busy answer asks the client to wait: the lock holder usually needs less. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

// better-sqlite3's SqliteError codes, extended ones included (SQLITE_BUSY_SNAPSHOT,
// SQLITE_BUSY_RECOVERY, SQLITE_LOCKED_SHAREDCACHE...).
const BUSY_CODE = /^SQLITE_(BUSY|LOCKED)(_[A-Z]+)?$/;
const FULL_CODE = "SQLITE_FULL";

/**
 * Whether an error, or an error it wraps (`cause`), is one of the two faults. Drizzle
 * passes better-sqlite3's SqliteError on as it is; some of its drivers and versions wrap
 * it in a DrizzleQueryError instead.
 */
export function databaseFaultOf(error: unknown): DatabaseFault | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (BUSY_CODE.test(code)) return "busy";
      if (code === FULL_CODE) return "full";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The fault an answer's status stands for: the app answers 503 and 507 for nothing else. */
export function databaseFaultOfStatus(status: number): DatabaseFault | null {
  if (status === DATABASE_FAULT_STATUS.busy) return "busy";
  if (status === DATABASE_FAULT_STATUS.full) return "full";
  return null;
}

/** The dictionary keys of a fault's title and text. */
export function databaseFaultTextKeys(fault: DatabaseFault): { title: string; text: string } {
  return { title: `error.${fault}.title`, text: `error.${fault}.text` };
}
