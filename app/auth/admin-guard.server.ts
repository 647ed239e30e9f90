import { redirect, redirectDocument } from "react-router";
import { json } from "~/http/json-response";
import { getAdminIdentity, type AdminIdentity } from "~/models/admins.server";
import { isWhitelisted } from "~/models/whitelist.server";
import { rememberSignInNetwork } from "~/auth/sign-in-networks.server";
import { passkeyStepBegun, signedOut } from "~/auth/sign-in-events.server";
import { safeRedirect } from "./safe-redirect";
import { endSignedInSession, SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS, type SignInMethod } from "~/models/sessions.server";
import { freshSession, getSession, hadSessionCookie, sessionStorage } from "./session.server";
import { DASHBOARD_PATH, LOGIN_PATH, PASSKEY_STEP_PATH } from "~/paths";
import { passkeyRequired } from "~/models/passkey-requirement.server";
import { beginPasskeyStep, passkeyStepIn, type FirstFactor } from "./passkey-step.server";
import { NO_STORE } from "~/http/no-store";
import { usedPasskey } from "./fresh-proof.server";

// Refreshing lastSeenAt on every request would write on every request; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/** No admin: `passkeyStep` when the browser is in the passkey step (it may go on there), `expired` when its session ended. */
type AdminCheck = { admin: AdminIdentity } | { admin: null; expired: boolean; passkeyStep?: true };

/**
 * The signed-in admin, checked on every request: the session row exists, is within the
 * idle timeout and the absolute lifetime, and its address is still on the whitelist.
 * A session that fails any check is deleted. A session in the passkey step has no admin
 * (app/auth/passkey-step.server.ts): it opens nothing but the step.
 */
export async function checkAdmin(request: Request): Promise<AdminCheck> {
  const session = await getSession(request);
  const email = session.get("adminEmail");
  if (typeof email !== "string") {
    const step = await passkeyStepIn(session);
    if (step.state === "pending") return { admin: null, expired: false, passkeyStep: true };
    return { admin: null, expired: step.state === "expired" || (await hadSessionCookie(request)) };
  }

  const now = Date.now();
  const signedInAt = Number(session.get("signedInAt") ?? 0);
  const lastSeenAt = Number(session.get("lastSeenAt") ?? 0);
  const tooOld = now - signedInAt > SESSION_ABSOLUTE_LIFETIME_MS;
  const idle = now - lastSeenAt > SESSION_IDLE_TIMEOUT_MS;
  if (tooOld || idle || !isWhitelisted(email)) {
    await sessionStorage.destroySession(session);
    return { admin: null, expired: true };
  }
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    session.set("lastSeenAt", now);
    // Same id, so the cookie the browser holds stays valid; only the row changes.
    await sessionStorage.commitSession(session);
  }
  return { admin: getAdminIdentity(email) };
}

/** For page loaders and actions: the admin, or a redirect to the login page. */
export async function requireAdmin(request: Request): Promise<AdminIdentity> {
  const check = await checkAdmin(request);
  if (check.admin) return check.admin;
  const url = new URL(request.url);
  // Set by server/router-handler.ts for Remix's data requests (JavaScript running).
  const isDataRequest = request.headers.get("X-Data-Request") === "1";
  // A document load: the step's page is a page of its own, not the dashboard's.
  if (check.passkeyStep) throw redirectDocument(PASSKEY_STEP_PATH);
  const params = new URLSearchParams();
  if (check.expired) params.set("error", "session_expired");
  const returnTo = url.pathname + url.search;
  if (returnTo !== DASHBOARD_PATH) params.set("redirectTo", returnTo);
  const search = params.toString();
  const target = `${LOGIN_PATH}${search ? `?${search}` : ""}`;
  // A data request means the page is running with JavaScript: a full document load
  // drops everything the browser held for the back office.
  throw isDataRequest ? redirectDocument(target) : redirect(target);
}

/** For JSON routes: the admin, or 401 with a JSON error. */
export async function requireAdminApi(request: Request): Promise<AdminIdentity> {
  const check = await checkAdmin(request);
  if (check.admin) return check.admin;
  throw json({ error: "Unauthorized" }, { status: 401, headers: NO_STORE });
}

/**
 * Signs an admin in by link or Google with a brand-new session (a fresh id, so an id
 * planted before sign-in is worthless) and redirects to the return-to path on our
 * origin. Both pathways end here, so here the client's network is remembered as one
 * this address signs in from (its own allowance of sign-in links, decision 031). While
 * a passkey is required for staff sign-in, the session is the passkey step instead, and
 * the redirect goes to its page.
 */
export async function startAdminSession(
  request: Request,
  admin: AdminIdentity,
  from: { method: FirstFactor; clientIp: string; redirectTo?: string | null },
): Promise<Response> {
  if (passkeyRequired()) {
    await rememberSignInNetwork(admin.email, from.clientIp);
    const setCookie = await beginPasskeyStep(request, admin, { method: from.method, redirectTo: from.redirectTo ?? null });
    passkeyStepBegun({ email: admin.email, clientIp: from.clientIp });
    return redirect(PASSKEY_STEP_PATH, { headers: { "Set-Cookie": setCookie } });
  }
  const { target, setCookie } = await beginAdminSession(request, admin, from);
  return redirect(target, { headers: { "Set-Cookie": setCookie } });
}

/** What startAdminSession does, for a caller that answers in JSON (a passkey's sign-in): the session's cookie and where to go. */
export async function beginAdminSession(
  request: Request,
  admin: AdminIdentity,
  from: { method: SignInMethod; clientIp: string; redirectTo?: string | null },
): Promise<{ target: string; setCookie: string }> {
  const { method, clientIp, redirectTo } = from;
  await rememberSignInNetwork(admin.email, clientIp);
  const session = await freshSession(request);
  const now = Date.now();
  session.set("adminEmail", admin.email);
  session.set("signedInAt", now);
  session.set("lastSeenAt", now);
  session.set("signInMethod", method);
  if (usedPasskey(method)) session.set("passkeyAt", now);
  return { target: safeRedirect(redirectTo, DASHBOARD_PATH), setCookie: await sessionStorage.commitSession(session) };
}

/**
 * Deletes the session row, so the old cookie is worthless even if replayed; the change
 * log and the sign-in events of the log record the sign-out.
 */
export async function endAdminSession(request: Request, clientIp: string | null): Promise<Response> {
  const session = await getSession(request);
  const email = session.get("adminEmail");
  if (session.id && typeof email === "string" && endSignedInSession(session.id, email)) signedOut({ email, clientIp });
  return redirect(LOGIN_PATH, { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
}
