import type { AdminIdentity } from "~/models/admins.server";
import type { SignInMethod } from "~/models/sessions.server";
import { isWhitelisted } from "~/models/whitelist.server";
import type { Session } from "react-router";
import { freshSession, getSession, sessionStorage, type SessionData } from "./session.server";

/**
 * The passkey step (docs/decisions/053-staff-passkeys.md): while the Settings tab's
 * 'Require a passkey for staff sign-in' is on, a sign-in by link or Google ends here
 * instead of in a signed-in session. The step is a session state of its own: its row
 * names the admin under `passkeyStep`, never `adminEmail`, so no dashboard page or admin
 * call sees a signed-in admin in it (app/auth/admin-guard.server.ts), and it lasts 10
 * minutes. A passkey of that admin's, or a first one they add, ends it in a signed-in
 * session.
 */

export const PASSKEY_STEP_LIFETIME_MS = 10 * 60_000;

/** The first factor's way in: the link or Google. */
export type FirstFactor = Extract<SignInMethod, "email" | "google">;

type StoredStep = { email: string; method: FirstFactor; since: number; redirectTo: string | null };

export type PasskeyStep = StoredStep & { sessionId: string; endsAt: number };

export type PasskeyStepCheck = { state: "none" } | { state: "expired" } | { state: "pending"; step: PasskeyStep };

function isStoredStep(value: unknown): value is StoredStep {
  const step = value as Partial<StoredStep> | null;
  return typeof step?.email === "string" && (step.method === "email" || step.method === "google") && typeof step.since === "number";
}

/**
 * Starts the step for `admin` in a brand-new session (a planted id is worthless, as at
 * any sign-in); its cookie and row end with the step.
 */
export async function beginPasskeyStep(
  request: Request,
  admin: AdminIdentity,
  from: { method: FirstFactor; redirectTo: string | null },
): Promise<string> {
  const session = await freshSession(request);
  session.set("passkeyStep", { email: admin.email, method: from.method, since: Date.now(), redirectTo: from.redirectTo } satisfies StoredStep);
  return sessionStorage.commitSession(session, { maxAge: PASSKEY_STEP_LIFETIME_MS / 1000 });
}

/**
 * The request's passkey step, checked as a session is at every request: within its 10
 * minutes and its address still on the whitelist. A step that fails a check is deleted.
 */
export async function readPasskeyStep(request: Request): Promise<PasskeyStepCheck> {
  return passkeyStepIn(await getSession(request));
}

/** The same, for a session already read (checkAdmin's, at every request). */
export async function passkeyStepIn(session: Session<SessionData>): Promise<PasskeyStepCheck> {
  const stored: unknown = session.get("passkeyStep");
  if (!session.id || stored === undefined) return { state: "none" };
  if (!isStoredStep(stored) || Date.now() - stored.since > PASSKEY_STEP_LIFETIME_MS || !isWhitelisted(stored.email)) {
    await sessionStorage.destroySession(session);
    return { state: "expired" };
  }
  return { state: "pending", step: { ...stored, sessionId: session.id, endsAt: stored.since + PASSKEY_STEP_LIFETIME_MS } };
}
