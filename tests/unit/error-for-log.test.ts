import Database from "better-sqlite3";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { errorForLog } from "~/utils/error-for-log";

/** The error SQLite itself gives for a broken constraint (the real driver, a database in memory). */
function constraintError(): Error {
  const sqlite = new Database(":memory:");
  sqlite.exec("create table contact_messages (email text primary key)");
  sqlite.prepare("insert into contact_messages values (?)").run("ana@example.com");
  try {
    sqlite.prepare("insert into contact_messages values (?)").run("ana@example.com");
  } catch (error) {
    return error as Error;
  } finally {
    sqlite.close();
  }
  throw new Error("the insert did not fail");
}

describe("errorForLog", () => {
  it("keeps a failed query's statement, where it was thrown and the error it wraps, but none of its values", () => {
    const cause = constraintError();
    const wrapped = new DrizzleQueryError(
      "insert into contact_messages (first_name, email, message) values (?, ?, ?)",
      ["Ana", "ana@example.com", "Call me at 214-555-0100"],
      cause,
    );
    const line = errorForLog(wrapped);
    expect(line).toContain("Failed query: insert into contact_messages (first_name, email, message) values (?, ?, ?)");
    expect(line).toContain("its 3 values not logged");
    expect(line).toMatch(/\n\s+at /);
    expect(line).toContain("cause: SqliteError: UNIQUE constraint failed: contact_messages.email");
    for (const value of ["Ana", "ana@example.com", "214-555-0100"]) expect(line).not.toContain(value);
  });

  it("gives any other error's stack, and a thrown value as text", () => {
    const error = new TypeError("cannot read the setting");
    expect(errorForLog(error)).toBe(error.stack);
    expect(errorForLog("a string thrown")).toBe("a string thrown");
  });
});
