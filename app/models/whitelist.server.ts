import { asc, eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { adminWhitelist } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { invitationMail } from "~/models/invitation-mail.server";
import { queueMail } from "~/services/mail/queue.server";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether two addresses are the same whitelist entry (compared case-insensitively). */
export function sameAddress(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

export function isWhitelisted(email: string): boolean {
  return Boolean(
    db().select({ id: adminWhitelist.id }).from(adminWhitelist).where(eq(adminWhitelist.email, normalizeEmail(email))).get(),
  );
}

export type WhitelistEntry = { id: number; email: string; addedBy: string; createdAt: Date };

// The columns an entry is read with, everywhere.
const entryColumns = { id: adminWhitelist.id, email: adminWhitelist.email, addedBy: adminWhitelist.addedBy, createdAt: adminWhitelist.createdAt };

/** Everyone who may sign in, oldest first (the bootstrap addresses lead). */
export function listWhitelist(): WhitelistEntry[] {
  return db()
    .select(entryColumns)
    .from(adminWhitelist)
    .orderBy(asc(adminWhitelist.createdAt), asc(adminWhitelist.id))
    .all();
}

export type AddToWhitelistResult = { kind: "added"; entry: WhitelistEntry } | { kind: "duplicate" };

/**
 * Adds an address (lowercased); the one already there is left as it is. `addedBy` is the
 * acting admin. With `invite`, an invitation mail is queued in the same transaction.
 */
export function addToWhitelist(email: string, addedBy: string, options: { invite?: boolean } = {}): AddToWhitelistResult {
  return writeTransaction((tx) => {
    const entry = tx
      .insert(adminWhitelist)
      .values({ email: normalizeEmail(email), addedBy: normalizeEmail(addedBy) })
      .onConflictDoNothing({ target: adminWhitelist.email })
      .returning(entryColumns)
      .get();
    if (!entry) return { kind: "duplicate" } as const;
    recordAudit({ actor: addedBy, entity: "whitelist", entityId: entry.id, action: "add", summary: `email: ${entry.email}` }, tx);
    if (options.invite) queueMail(invitationMail(entry.email, normalizeEmail(addedBy)), tx);
    return { kind: "added", entry } as const;
  });
}

export type RemoveFromWhitelistResult = { kind: "removed"; email: string } | { kind: "not_found" } | { kind: "self" };

/**
 * Takes an address off the whitelist. An admin never removes their own address
 * (compared case-insensitively), so the dashboard always keeps someone who can sign in.
 * The removed address's sessions end on their next request (requireAdmin checks).
 */
export function removeFromWhitelist(id: number, currentAdminEmail: string): RemoveFromWhitelistResult {
  return writeTransaction((tx) => {
    const entry = tx.select().from(adminWhitelist).where(eq(adminWhitelist.id, id)).get();
    if (!entry) return { kind: "not_found" } as const;
    if (sameAddress(entry.email, currentAdminEmail)) return { kind: "self" } as const;
    tx.delete(adminWhitelist).where(eq(adminWhitelist.id, id)).run();
    recordAudit({ actor: currentAdminEmail, entity: "whitelist", entityId: id, action: "remove", summary: `email: ${entry.email}` }, tx);
    return { kind: "removed", email: entry.email } as const;
  });
}

export function getWhitelistEntry(id: number): WhitelistEntry | undefined {
  return db()
    .select(entryColumns)
    .from(adminWhitelist)
    .where(eq(adminWhitelist.id, id))
    .get();
}
