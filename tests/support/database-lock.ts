import http from "node:http";
import Database from "better-sqlite3";
import type { RunningServer } from "./server";

/**
 * Another connection holding the server's database's write lock, as a second process, a
 * maintenance script or a person in the sqlite3 shell may: BEGIN IMMEDIATE, which in WAL
 * mode is the same lock as BEGIN EXCLUSIVE. Readers are not blocked by it (WAL); every
 * writer waits the server's busy_timeout and then gets SQLITE_BUSY.
 */
export function holdWriteLock(app: Pick<RunningServer, "databasePath">): { release: () => void } {
  const db = new Database(app.databasePath);
  db.exec("BEGIN IMMEDIATE");
  return {
    release() {
      db.exec("ROLLBACK");
      db.close();
    },
  };
}

/** Runs `work` (requests, say) while another connection holds the write lock; releases it after. */
export async function whileLocked<T>(app: Pick<RunningServer, "databasePath">, work: () => Promise<T>): Promise<T> {
  const lock = holdWriteLock(app);
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** The shared count of writes (server/app.ts) for every client of the server, to tell when a request was counted. */
export function writeCountState(app: Pick<RunningServer, "databasePath">): string {
  const db = new Database(app.databasePath, { readonly: true });
  try {
    return JSON.stringify(db.prepare("select key, points, expire from rate_limits where key like 'writes%' order by key").all());
  } finally {
    db.close();
  }
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request whose body is sent in two parts, `between()` running after the first byte:
 * by then the server has read the headers and gone through its middleware, and waits
 * for the rest of the body before the app runs (a slow upload).
 */
export function requestInTwoParts(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
  between: () => Promise<void>,
): Promise<RawAnswer> {
  const bytes = Buffer.from(init.body, "utf8");
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: { ...init.headers, "Content-Length": String(bytes.length) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.write(bytes.subarray(0, 1));
    between().then(
      () => request.end(bytes.subarray(1)),
      (error: unknown) => {
        request.destroy();
        reject(error);
      },
    );
  });
}
