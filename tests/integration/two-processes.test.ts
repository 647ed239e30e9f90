import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { BACKEND_HEADER, startRoundRobinProxy, type RoundRobinProxy } from "../support/round-robin-proxy";
import { freePort, makeWorkDir, startServer, withServerDatabase, type RunningServer } from "../support/server";
import { mimeParts, startSmtpSink, type SmtpSink } from "../support/smtp";

/**
 * The site as a load-balanced deployment runs it: two production processes on one
 * database file with one SESSION_SECRET, behind a round-robin proxy
 * (tests/support/round-robin-proxy.ts) that sends each request to the other process
 * than the one before and appends the client's address to X-Forwarded-For
 * (TRUST_PROXY=1; APP_URL is the proxy's address). Every request below goes through the
 * proxy, and each answer says which process gave it (X-Backend).
 *
 * Mail sent once and the shared rate limits have their own tests
 * (two-processes-mail.test.ts, shared-limits.test.ts); the contact limit is checked
 * again here because the client's address now comes from X-Forwarded-For.
 */

const ADMINS = ["owner@example.com", "second@example.com", "racer@example.com"];
// server/app.ts: a process's page cache keeps an answer at most this long, which bounds
// how long the other process may show what an edit replaced (docs/decisions/006-page-cache.md).
const PAGE_CACHE_TTL_MS = 5_000;
// Beyond the lifetime: the poll's own pace (100 ms, every other request reaching the
// other process) and two busy cores.
const POLL_MARGIN_MS = 2_000;

let sink: SmtpSink;
let proxy: RoundRobinProxy;
const servers: RunningServer[] = [];

beforeAll(async () => {
  sink = await startSmtpSink(await freePort());
  const ports = [await freePort(), await freePort()];
  proxy = await startRoundRobinProxy(ports.map((port) => `http://127.0.0.1:${port}`));
  const workDir = makeWorkDir("two-processes-");
  const env = {
    APP_URL: proxy.url,
    TRUST_PROXY: "1",
    SESSION_SECRET: "one-secret-for-both-processes-5d1c",
    ADMIN_EMAILS: ADMINS.join(","),
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: "office@example.com",
  };
  // One after the other: the first creates, migrates and seeds the database.
  for (const port of ports) servers.push(await startServer({ workDir, port, env }));
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await proxy?.stop();
  await sink?.stop();
});

// ---------------------------------------------------------------------------------
// Requests through the proxy

type Via = { method?: string; cookie?: string; json?: unknown; form?: Record<string, string> };

/** A request to the proxy as the site's own pages send it (our Origin), not following redirects. */
function via(path: string, init: Via = {}) {
  const headers: Record<string, string> = { Origin: proxy.url };
  if (init.cookie) headers.Cookie = init.cookie;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  return fetch(`${proxy.url}${path}`, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" });
}

/** Which process answered. */
function backendOf(response: Response): number {
  return Number(response.headers.get(BACKEND_HEADER));
}

function sessionCookieOf(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="))?.split(";")[0];
}

/** Asks for a sign-in link through the proxy and returns the token of the mail it brings. */
async function mailedToken(email: string): Promise<string> {
  const mailsTo = () => sink.messages().filter((mail) => mail.to.includes(email));
  const before = mailsTo().length;
  const asked = await via("/api/admin/auth/magic/request", { json: { email } });
  expect(asked.status).toBe(200);
  await sink.waitFor(() => mailsTo().length > before);
  const text = mimeParts(mailsTo()[before].raw).find((part) => part.contentType === "text/plain")!.body;
  // The link names APP_URL, the proxy: whichever process wrote it.
  const link = text.split(/\r?\n/).find((line) => line.startsWith(`${proxy.url}/admin/auth/magic?token=`));
  expect(link, text).toBeDefined();
  return new URL(link!).searchParams.get("token")!;
}

/** The link page's Continue, as a browser posts it. */
function useToken(token: string) {
  return via("/admin/auth/magic", { form: { token } });
}

async function signIn(email: string): Promise<string> {
  const used = await useToken(await mailedToken(email));
  expect(used.headers.get("location")).toBe("/admin/dashboard");
  return sessionCookieOf(used)!;
}

/** A POST to the proxy from another loopback address, so the proxy sees another client. */
function postFrom(clientAddress: string, path: string, body: unknown, extraHeaders: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  const target = new URL(path, proxy.url);
  return new Promise<{ status: number; backend: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        localAddress: clientAddress,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload), Origin: proxy.url, ...extraHeaders },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            backend: Number(response.headers[BACKEND_HEADER]),
            retryAfter: response.headers["retry-after"] as string | undefined,
            body: text,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** Both processes, in turn, have answered `path` (and so hold it in their page caches). */
async function warm(path: string) {
  const answeredBy = new Set<number>();
  for (let i = 0; i < 2; i++) {
    const response = await via(path);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    answeredBy.add(backendOf(response));
  }
  expect([...answeredBy].sort()).toEqual([0, 1]);
}

/**
 * Polls `path` through the proxy until the process other than `writer` shows `text`;
 * returns how long that took after the edit, within the page cache's lifetime.
 */
async function shownByTheOther(writer: number, path: string, text: string, editedAt: number): Promise<number> {
  return eventually(async () => {
    const response = await via(path);
    expect(response.status).toBe(200);
    const body = await response.text();
    if (backendOf(response) === writer || !body.includes(text)) return undefined;
    return Date.now() - editedAt;
  }, PAGE_CACHE_TTL_MS + POLL_MARGIN_MS);
}

// ---------------------------------------------------------------------------------

describe("two processes on one database behind a round-robin proxy", () => {
  it("keep one admin session: signed in through one, every request to either is authorized, and logout ends it on both", async () => {
    const cookie = await signIn("owner@example.com");
    const before = proxy.answered();

    const backends: number[] = [];
    for (let i = 0; i < 10; i++) {
      const me = await via("/api/admin/me", { cookie });
      expect(me.status, `admin request ${i + 1}`).toBe(200);
      expect(await me.json()).toMatchObject({ email: "owner@example.com" });
      backends.push(backendOf(me));
    }
    for (let i = 0; i < 2; i++) {
      const dashboard = await via("/admin/dashboard", { cookie });
      expect(dashboard.status, "the dashboard page").toBe(200);
      await dashboard.arrayBuffer();
      backends.push(backendOf(dashboard));
    }
    // Strict alternation: every request went to the other process than the one before.
    expect(backends.every((backend, i) => i === 0 || backend !== backends[i - 1])).toBe(true);
    const during = proxy.answered().map((count, i) => count - before[i]);
    expect(during).toEqual([6, 6]);

    const logout = await via("/admin/auth/logout", { cookie, form: {} });
    expect(logout.status).toBe(302);
    for (let i = 0; i < 2; i++) {
      const after = await via("/api/admin/me", { cookie });
      expect(after.status, `after logout, process ${backendOf(after)}`).toBe(401);
    }
  });

  it("accept a sign-in link once: used through one process, refused through the other", async () => {
    const token = await mailedToken("second@example.com");
    const first = await useToken(token);
    expect(first.headers.get("location")).toBe("/admin/dashboard");
    expect(sessionCookieOf(first)).toBeDefined();

    const again = await useToken(token);
    expect(backendOf(again)).not.toBe(backendOf(first));
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/admin/login?error=token_already_used");
    expect(sessionCookieOf(again)).toBeUndefined();

    // The link's page, opened again on either process, says so too.
    for (let i = 0; i < 2; i++) {
      const page = await via(`/admin/auth/magic?token=${token}`);
      expect(page.headers.get("location"), `link page on process ${backendOf(page)}`).toBe("/admin/login?error=token_already_used");
    }
  });

  it("sign in exactly once when one link is used on both processes at the same moment", async () => {
    for (let round = 1; round <= 3; round++) {
      const token = await mailedToken("racer@example.com");
      const answers = await Promise.all([useToken(token), useToken(token)]);
      expect(answers.map(backendOf).sort(), `round ${round}`).toEqual([0, 1]);
      const locations = answers.map((answer) => answer.headers.get("location")).sort();
      expect(locations, `round ${round}`).toEqual(["/admin/dashboard", "/admin/login?error=token_already_used"]);
      expect(answers.filter((answer) => sessionCookieOf(answer)).length).toBe(1);
    }
    const used = withServerDatabase(servers[0], (db) =>
      db.prepare("select count(*) as n from magic_tokens where email = ? and used_at is not null").get("racer@example.com"),
    ) as { n: number };
    expect(used.n).toBe(3);
  });

  it(
    "show an FAQ edited through one process on the other within the page cache's lifetime",
    { timeout: 40_000 },
    async () => {
      const cookie = await signIn("owner@example.com");
      const faqs = (await (await via("/api/faqs")).json()) as { id: number; answer: string; sortOrder: number }[];
      const faq = faqs[0];
      await warm("/api/faqs");
      await warm("/");

      const question = `Edited on one process ${Date.now().toString(36)}?`;
      const edit = await via(`/api/admin/faqs/${faq.id}`, {
        method: "PUT",
        cookie,
        json: { question, answer: faq.answer, questionSpanish: "", answerSpanish: "", sortOrder: faq.sortOrder, isActive: true },
      });
      expect(edit.status).toBe(200);
      const editedAt = Date.now();
      const writer = backendOf(edit);

      // The other process: within the lifetime of what it had stored before the edit.
      const jsonDelay = await shownByTheOther(writer, "/api/faqs", question, editedAt);
      const pageDelay = await shownByTheOther(writer, "/", question, editedAt);
      expect(jsonDelay).toBeLessThanOrEqual(PAGE_CACHE_TTL_MS + POLL_MARGIN_MS);
      expect(pageDelay).toBeLessThanOrEqual(PAGE_CACHE_TTL_MS + POLL_MARGIN_MS);
    },
  );

  it(
    "show a text entry edited through one process on the other's pages within the page cache's lifetime",
    { timeout: 40_000 },
    async () => {
      const cookie = await signIn("owner@example.com");
      const entries = (await (await via("/api/text-entries")).json()) as { id: number; key: string; spanishText: string }[];
      const title = entries.find((entry) => entry.key === "faq.title")!;
      await warm("/");

      const englishText = `Questions edited on one process ${Date.now().toString(36)}`;
      const edit = await via(`/api/admin/text-entries/${title.id}`, {
        method: "PUT",
        cookie,
        json: { key: title.key, englishText, spanishText: title.spanishText },
      });
      expect(edit.status).toBe(200);
      const editedAt = Date.now();

      const delay = await shownByTheOther(backendOf(edit), "/", englishText, editedAt);
      expect(delay).toBeLessThanOrEqual(PAGE_CACHE_TTL_MS + POLL_MARGIN_MS);
    },
  );

  it("list a home added through one process in the other's sitemap at its next answer; until then each sends its prepared copy", async () => {
    const cookie = await signIn("owner@example.com");
    const sitemap = async () => {
      const response = await via("/sitemap.xml");
      expect(response.status).toBe(200);
      return { backend: backendOf(response), cache: response.headers.get("x-page-cache"), xml: await response.text() };
    };
    await sitemap();
    await sitemap();
    const held = [await sitemap(), await sitemap()];
    expect(held.map((answer) => answer.backend).sort()).toEqual([0, 1]);
    expect(held.map((answer) => answer.cache)).toEqual(["hit", "hit"]);

    const created = await via("/api/admin/properties", {
      cookie,
      json: {
        name: "Two Processes Park, Lot 2",
        location: "Denton, TX 76201",
        latitude: 33.2148,
        longitude: -97.1331,
        price: "$990/month",
        priceSpanish: "$990 al mes",
        imageUrl: "/objects/demo/home-1.webp",
        applicationUrl: "https://apply.example.com/two-processes-2",
        beds: "2",
        baths: "1",
        sqft: "900",
        description: "Added through one process.",
        descriptionSpanish: "Agregada por un proceso.",
        isActive: true,
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // Both processes, the writer and the other, at once: no lifetime to wait out.
    const after = [await sitemap(), await sitemap()];
    expect(after.map((answer) => answer.backend).sort()).toEqual([0, 1]);
    for (const answer of after) {
      expect(answer.xml, `process ${answer.backend}`).toContain(`<loc>${proxy.url}/properties/${id}</loc>`);
      expect(answer.cache, `process ${answer.backend}`).toBe("miss");
    }
  });

  it("count contact messages per client address from X-Forwarded-For: the 11th in 10 minutes is refused, whichever process gets it", async () => {
    const message = (n: number) => ({ firstName: "Ana", lastName: `Proxy${n}`, email: "ana@example.com", subject: "other", message: "Through the proxy." });
    const backends: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const sent = await postFrom("127.0.0.2", "/api/contact", message(i));
      expect(sent.status, `message ${i}: ${sent.body}`).toBe(201);
      backends.push(sent.backend);
    }
    expect(backends.filter((backend) => backend === 0)).toHaveLength(5);

    const refused = await postFrom("127.0.0.2", "/api/contact", message(11));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(JSON.parse(refused.body)).toEqual({ error: expect.any(String) });

    // On the other process too, and a forged X-Forwarded-For does not help: the servers
    // trust one hop, the address the proxy appended.
    const forged = await postFrom("127.0.0.2", "/api/contact", message(12), { "X-Forwarded-For": "203.0.113.50" });
    expect(forged.backend).not.toBe(refused.backend);
    expect(forged.status).toBe(429);

    // Another client behind the same proxy has its own allowance.
    const other = await postFrom("127.0.0.3", "/api/contact", message(13));
    expect(other.status).toBe(201);
  });
});
