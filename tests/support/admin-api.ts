import type Database from "better-sqlite3";
import { afterAll, beforeAll, expect } from "vitest";
import { signInWithGoogle, startOAuthServer } from "./oauth";
import { freePort, startServer, withServerDatabase, type RunningServer, type StartOptions } from "./server";
import { startSmtpSink, type SmtpSink } from "./smtp";

/** Signs in a whitelisted address through the local OAuth server; returns the session cookie. */
export async function signInAdmin(
  oauth: Awaited<ReturnType<typeof startOAuthServer>>,
  appUrl: string,
  user: { email: string; sub: string; name?: string },
): Promise<string> {
  oauth.signInAs({ sub: user.sub, email: user.email, email_verified: true, name: user.name ?? user.email.split("@")[0] });
  const { sessionCookie, callback } = await signInWithGoogle(appUrl);
  const location = callback.headers.get("location");
  // On a refusal, the status and the page's start say why.
  const why = location === null ? `: ${callback.status} ${(await callback.text()).slice(0, 500)}` : "";
  expect(location, `sign-in of ${user.email}${why}`).toBe("/admin/dashboard");
  return sessionCookie!;
}

export type CallOptions = { method?: string; cookie?: string | null; body?: unknown; rawBody?: string };

/**
 * A JSON caller for one server, as the dashboard's browser sends: our Origin, the given
 * cookie (the default admin's unless `cookie` says otherwise, none when null), a JSON
 * body, and no redirect following.
 */
export function jsonCaller(app: () => RunningServer, defaultCookie: () => string) {
  return (path: string, init: CallOptions = {}) => {
    const server = app();
    const headers: Record<string, string> = { Origin: server.url };
    if (init.cookie !== null) headers.Cookie = init.cookie ?? defaultCookie();
    let body: string | undefined;
    if (init.rawBody !== undefined) body = init.rawBody;
    else if (init.body !== undefined) body = JSON.stringify(init.body);
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return fetch(`${server.url}${path}`, { method: init.method ?? "GET", headers, body, redirect: "manual" });
  };
}

export type JsonCall = ReturnType<typeof jsonCaller>;

/** A JSON answer with this status and body, never stored by a cache. */
export async function expectJson(response: Response, status: number, body: unknown) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await response.json()).toEqual(body);
}

export type SignedInApp = {
  app: RunningServer;
  cookie: string;
  /** The local OAuth server standing in for Google. */
  oauthUrl: string;
  /** Signs in another whitelisted address (put it in ADMIN_EMAILS through `env`); its cookie. */
  signIn: (email: string) => Promise<string>;
  /** A Google sign-in of `email` wherever it ends (the dashboard, the passkey step, a refusal): its callback's location and session cookie. */
  googleSignIn: (email: string) => Promise<{ location: string | null; cookie: string | null }>;
  stop: () => Promise<void>;
};

/**
 * The usual set-up of an admin suite: a local OAuth server, the built server with the
 * address on its whitelist (plus `env`), and that admin signed in through Google.
 */
export async function startSignedInApp(
  options: { email?: string; name?: string; env?: Record<string, string> } & Pick<StartOptions, "launcher" | "workDir" | "ownProcessGroup"> = {},
): Promise<SignedInApp> {
  const email = options.email ?? "staff@example.com";
  const oauth = await startOAuthServer();
  const app = await startServer({
    env: { ADMIN_EMAILS: email, GOOGLE_CLIENT_ID: "c", GOOGLE_CLIENT_SECRET: "s", GOOGLE_OAUTH_ISSUER: oauth.url, ...options.env },
    launcher: options.launcher,
    workDir: options.workDir,
    ownProcessGroup: options.ownProcessGroup,
  });
  const cookie = await signInAdmin(oauth, app.url, { email, sub: `g-${email}`, name: options.name });
  return {
    app,
    cookie,
    oauthUrl: oauth.url,
    signIn: (other) => signInAdmin(oauth, app.url, { email: other, sub: `g-${other}` }),
    googleSignIn: async (other) => {
      oauth.signInAs({ sub: `g-${other}`, email: other, email_verified: true, name: other.split("@")[0] });
      const { callback, sessionCookie } = await signInWithGoogle(app.url);
      return { location: callback.headers.get("location"), cookie: sessionCookie };
    },
    stop: async () => {
      await app.stop();
      await oauth.stop();
    },
  };
}

/**
 * startSignedInApp for a whole file: started before its first test, stopped after its
 * last. `app` and `cookie` are read once it has started; `call` is the admin's JSON
 * caller and `withDb` opens the server's database.
 */
export function signedInAppForFile(options: Parameters<typeof startSignedInApp>[0] = {}) {
  let site: SignedInApp | undefined;
  beforeAll(async () => {
    site = await startSignedInApp(options);
  });
  afterAll(async () => {
    await site?.stop();
  });
  const started = () => {
    if (!site) throw new Error("signedInAppForFile: the server has not started yet (read it in a test or a hook)");
    return site;
  };
  return {
    get app() {
      return started().app;
    },
    get cookie() {
      return started().cookie;
    },
    call: jsonCaller(() => started().app, () => started().cookie),
    withDb: <T>(work: (db: Database.Database) => T): T => withServerDatabase(started().app, work),
  };
}

/**
 * A form post as a browser without JavaScript sends it (our Origin, the cookie); when it
 * redirects, the page it leads to is fetched with the flash cookie it set.
 */
export async function postFormFollowed(server: RunningServer, cookie: string, path: string, fields: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  if (response.status !== 302) return { status: response.status, location: null, html: await response.text() };
  const flash = response.headers.getSetCookie().map((header) => header.split(";")[0]);
  const location = response.headers.get("location");
  const next = await fetch(`${server.url}${location}`, { headers: { Cookie: [cookie, ...flash].join("; ") } });
  return { status: 302, location, html: await next.text() };
}

/** The office's sender in the suites that read mail. */
export const OFFICE_MAIL = "office@lonestar.example";

/**
 * startSignedInApp with its mail going to a real SMTP server process (MAIL_FROM the
 * office's address), limits scaled up and logs quiet unless `env` says otherwise.
 */
export async function startSignedInAppWithMail(env: Record<string, string> = {}): Promise<{ site: SignedInApp; sink: SmtpSink; stop: () => Promise<void> }> {
  const smtpPort = await freePort();
  const sink = await startSmtpSink(smtpPort);
  const site = await startSignedInApp({ env: { MAIL_FROM: OFFICE_MAIL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "error", ...env } });
  return {
    site,
    sink,
    stop: async () => {
      await site.stop();
      await sink.stop();
    },
  };
}
