import { OAuth2Server } from "oauth2-mock-server";

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

/** The session cookie an answer sets, as `name=value`: `__session`, or `__Host-session` when APP_URL is https. */
export function sessionCookieOf(response: Response): string | null {
  const header = response.headers.getSetCookie().find((cookie) => /^(?:__session|__Host-session)=/.test(cookie));
  return header ? header.split(";")[0] : null;
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
  const stateCookie = sessionCookieOf(start);
  const authorize = await fetch(authorizeUrl, { redirect: "manual" });
  const redirectedTo = new URL(authorize.headers.get("location")!);
  const callbackUrl = new URL(`${redirectedTo.pathname}${redirectedTo.search}`, appUrl);
  if (options.tamperState) callbackUrl.searchParams.set("state", "forged");
  const callback = await fetch(callbackUrl, { redirect: "manual", headers: { ...options.headers, Cookie: stateCookie ?? "" } });
  return { start, authorizeUrl, stateCookie, callback, sessionCookie: sessionCookieOf(callback) };
}
