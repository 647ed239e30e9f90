import { OAuth2Server } from "oauth2-mock-server";
import { startServer, type RunningServer } from "./server";

export type GoogleUser = { sub: string; email: string; email_verified: boolean; name: string; picture?: string };

/**
 * An OAuth 2 server on loopback standing in for Google (the app reaches it through
 * GOOGLE_OAUTH_ISSUER). Its userinfo answers with whoever `signInAs` named last.
 */
export async function startOAuthServer(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  let user: GoogleUser = { sub: "google-1", email: "staff@example.com", email_verified: true, name: "Staff Member" };
  server.service.on("beforeUserinfo", (response) => {
    response.body = { ...user };
    response.statusCode = 200;
  });
  await server.start(port, "127.0.0.1");
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    signInAs(next: GoogleUser) {
      user = next;
    },
    stop: () => server.stop(),
  };
}

/** The cookie (name=value) an answer sets under one of these names, or null. */
export function cookieOf(response: Response, ...names: string[]): string | null {
  const header = response.headers.getSetCookie().find((cookie) => names.some((name) => cookie.startsWith(`${name}=`)));
  return header ? header.split(";")[0] : null;
}

/** The session cookie an answer sets: `__session`, or `__Host-session` when APP_URL is https. */
export function sessionCookieOf(response: Response): string | null {
  return cookieOf(response, "__session", "__Host-session");
}

/** The Google sign-in's signed OAuth state cookie, set by GET /admin/auth/google (its https name after it). */
export const GOOGLE_STATE_COOKIE = "__google_state";
export const HTTPS_GOOGLE_STATE_COOKIE = "__Secure-google-state";

export function stateCookieOf(response: Response): string | null {
  return cookieOf(response, GOOGLE_STATE_COOKIE, HTTPS_GOOGLE_STATE_COOKIE);
}

/**
 * The browser's part of a Google sign-in: app, OAuth server, back to the app's callback,
 * reached at `appUrl` (the server under test) whatever the site's own address, its
 * APP_URL, that the callback URL names. `headers` go with the two requests to the app
 * (an X-Forwarded-For, say).
 */
export async function signInWithGoogle(appUrl: string, options: { tamperState?: boolean; headers?: Record<string, string> } = {}) {
  const start = await fetch(`${appUrl}/admin/auth/google`, { redirect: "manual", headers: options.headers });
  const authorizeUrl = new URL(start.headers.get("location")!);
  const stateCookie = stateCookieOf(start);
  const authorize = await fetch(authorizeUrl, { redirect: "manual" });
  const redirectedTo = new URL(authorize.headers.get("location")!);
  const callbackUrl = new URL(`${redirectedTo.pathname}${redirectedTo.search}`, appUrl);
  if (options.tamperState) callbackUrl.searchParams.set("state", "forged");
  const callback = await fetch(callbackUrl, { redirect: "manual", headers: { ...options.headers, Cookie: stateCookie ?? "" } });
  return { start, authorizeUrl, callbackUrl, stateCookie, callback, sessionCookie: sessionCookieOf(callback) };
}

export type GoogleSite = { app: RunningServer; oauth: Awaited<ReturnType<typeof startOAuthServer>>; stop: () => Promise<void> };

/** The built server with its Google sign-in pointed at a fresh OAuth server on loopback. */
export async function startServerWithGoogle(env: Record<string, string>): Promise<GoogleSite> {
  const oauth = await startOAuthServer();
  const app = await startServer({
    env: { GOOGLE_CLIENT_ID: "test-client", GOOGLE_CLIENT_SECRET: "test-secret", GOOGLE_OAUTH_ISSUER: oauth.url, ...env },
  });
  return {
    app,
    oauth,
    stop: async () => {
      await app.stop();
      await oauth.stop();
    },
  };
}
