import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whileLocked } from "../support/database-lock";
import { rawRequest as rawRequestTo } from "../support/raw-http";
import { startServer, type RunningServer } from "../support/server";
import { LOGIN_FORM } from "~/auth/login-form";
import { CONTACT_FORM, SAVED_HOMES_FORM, SEARCH_ALERT_FORM } from "~/http/form-shapes.server";
import { NO_FIELDS } from "~/utils/form-shape";

const rawRequest = (request: string) => rawRequestTo(app.port, request);

/**
 * The refusals the server makes before the app (a body too large, a form no form could
 * send, a cross-site write, a method no route takes, too many writes or reads, a Host
 * that makes no URL, the database busy) answer in the caller's format. The path alone
 * does not tell it: a JSON request to a form's path (the JSON contract's
 * POST /admin/auth/logout, say), which sends JSON or asks for it first, reads JSON
 * `{"error": ...}`; a browser's form post to the same path reads a page.
 */

let app: RunningServer;

beforeAll(async () => {
  // Many requests from one address: the limits are met on a server of their own below.
  app = await startServer({ env: { RATE_LIMIT_FACTOR: "1000" } });
});
afterAll(async () => {
  await app?.stop();
});

type Caller = { name: string; headers: Record<string, string> };

const JSON_CALLERS: Caller[] = [
  { name: "a JSON body", headers: { "Content-Type": "application/json" } },
  { name: "a JSON body with a charset", headers: { "Content-Type": "application/json; charset=utf-8", Accept: "*/*" } },
  { name: "an Accept asking for JSON", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" } },
];
const BROWSER: Caller = {
  name: "a browser's form post",
  headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
};

async function expectJsonError(response: Response, status: number, what: string) {
  expect(response.status, what).toBe(status);
  expect(response.headers.get("content-type"), what).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: unknown };
  expect(typeof body.error === "string" && body.error.length > 0, `${what}: ${JSON.stringify(body)}`).toBe(true);
}

async function expectPage(response: Response, status: number, what: string) {
  expect(response.status, what).toBe(status);
  expect(response.headers.get("content-type"), what).toMatch(/^text\/html/);
  expect(await response.text(), what).toContain('role="alert"');
}

const post = (path: string, caller: Caller, body: BodyInit, extra: Record<string, string> = {}, server = app) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { Origin: server.url, ...caller.headers, ...extra }, body, redirect: "manual" });

describe("a refusal made before the app, to a form's path", () => {
  it("413, a body over the limit: JSON to a JSON request, a page to a form post", async () => {
    const oversize = new Uint8Array(1024 * 1024 + 1).fill(0x61);
    for (const caller of JSON_CALLERS) await expectJsonError(await post("/admin/auth/logout", caller, oversize), 413, caller.name);
    await expectPage(await post("/admin/auth/logout", BROWSER, oversize), 413, BROWSER.name);
  });

  it("400, a form no form of the site could send: JSON to a request that asks for it, a page to a form post", async () => {
    await expectJsonError(await post("/admin/login", JSON_CALLERS[2], "a[99999999]=1"), 400, JSON_CALLERS[2].name);
    await expectPage(await post("/admin/login", BROWSER, "a[99999999]=1"), 400, BROWSER.name);
  });

  it("403, a write another site started", async () => {
    for (const caller of JSON_CALLERS) await expectJsonError(await post("/admin/auth/logout", caller, "{}", { Origin: "https://evil.example" }), 403, caller.name);
    await expectPage(await post("/admin/auth/logout", BROWSER, "", { Origin: "https://evil.example" }), 403, BROWSER.name);
  });

  it("405, a method no route takes", async () => {
    for (const caller of JSON_CALLERS) {
      const response = await fetch(`${app.url}/admin/auth/logout`, { method: "PROPFIND", headers: caller.headers });
      await expectJsonError(response, 405, caller.name);
    }
    await expectPage(await fetch(`${app.url}/admin/auth/logout`, { method: "PROPFIND", headers: BROWSER.headers }), 405, BROWSER.name);
  });

  it("400, a Host header that makes no URL", async () => {
    const answer = await rawRequest(`POST /admin/auth/logout HTTP/1.1\r\nHost: [\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: "Invalid Host header" });
    const page = await rawRequest(`POST /admin/auth/logout HTTP/1.1\r\nHost: [\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n\r\n`);
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("503, the database busy at the count of writes", async () => {
    await whileLocked(app, async () => {
      await expectJsonError(await post("/admin/auth/logout", JSON_CALLERS[0], "{}"), 503, JSON_CALLERS[0].name);
      await expectPage(await post("/admin/auth/logout", BROWSER, ""), 503, BROWSER.name);
    });
  });

  it("429, too many writes, then too many reads", async () => {
    // Three writes and six reads a minute per client: met in a few requests.
    const limited = await startServer({ env: { RATE_LIMIT_FACTOR: "0.01" } });
    try {
      let refusedWrite: Response | undefined;
      for (let attempt = 0; attempt < 10 && !refusedWrite; attempt++) {
        const response = await post("/admin/auth/logout", JSON_CALLERS[0], "{}", {}, limited);
        if (response.status === 429) refusedWrite = response;
        else await response.arrayBuffer();
      }
      expect(refusedWrite, "a 429 within ten writes").toBeDefined();
      await expectJsonError(refusedWrite!, 429, "a JSON write");
      await expectPage(await post("/admin/auth/logout", BROWSER, "", {}, limited), 429, BROWSER.name);

      let refusedRead: Response | undefined;
      for (let attempt = 0; attempt < 20 && !refusedRead; attempt++) {
        const response = await fetch(`${limited.url}/admin/login`, { headers: { Accept: "application/json" } });
        if (response.status === 429) refusedRead = response;
        else await response.arrayBuffer();
      }
      expect(refusedRead, "a 429 within twenty reads").toBeDefined();
      await expectJsonError(refusedRead!, 429, "a read asking for JSON");
      await expectPage(await fetch(`${limited.url}/admin/login`, { headers: { Accept: BROWSER.headers.Accept } }), 429, "a browser's page");
    } finally {
      await limited.stop();
    }
  });
});

describe("a refusal by a form's own byte cap, under the server's 1 MB", () => {
  // The public forms (an admin form's action sends a caller without a session to the
  // login before it reads the body), each with the cap its action reads the body under.
  const FORMS = [
    { path: "/admin/auth/logout", maxBytes: NO_FIELDS.maxBytes },
    { path: "/admin/login", maxBytes: LOGIN_FORM.maxBytes },
    { path: "/?index", maxBytes: CONTACT_FORM.maxBytes },
    { path: "/properties", maxBytes: SEARCH_ALERT_FORM.maxBytes },
    { path: "/favorites", maxBytes: SAVED_HOMES_FORM.maxBytes },
  ];
  const SIZES = [
    { name: "just over the cap", bytes: (maxBytes: number) => maxBytes + 2 },
    { name: "far over the cap", bytes: (maxBytes: number) => Math.min(maxBytes * 16, 1024 * 1024 - 2) },
  ];
  /** `bytes` of nested brackets: JSON a parser has to descend into. */
  const nestedArrays = (bytes: number) => "[".repeat(bytes / 2) + "]".repeat(bytes / 2);

  it("413 in JSON to the sign-out sent 6 KB of nested brackets as JSON, asking for JSON", async () => {
    const response = await post("/admin/auth/logout", { name: "JSON", headers: { "Content-Type": "application/json", Accept: "application/json" } }, nestedArrays(6_000));
    await expectJsonError(response, 413, "6 KB of brackets");
  });

  it.each(FORMS.flatMap((form) => SIZES.map((size) => ({ ...form, size: size.name, bytes: size.bytes(form.maxBytes) }))))(
    "$path, $size ($bytes bytes): 413 in JSON to every JSON request, a page to a browser's form post",
    async ({ path, bytes }) => {
      for (const caller of JSON_CALLERS) {
        const body = caller.headers["Content-Type"].startsWith("application/json") ? nestedArrays(bytes) : `email=${"a".repeat(bytes - 6)}`;
        await expectJsonError(await post(path, caller, body), 413, caller.name);
      }
      await expectPage(await post(path, BROWSER, `email=${"a".repeat(bytes - 6)}`), 413, BROWSER.name);
    },
  );
});
