import { and, eq, gt, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { normalizeEmail } from "~/models/whitelist.server";
import { SESSION_ABSOLUTE_LIFETIME_MS, type SignInMethod } from "~/utils/session.server";

/**
 * An admin's own sessions, for the Admins tab (ASVS 7.5.2): where they are signed in,
 * and a way to end every session but the one in hand. Sessions are rows of the sessions
 * table (app/utils/session.server.ts); their ids never leave the server.
 */
export type AdminSessionSummary = {
  current: boolean;
  device: string;
  method: SignInMethod | "unknown";
  signedInAt: number;
  lastSeenAt: number;
};

const ownedBy = (email: string) => sql`lower(json_extract(${sessions.sess}, '$.adminEmail')) = ${normalizeEmail(email)}`;

export function listOwnSessions(email: string, currentSessionId: string | undefined): AdminSessionSummary[] {
  const now = Date.now();
  const rows = db()
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .where(and(ownedBy(email), gt(sessions.expire, new Date(now))))
    .all();
  return rows
    .map(({ sid, sess }) => {
      const data = JSON.parse(sess) as Record<string, unknown>;
      const method = data.signInMethod === "email" || data.signInMethod === "google" ? data.signInMethod : "unknown";
      return {
        current: sid === currentSessionId,
        device: typeof data.device === "string" ? data.device : "Unknown device",
        method,
        signedInAt: Number(data.signedInAt ?? 0),
        lastSeenAt: Number(data.lastSeenAt ?? 0),
      } satisfies AdminSessionSummary;
    })
    .filter((session) => now - session.signedInAt <= SESSION_ABSOLUTE_LIFETIME_MS)
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
}

/** Ends every session of this admin but the current one; the change log records how many. */
export function endOtherSessions(email: string, currentSessionId: string): number {
  return db().transaction((tx) => {
    const ended = tx
      .delete(sessions)
      .where(and(ownedBy(email), ne(sessions.sid, currentSessionId)))
      .run().changes;
    if (ended > 0) {
      recordAudit({ actor: email, entity: "session", action: "sign-out-others", summary: `${ended} other ${ended === 1 ? "session" : "sessions"}` }, tx);
    }
    return ended;
  });
}
