import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedInApp, type SignedInApp } from "../support/admin-api";
import { navigationTargetsIn } from "../support/html";
import { stateCookieOf } from "../support/oauth";
import { eventually } from "../support/eventually";
import { mailHeader } from "../support/smtp";

/**
 * Open redirects: every place the site reads where to send a visitor next from the
 * request (?redirectTo= of the login page, the sign-in link and its form, the JSON
 * sign-in request, the Google flow, the login redirect of admin pages, the way back
 * of the dashboard's forms, the sign-out, the language switch and the path itself), fed
 * a corpus of well-known tricks. The answer's Location, and every link, form target and
 * meta refresh of a page it renders that its plain twin does not already have, must
 * resolve to the site's own origin.
 */

const CORPUS = [
  "//evil.test",
  "/\\evil.test",
  "/%5Cevil.test",
  "/%5cevil.test",
  "/%2F%2Fevil.test",
  "/%2f/evil.test",
  "%2F%2Fevil.test",
  "https:evil.test",
  "https://evil.test",
  "HTTPS://EVIL.TEST/admin/dashboard",
  "http://evil.test/admin/dashboard",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "\\\\evil.test",
  "\\/evil.test",
  "/\\/evil.test",
  "/\t/evil.test",
  "/\n/evil.test",
  " //evil.test",
  "\t//evil.test",
  "http:/\\evil.test",
  "http:\\\\evil.test",
  "%0d%0aLocation: //evil.test",
  "/%0d%0aLocation:%20//evil.test",
  "\r\nLocation: //evil.test",
  "/%09/evil.test",
  "////evil.test",
  "/.//evil.test",
  "/./\\evil.test",
  "/..//evil.test",
  "/%2e%2e//evil.test",
  "/admin/../\\evil.test",
  "//evil.test@127.0.0.1",
  "/@evil.test",
  "//127.0.0.1@evil.test",
  "https://127.0.0.1.evil.test",
  "//%65vil.test",
  "／／evil.test",
  "/〱evil.test",
  "///\\;@evil.test",
  "evil.test",
];

/** What a benign value gives: the page's own outside links (social, maps) are not the corpus's doing. */
const BENIGN = "/admin/dashboard/faqs";
const WHITELISTED = "redirect@example.com";

let site: SignedInApp;
let origin: string;
let checks = 0;
/** The outside links every page has (the footer's social links, phone and mail), as the not-found page shows them. */
let siteLinks: Set<string>;
const targetsChecked = new Set<string>();

beforeAll(async () => {
  site = await startSignedInApp({ email: WHITELISTED, env: { RATE_LIMIT_FACTOR: "1000", LOG_LEVEL: "error" } });
  origin = new URL(site.app.url).origin;
  siteLinks = offSite(await get("/no-such-page"));
}, 60_000);

afterAll(async () => {
  console.log(`open-redirects: a corpus of ${CORPUS.length} targets, fed to ${targetsChecked.size} places that read where to go next, ${checks} answers checked`);
  await site?.stop();
});

// ---------------------------------------------------------------------------------
// Answers and what must hold of them

type Answer = { url: string; status: number; location: string | null; refresh: string | null; html: string };

async function answerOf(url: string, response: Response): Promise<Answer> {
  const type = response.headers.get("content-type") ?? "";
  return {
    url,
    status: response.status,
    location: response.headers.get("location"),
    refresh: response.headers.get("refresh"),
    html: type.startsWith("text/html") ? await response.text() : (await response.arrayBuffer(), ""),
  };
}

async function get(path: string, cookie?: string): Promise<Answer> {
  const url = `${site.app.url}${path}`;
  return answerOf(url, await fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }));
}

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
  const url = `${site.app.url}${path}`;
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: site.app.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return answerOf(url, response);
}

/** A GET of a path exactly as written (fetch would tidy "/\\", "/./" and tabs away first). */
function rawGet(rawPath: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port: site.app.port, path: rawPath, headers: { Host: new URL(site.app.url).host } }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (html += chunk));
      response.on("end", () =>
        resolve({
          url: `${site.app.url}${rawPath}`,
          status: response.statusCode ?? 0,
          location: response.headers.location ?? null,
          refresh: (response.headers.refresh as string | undefined) ?? null,
          html: String(response.headers["content-type"] ?? "").startsWith("text/html") ? html : "",
        }),
      );
    });
    request.on("error", reject);
  });
}

/** Where a link of the page at `base` leads, as a browser reads it; null when the browser would not go anywhere. */
function resolved(target: string, base: string): string | null {
  try {
    return new URL(target, base).origin;
  } catch {
    return null;
  }
}

/**
 * A page's ways off the site, each as "where (target)": another origin for a web link,
 * the scheme for any other (mailto:, tel:, and javascript: or data:, which must never come).
 */
function offSite(answer: Answer): Set<string> {
  const found = new Set<string>();
  for (const target of navigationTargetsIn(answer.html)) {
    let url: URL;
    try {
      url = new URL(target, answer.url);
    } catch {
      continue;
    }
    const where = url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
    if (where !== origin) found.add(`${where} (${target})`);
  }
  return found;
}

/** Problems of one answer: a Location or Refresh off the site, a link or form target off the site the plain twin has not. */
function problemsOf(label: string, answer: Answer, twin: Answer | null): string[] {
  checks += 1;
  const problems: string[] = [];
  for (const [header, value] of [
    ["Location", answer.location],
    ["Refresh", answer.refresh?.replace(/^\s*\d+\s*;\s*url\s*=\s*/i, "") ?? null],
  ] as const) {
    if (value === null) continue;
    const where = resolved(value, answer.url);
    if (where !== origin) problems.push(`${label}: ${header} ${JSON.stringify(value)} leads to ${where ?? "nowhere readable"}`);
  }
  if (answer.html) {
    const allowed = new Set([...siteLinks, ...(twin ? offSite(twin) : [])].map((entry) => entry.split(" ")[0]));
    for (const entry of offSite(answer)) {
      if (!allowed.has(entry.split(" ")[0])) problems.push(`${label}: the page links off the site: ${entry}`);
    }
  }
  return problems;
}

/**
 * Runs one place over the whole corpus: `visit` gives the answers a value leads to
 * (one per step of a flow), checked against what the benign value gives at each step.
 */
async function sweep(place: string, visit: (value: string) => Promise<Answer[]>, benign = BENIGN): Promise<string[]> {
  targetsChecked.add(place);
  const twins = await visit(benign);
  const problems = unfinished.splice(0).map((problem) => `${place} ${JSON.stringify(benign)}: ${problem}`);
  for (const value of CORPUS) {
    const answers = await visit(value);
    answers.forEach((answer, step) => problems.push(...problemsOf(`${place} ${JSON.stringify(value)} (step ${step + 1}, ${answer.url})`, answer, twins[step] ?? null)));
    problems.push(...unfinished.splice(0).map((problem) => `${place} ${JSON.stringify(value)}: ${problem}`));
  }
  return problems;
}

// ---------------------------------------------------------------------------------
// Sign-in helpers

let lastSignInMailId = 0;

/**
 * The link of the next sign-in mail to the address, as the outbox receives it (no SMTP
 * here; the mail queue keeps the link masked once the mail is out). Outbox files are
 * named after the queue row, so "next" is the lowest id not taken yet.
 */
async function nextSignInLink(): Promise<string> {
  const dir = path.join(site.app.workDir, "data", "outbox");
  const mail = await eventually(() => {
    if (!fs.existsSync(dir)) return undefined;
    return fs
      .readdirSync(dir)
      .map((name) => ({ name, id: Number(/-(\d+)\.eml$/.exec(name)?.[1] ?? 0) }))
      .filter((file) => file.id > lastSignInMailId)
      .sort((a, b) => a.id - b.id)
      .map((file) => ({ id: file.id, raw: fs.readFileSync(path.join(dir, file.name), "utf8") }))
      .find((file) => mailHeader(file.raw, "To") === WHITELISTED);
  });
  lastSignInMailId = mail.id;
  const line = mail.raw.split(/\r?\n/).find((text) => text.startsWith(`${site.app.url}/admin/auth/magic?`));
  if (!line) throw new Error("no sign-in link in the newest mail");
  return line;
}

async function freshToken(): Promise<string> {
  const asked = await fetch(`${site.app.url}/api/admin/auth/magic/request`, {
    method: "POST",
    headers: { Origin: site.app.url, "Content-Type": "application/json" },
    body: JSON.stringify({ email: WHITELISTED }),
  });
  expect(asked.status).toBe(200);
  return new URL(await nextSignInLink()).searchParams.get("token")!;
}

/** Flows that did not go through, found while sweeping: reported with the sweep's problems. */
const unfinished: string[] = [];

/** The flow went through: a failed sign-in leads to the login page (or errs), which would prove nothing. */
function expectSignedIn(answer: Answer) {
  let where: string | null = null;
  try {
    where = new URL(answer.location ?? "/admin/login", answer.url).pathname;
  } catch {
    // an unreadable Location is reported by problemsOf
  }
  if (answer.status !== 302 || where === "/admin/login") unfinished.push(`${answer.url}: the sign-in did not go through (${answer.status} to ${answer.location})`);
}

/** The sign-in link's page, then its one form posted as the browser would: the answers of both steps. */
async function followSignInLink(link: string): Promise<Answer[]> {
  const linkOrigin = resolved(link, site.app.url);
  const linkAnswer: Answer = { url: link, status: 0, location: linkOrigin === origin ? null : link, refresh: null, html: "" };
  const page = await answerOf(link, await fetch(link, { redirect: "manual" }));
  const fields: Record<string, string> = {};
  for (const match of page.html.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(match[0])?.[1];
    const value = /\svalue="([^"]*)"/.exec(match[0])?.[1];
    if (name) fields[name] = (value ?? "").replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  }
  const action = /<form\b[^>]*method="post"[^>]*action="([^"]*)"/i.exec(page.html)?.[1] ?? "/admin/auth/magic";
  const signedIn = await post(new URL(action, link).pathname + new URL(action, link).search, fields);
  expectSignedIn(signedIn);
  return [linkAnswer, page, signedIn];
}

// ---------------------------------------------------------------------------------

describe("no redirect target leads off the site", { timeout: 120_000 }, () => {
  it("has a corpus of 30 and more tricks", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it("the login page keeps only a path of ours in its form (GET /admin/login?redirectTo=)", async () => {
    expect(await sweep("GET /admin/login?redirectTo=", async (value) => [await get(`/admin/login?${new URLSearchParams({ redirectTo: value })}`)])).toEqual([]);
  });

  it("the sign-in link asked for on the login page carries only a path of ours, and so does its form and the sign-in it ends in", async () => {
    const problems = await sweep("POST /admin/login?redirectTo= → link → form → sign-in", async (value) => {
      const asked = await post(`/admin/login?${new URLSearchParams({ redirectTo: value })}`, { email: WHITELISTED });
      return [asked, ...(await followSignInLink(await nextSignInLink()))];
    });
    expect(problems).toEqual([]);
  });

  it("so does the link asked for with JSON (POST /api/admin/auth/magic/request {redirectTo})", async () => {
    const problems = await sweep("POST /api/admin/auth/magic/request → link → form → sign-in", async (value) => {
      const asked = await fetch(`${site.app.url}/api/admin/auth/magic/request`, {
        method: "POST",
        headers: { Origin: site.app.url, "Content-Type": "application/json" },
        body: JSON.stringify({ email: WHITELISTED, redirectTo: value }),
      });
      expect(asked.status).toBe(200);
      return followSignInLink(await nextSignInLink());
    });
    expect(problems).toEqual([]);
  });

  it("a sign-in link altered to carry another target shows a form that keeps only a path of ours (GET /admin/auth/magic?redirectTo=)", async () => {
    const token = await freshToken();
    const problems = await sweep("GET /admin/auth/magic?redirectTo=", async (value) => [await get(`/admin/auth/magic?${new URLSearchParams({ token, redirectTo: value })}`)]);
    expect(problems).toEqual([]);
  });

  it("signing in with a form whose redirectTo was altered lands on a path of ours (POST /admin/auth/magic)", async () => {
    const problems = await sweep("POST /admin/auth/magic redirectTo=", async (value) => {
      const signedIn = await post("/admin/auth/magic", { token: await freshToken(), redirectTo: value });
      expectSignedIn(signedIn);
      return [signedIn];
    });
    expect(problems).toEqual([]);
  });

  it("the Google sign-in goes to the configured Google only, and comes back to a path of ours", async () => {
    const problems = await sweep("GET /admin/auth/google?redirectTo= → callback", async (value) => {
      const query = new URLSearchParams({ redirectTo: value, returnTo: value, next: value });
      const start = await fetch(`${site.app.url}/admin/auth/google?${query}`, { redirect: "manual" });
      const authorize = new URL(start.headers.get("location")!);
      // The way out is Google's (here the local stand-in), and the way back names our site.
      if (authorize.origin !== new URL(site.oauthUrl).origin) unfinished.push(`the sign-in starts at ${authorize.origin}`);
      if (resolved(authorize.searchParams.get("redirect_uri") ?? "", site.app.url) !== origin) unfinished.push(`redirect_uri ${authorize.searchParams.get("redirect_uri")}`);
      const consent = await fetch(authorize, { redirect: "manual" });
      const callback = new URL(consent.headers.get("location")!);
      for (const [name, item] of query) callback.searchParams.set(name, item);
      const back = await answerOf(callback.href, await fetch(callback, { redirect: "manual", headers: { Cookie: stateCookieOf(start) ?? "" } }));
      expectSignedIn(back);
      return [back];
    });
    expect(problems).toEqual([]);
  });

  it("an admin page asked for without a session sends to the login page, which keeps only a path of ours", async () => {
    const problems = await sweep("GET /admin/dashboard/... without a session → login", async (value) => {
      const query = new URLSearchParams({ redirectTo: value, next: value, q: value });
      const first = await get(`/admin/dashboard/faqs?${query}`);
      const login = first.location ? await get(new URL(first.location, first.url).pathname + new URL(first.location, first.url).search) : first;
      return [first, login];
    });
    expect(problems).toEqual([]);
  });

  it("the dashboard's forms go back to their tab whatever the query and the Referer say", async () => {
    const headers = (value: string) => ({ Cookie: site.cookie, Referer: /^[\x20-\x7e]*$/.test(value) ? value : "https://evil.test/" });
    const query = (value: string) => new URLSearchParams({ q: value, page: value, before: value, after: value, redirectTo: value, next: value });
    const forms: [string, Record<string, string>][] = [
      ["/admin/dashboard/media", { intent: "hero", id: "987654", isHeroImage: "true" }],
      ["/admin/dashboard/messages", { id: "987654", handled: "true" }],
      ["/admin/dashboard/properties/987654/delete", {}],
      ["/admin/dashboard/properties/987654/edit", { name: "x" }],
      ["/admin/dashboard/faqs/987654/delete", {}],
      ["/admin/dashboard/text/987654/edit", { key: "x", englishText: "y" }],
      ["/admin/dashboard/media/987654/delete", {}],
      ["/admin/dashboard/admins/987654/remove", {}],
      ["/admin/dashboard/settings", { intent: "nothing" }],
    ];
    const problems: string[] = [];
    for (const [path, fields] of forms) {
      problems.push(...(await sweep(`POST ${path}?q=&page=&… (Referer)`, async (value) => [await post(`${path}?${query(value)}`, fields, headers(value))])));
    }
    expect(problems).toEqual([]);
  });

  it("signing out goes to the login page whatever the query and the Referer say", async () => {
    const problems = await sweep("POST /admin/auth/logout?redirectTo= (Referer)", async (value) => {
      const cookie = await site.signIn(WHITELISTED);
      const referer = /^[\x20-\x7e]*$/.test(value) ? value : "https://evil.test/";
      return [await post(`/admin/auth/logout?${new URLSearchParams({ redirectTo: value, next: value })}`, {}, { Cookie: cookie, Referer: referer })];
    });
    expect(problems).toEqual([]);
  });

  it("the language switch and the path itself lead nowhere else (GET <path>?lng=)", async () => {
    // As written, but for what HTTP cannot carry raw (spaces, controls, non-ASCII), which goes percent-encoded.
    const paths = (value: string) =>
      value.startsWith("/") || value.startsWith("\\") ? value.replace(/[^\x21-\x7e]/g, (character) => encodeURIComponent(character)) : `/${encodeURIComponent(value)}`;
    const problems = [
      ...(await sweep("GET /?lng=", async (value) => [await get(`/?${new URLSearchParams({ lng: value, redirectTo: value })}`)])),
      // The plain twin of a path is a page that does not exist either.
      ...(await sweep("GET <path>", async (value) => [await rawGet(paths(value))], "/no-such-page")),
      ...(await sweep("GET <path>?lng=es", async (value) => [await rawGet(`${paths(value)}?lng=es`)], "/no-such-page")),
      ...(await sweep("GET /build<path>, /objects<path>", async (value) => [await rawGet(`/build${paths(value)}`), await rawGet(`/objects${paths(value)}`)], "/no-such-page")),
      // The listings send any other spelling of a search to its one URL.
      ...(await sweep("GET /properties?q=&page=&lng=", async (value) => [await get(`/properties?${new URLSearchParams({ q: value, page: value, beds: value, sort: value, lng: value })}`)])),
    ];
    expect(problems).toEqual([]);
  });
});
