import { db } from "./client.server";

/**
 * Writes that change what the public site shows, told to whoever keeps copies of public
 * answers (the page cache, server/page-cache.ts), so that they are dropped after such a
 * write and only then (decision 065).
 *
 * Told by the database itself: a temporary trigger on each public table calls back into
 * the process on every row inserted, changed or deleted through the app's connection,
 * whichever model or query wrote it, so no write of public data can forget to say so. The
 * triggers are TEMP: they live in this connection alone, never in the database file, its
 * migrations or its backups. A write in another connection (another process on the file,
 * a tool) does not call them.
 */

/** What the public pages and JSON calls are made from. */
export const PUBLIC_TABLES = ["properties", "media", "faqs", "text_entries", "configurations"] as const;

const FUNCTION_NAME = "public_data_changed";

// The server and the Remix build are two module graphs on one connection (client.server.ts):
// the listeners live on globalThis, and the triggers are made once per connection.
type Holder = { listeners: Set<() => void>; watched: WeakSet<object> };
const holder = ((globalThis as unknown as { __publicChanges?: Holder }).__publicChanges ??= { listeners: new Set(), watched: new WeakSet() });

/**
 * Calls `listener` after every row written to a public table through the app's connection,
 * inside the write (before its transaction commits, which nothing else can run between:
 * the connection is synchronous). Returns what stops it.
 */
export function onPublicDataChange(listener: () => void): () => void {
  const client = db().$client;
  if (!holder.watched.has(client)) {
    client.function(FUNCTION_NAME, { deterministic: false, varargs: false }, () => {
      for (const each of holder.listeners) each();
      return null;
    });
    for (const table of PUBLIC_TABLES) {
      for (const event of ["insert", "update", "delete"]) {
        client.exec(`create temp trigger if not exists ${table}_${event}_public after ${event} on ${table} begin select ${FUNCTION_NAME}(); end`);
      }
    }
    holder.watched.add(client);
  }
  holder.listeners.add(listener);
  return () => holder.listeners.delete(listener);
}

/**
 * Moves when another connection commits to the database (another process, a tool): what
 * it changed is not told here, so a copy kept of public data may be out of date.
 */
export function otherConnectionsMark(): number {
  return db().$client.pragma("data_version", { simple: true }) as number;
}
