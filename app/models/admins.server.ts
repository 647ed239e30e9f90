import { eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { recordAudit } from "./audit.server";
import { normalizeEmail } from "./whitelist.server";
import { passkeyRequired } from "./passkey-requirement.server";

export type AdminIdentity = { email: string; name: string };

/** Records a sign-in by e-mailed link: the admin row is made on first sign-in; the change log says so. */
export function recordEmailSignIn(email: string): AdminIdentity {
  return recordSignInOf(email, "email link");
}

/** Records a sign-in with a passkey: the admin row is made or refreshed; the change log says so. */
export function recordPasskeySignIn(email: string): AdminIdentity {
  return recordSignInOf(email, "passkey");
}

/** The change log's summary of a sign-in: a link or Google only begins one while a passkey is required. */
function signInSummary(method: string, reader: Parameters<typeof passkeyRequired>[0]): string {
  return method !== "passkey" && passkeyRequired(reader) ? `method: ${method}; the passkey step follows` : `method: ${method}`;
}

function recordSignInOf(email: string, method: string): AdminIdentity {
  const address = normalizeEmail(email);
  return writeTransaction((tx) => {
    const row = tx
      .insert(adminUsers)
      .values({ email: address, name: address.split("@")[0], lastLoginAt: new Date() })
      .onConflictDoUpdate({ target: adminUsers.email, set: { lastLoginAt: new Date() } })
      .returning()
      .get();
    recordAudit({ actor: address, entity: "session", action: "sign-in", summary: signInSummary(method, tx) }, tx);
    return { email: row.email, name: row.name ?? row.email };
  });
}

/** Records a Google sign-in: the row is found by googleId (or e-mail) and refreshed; the change log says so. */
export function recordGoogleSignIn(profile: { googleId: string; email: string; name: string; imageUrl: string | null }): AdminIdentity {
  const address = normalizeEmail(profile.email);
  const values = { googleId: profile.googleId, email: address, name: profile.name, imageUrl: profile.imageUrl, lastLoginAt: new Date() };
  return writeTransaction((tx) => {
    const existing =
      tx.select().from(adminUsers).where(eq(adminUsers.googleId, profile.googleId)).get() ??
      tx.select().from(adminUsers).where(eq(adminUsers.email, address)).get();
    const row = existing
      ? tx.update(adminUsers).set(values).where(eq(adminUsers.id, existing.id)).returning().get()
      : tx.insert(adminUsers).values(values).returning().get();
    recordAudit({ actor: address, entity: "session", action: "sign-in", summary: signInSummary("google", tx) }, tx);
    return { email: row.email, name: row.name ?? row.email };
  });
}

export function getAdminIdentity(email: string): AdminIdentity {
  const row = db().select().from(adminUsers).where(eq(adminUsers.email, normalizeEmail(email))).get();
  return { email: normalizeEmail(email), name: row?.name || normalizeEmail(email) };
}
