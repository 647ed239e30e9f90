import { withServerDatabase, type RunningServer } from "./server";

/**
 * A session's row as the server keeps it, found from the session cookie (its value is the
 * signed id: base64 of the id as JSON, a dot, the signature). Tests read it, and move its
 * times back to stand for a session older than it is (decision 062: no test waits 5 real
 * minutes for a proof to go stale).
 */

export function sessionIdOf(cookie: string): string {
  const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as string;
}

/** The data of the session a cookie names (null when its row is gone). */
export function sessionData(app: Pick<RunningServer, "databasePath">, cookie: string): Record<string, unknown> | null {
  const row = withServerDatabase(app, (db) => db.prepare("select sess from sessions where sid = ?").get(sessionIdOf(cookie)) as { sess: string } | undefined);
  return row ? (JSON.parse(row.sess) as Record<string, unknown>) : null;
}

/** Changes the data of the session a cookie names, as `change` says. */
export function editSessionData(app: Pick<RunningServer, "databasePath">, cookie: string, change: (data: Record<string, unknown>) => void): void {
  const data = sessionData(app, cookie);
  if (!data) throw new Error("no session row for this cookie");
  change(data);
  withServerDatabase(app, (db) => db.prepare("update sessions set sess = ? where sid = ?").run(JSON.stringify(data), sessionIdOf(cookie)));
}

/** Moves the session's sign-in and its last passkey use `ms` back: the proofs it holds are that much older. */
export function ageProofs(app: Pick<RunningServer, "databasePath">, cookie: string, ms: number): void {
  editSessionData(app, cookie, (data) => {
    for (const key of ["signedInAt", "passkeyAt"]) if (typeof data[key] === "number") data[key] = (data[key] as number) - ms;
  });
}
