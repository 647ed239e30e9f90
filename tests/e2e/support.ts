import fs from "node:fs";
import path from "node:path";
import { expect, request, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { mailHeader, mimeParts, type ReceivedMail } from "../support/smtp";
import { editSessionData } from "../support/session-rows";

/** Opens a page; with JavaScript, waits until React has hydrated it. */
export async function openPage(page: Page, url: string, javaScriptEnabled = true) {
  const response = await page.goto(url);
  if (javaScriptEnabled) await page.locator("html[data-hydrated]").waitFor();
  return response;
}

// The sign-in mail goes through a real SMTP server process that the worker's site
// (fixtures.ts) starts; it files every message as a JSON file in E2E_MAIL_DIR.

/** What the worker's site fixture (fixtures.ts) put in the environment for these helpers. */
function fromSite(name: "E2E_MAIL_DIR" | "E2E_BASE_URL" | "E2E_DATABASE_PATH"): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (the site fixture of fixtures.ts sets it)`);
  return value;
}

const mailDir = () => fromSite("E2E_MAIL_DIR");

/** The names of the mails received so far, oldest first. */
export function mailFiles(): string[] {
  return fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()).filter((name) => name.endsWith(".json")).sort() : [];
}

/** The first mail to `to` that matches, among those received since `seen` was taken. */
export async function waitForMail(to: string, seen: ReadonlySet<string>, match: (mail: ReceivedMail) => boolean, what: string) {
  const dir = mailDir();
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        for (const name of mailFiles().filter((file) => !seen.has(file))) {
          const mail = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as ReceivedMail;
          if (mail.to.includes(to) && match(mail)) found = mail;
        }
        return Boolean(found);
      },
      { timeout: 20_000, message: what },
    )
    .toBe(true);
  return found!;
}

/** For waitForMail: a mail under `subject` whose text says `saying`. */
export const mailSays = (subject: string, saying: string) => (mail: ReceivedMail) =>
  mailHeader(mail.raw, "subject") === subject && (mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "").includes(saying);

/** The sign-in link of the first mail to the address that was not in the folder before. */
export async function waitForLink(to: string, seenBefore: ReadonlySet<string>, baseURL: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const name of mailFiles().filter((file) => !seenBefore.has(file))) {
          const mail = JSON.parse(fs.readFileSync(path.join(mailDir(), name), "utf8")) as ReceivedMail;
          if (!mail.to.includes(to)) continue;
          const text = mimeParts(mail.raw).find((part) => part.contentType === "text/plain")?.body ?? "";
          link = text.split(/\r?\n/).find((line) => line.startsWith(`${baseURL}/admin/auth/magic?token=`));
          if (link) return true;
        }
        return false;
      },
      { timeout: 20_000, message: `a sign-in mail to ${to}` },
    )
    .toBe(true);
  return link!;
}

/**
 * Signs in as an admin the way a person does: asks for a link on /admin/login, opens
 * it from the mail and confirms. Ends on the dashboard (or `landsOn`: the passkey step
 * while a passkey is required).
 */
export async function signInByMail(page: Page, options: { email: string; baseURL: string; javaScriptEnabled: boolean; landsOn?: RegExp }) {
  await openPage(page, "/admin/login", options.javaScriptEnabled);
  const seen = new Set(mailFiles());
  await page.getByRole("textbox", { name: "Email" }).fill(options.email);
  await page.getByRole("button", { name: "Send Login Link" }).click();
  await expect(page.getByText("Check your email for a login link.")).toBeVisible();
  const link = await waitForLink(options.email, seen, options.baseURL);
  await openPage(page, link, options.javaScriptEnabled);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(options.landsOn ?? /\/admin\/dashboard$/);
}

/** The session cookie this browser context holds, as a Cookie header names it (for tests/support/session-rows.ts). */
export async function sessionCookieIn(context: BrowserContext): Promise<string> {
  const session = (await context.cookies()).find((cookie) => cookie.name === "__session");
  if (!session) throw new Error("no session cookie in this browser context");
  return `${session.name}=${session.value}`;
}

/**
 * Sets when this browser's session signed in and last used a passkey, `minutesAgo`
 * (decision 062: a change to the sign-in factors needs one of them in the last 5
 * minutes). A browser without JavaScript cannot use a passkey, and no test waits 5
 * minutes, so the proofs are written into the session's row.
 */
export async function sessionProofsMade(context: BrowserContext, minutesAgo: number) {
  const at = Date.now() - minutesAgo * 60_000;
  editSessionData({ databasePath: e2eDatabasePath() }, await sessionCookieIn(context), (data) => Object.assign(data, { signedInAt: at, passkeyAt: at }));
}

export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

// The sessions this worker has signed in, by site and address.
const signedIn = new Map<string, StorageState>();

/** Whether the session in `state` still opens the dashboard (not ended, expired or signed out). */
async function stillSignedIn(state: StorageState, baseURL: string): Promise<boolean> {
  const api = await request.newContext({ baseURL, storageState: state });
  try {
    return (await api.get("/admin/dashboard", { maxRedirects: 0 })).status() === 200;
  } finally {
    await api.dispose();
  }
}

/**
 * Signs in for a whole file (the sign-in mail is rate-limited per address) and returns
 * the cookies, for `browser.newContext({ storageState })`. A session the worker signed in
 * earlier for the same address is used again while it still opens the dashboard, unless
 * `fresh` asks for a sign-in of its own (a test about what signing in leaves behind).
 */
export async function signedInState(browser: Browser, testInfo: TestInfo, email: string, options: { fresh?: boolean } = {}): Promise<StorageState> {
  const { javaScriptEnabled = true } = testInfo.project.use;
  const baseURL = e2eBaseURL();
  const key = `${baseURL} ${email}`;
  const known = signedIn.get(key);
  if (known && !options.fresh && (await stillSignedIn(known, baseURL))) return known;
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInByMail(await context.newPage(), { email, baseURL, javaScriptEnabled });
  const state = await context.storageState();
  await context.close();
  signedIn.set(key, state);
  return state;
}

/** A fresh context with those cookies, on a page opened at `path`. */
export async function openSignedIn(browser: Browser, options: { baseURL?: string; javaScriptEnabled: boolean; storageState: StorageState }, path: string) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await openPage(page, path, options.javaScriptEnabled);
  return { page, context };
}

/** The worker's site's address (fixtures.ts), for hooks, which have no baseURL. */
export const e2eBaseURL = () => fromSite("E2E_BASE_URL");

/** The worker's site's database file (fixtures.ts). */
export const e2eDatabasePath = () => fromSite("E2E_DATABASE_PATH");

/** Opens the e2e server's database for one piece of work, and closes it again. */
export function withE2eDatabase<T>(work: (db: Database.Database) => T, options?: Database.Options): T {
  const db = new Database(e2eDatabasePath(), options);
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/**
 * Takes the rows of `table` that match `where` out of the e2e database, for a state that
 * needs them gone (an empty list, a setting not made yet). The returned function puts
 * them back as they were, after removing whatever the test stored there meanwhile.
 */
export function setRowsAside(table: string, where: string, ...params: unknown[]): () => void {
  const rows = withE2eDatabase((db) => {
    const found = db.prepare(`select * from ${table} where ${where}`).all(...params) as Record<string, unknown>[];
    db.prepare(`delete from ${table} where ${where}`).run(...params);
    return found;
  });
  return () =>
    withE2eDatabase((db) => {
      db.prepare(`delete from ${table} where ${where}`).run(...params);
      for (const row of rows) {
        const columns = Object.keys(row);
        db.prepare(`insert into ${table} (${columns.join(", ")}) values (${columns.map((column) => `@${column}`).join(", ")})`).run(row);
      }
    });
}

/**
 * The one fixed wait the browser tests allow: where a test shows that something does
 * NOT happen (no request sent, no search started, no hydration before a key), there is
 * no event to wait on, so the page is given this long to do it wrongly. Anything a test
 * expects to happen is waited for as an event instead.
 */
export function quietPeriod(page: Page, ms: 300 | 500): Promise<void> {
  return page.waitForTimeout(ms);
}
