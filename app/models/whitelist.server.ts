import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminWhitelist } from "~/db/schema";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isWhitelisted(email: string): boolean {
  return Boolean(
    db().select({ id: adminWhitelist.id }).from(adminWhitelist).where(eq(adminWhitelist.email, normalizeEmail(email))).get(),
  );
}
