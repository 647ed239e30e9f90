import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * An error as an error line of the log holds it: the stack, so the fault can be found,
 * but never the values a failed query was given. Those are what visitors and admins
 * typed (a name, an address, a message), and a log is kept and read more widely than the
 * database. Drizzle's DrizzleQueryError puts them in its message ("params: ..."); here it
 * keeps its statement (placeholders only) and the error it wraps.
 */
export function errorForLog(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    return [`DrizzleQueryError: Failed query: ${error.query} (its ${error.params.length} values not logged)`, ...frames, `cause: ${errorForLog(error.cause)}`].join("\n");
  }
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
