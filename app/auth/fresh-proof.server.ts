import { passkeyRequired } from "~/models/passkey-requirement.server";
import { countPasskeys } from "~/models/passkeys.server";
import type { ProofNeeded } from "~/models/passkey-form";
import type { AdminIdentity } from "~/models/admins.server";
import { getSession, type SessionData } from "./session.server";

/**
 * Fresh proof for a change to the sign-in factors (decision 062): while a passkey is
 * required for staff sign-in, adding or removing a passkey, switching the requirement
 * and removing another admin's passkeys need more than a session, which an e-mailed link
 * alone (or a stolen cookie) may have given. An admin with a passkey must have used it in
 * this session within the last 5 minutes; one with none must have signed in within them.
 * While the requirement is off the link alone signs in, so a session already is all a
 * sign-in is, and nothing more is asked.
 */

export const FRESH_PROOF_MS = 5 * 60_000;

/** Whether a sign-in used a passkey (alone, or as the passkey step): its session's `passkeyAt` is its time. */
export function usedPasskey(method: NonNullable<SessionData["signInMethod"]>): boolean {
  return method === "passkey" || method.endsWith("-and-passkey");
}

/** What the change still needs from this request's session, or null when it may go ahead. */
export async function proofNeeded(request: Request, admin: AdminIdentity): Promise<ProofNeeded | null> {
  if (!passkeyRequired()) return null;
  const session = await getSession(request);
  const since = (time: unknown) => Date.now() - Number(time ?? 0);
  if (countPasskeys(admin.email) > 0) return since(session.get("passkeyAt")) <= FRESH_PROOF_MS ? null : "passkey";
  return since(session.get("signedInAt")) <= FRESH_PROOF_MS ? null : "sign-in";
}
