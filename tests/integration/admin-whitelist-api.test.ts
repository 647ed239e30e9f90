import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectJson, jsonCaller, signInAdmin } from "../support/admin-api";
import { startOAuthServer } from "../support/oauth";
import { startServer, type RunningServer } from "../support/server";

/** docs/product.md §7: GET/POST /api/admin/whitelist and DELETE /api/admin/whitelist/{id}. */

const MESSAGES = {
  added: "Email added to whitelist successfully",
  removed: "Email removed from whitelist",
  duplicate: "This email address is already on the whitelist",
  cannotRemoveSelfTitle: "Cannot remove yourself",
  cannotRemoveSelf: "You cannot remove your own email from the whitelist",
  invalidEmail: "Please enter a valid email address",
};

type Entry = { id: number; email: string; createdAt: string; addedBy: string };

let oauth: Awaited<ReturnType<typeof startOAuthServer>>;
let app: RunningServer;
let adminCookie: string;

beforeAll(async () => {
  oauth = await startOAuthServer();
  app = await startServer({
    env: {
      // Mixed case on purpose: the whitelist holds it lowercased.
      ADMIN_EMAILS: "Staff@Example.com,boss@example.com",
      GOOGLE_CLIENT_ID: "c",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_OAUTH_ISSUER: oauth.url,
    },
  });
  adminCookie = await signInAs("staff@example.com", "g-staff");
});
afterAll(async () => {
  await app?.stop();
  await oauth?.stop();
});

const signInAs = (email: string, sub: string) => signInAdmin(oauth, app.url, { email, sub });

const call = jsonCaller(() => app, () => adminCookie);

const list = () => call("/api/admin/whitelist");
const add = (body: unknown, cookie?: string) => call("/api/admin/whitelist", { method: "POST", body, cookie });
const remove = (id: number | string, cookie?: string) => call(`/api/admin/whitelist/${id}`, { method: "DELETE", cookie });

function rows(): Entry[] {
  const db = new Database(app.databasePath, { readonly: true });
  const result = db.prepare("select id, email, added_by as addedBy, created_at as createdAt from admin_whitelist order by id").all() as Entry[];
  db.close();
  return result;
}

describe("without an admin session", () => {
  it.each([
    ["GET", "/api/admin/whitelist"],
    ["POST", "/api/admin/whitelist"],
    ["DELETE", "/api/admin/whitelist/1"],
  ])("%s %s answers 401 JSON and changes nothing", async (method, path) => {
    const before = rows();
    const response = await call(path, { method, cookie: null, body: method === "POST" ? { email: "intruder@example.com" } : undefined });
    await expectJson(response, 401, { error: "Unauthorized" });
    expect(rows()).toEqual(before);
  });

  it("answers 401 for a cookie that names no session", async () => {
    const response = await call("/api/admin/whitelist", { cookie: "__session=forged" });
    expect(response.status).toBe(401);
  });
});

describe("GET /api/admin/whitelist", () => {
  it("lists id, email, createdAt and addedBy; the bootstrap addresses lead with addedBy 'bootstrap'", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const entries = (await response.json()) as Entry[];
    expect(entries.slice(0, 2).map(({ email, addedBy }) => ({ email, addedBy }))).toEqual([
      { email: "staff@example.com", addedBy: "bootstrap" },
      { email: "boss@example.com", addedBy: "bootstrap" },
    ]);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(["addedBy", "createdAt", "email", "id"]);
      expect(Number.isInteger(entry.id)).toBe(true);
      expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
    }
  });
});

describe("POST /api/admin/whitelist", () => {
  it("adds a trimmed, lowercased address with the admin as addedBy: 201 and the entry", async () => {
    const response = await add({ email: "  New.Person@Example.COM " });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Entry & { message: string };
    expect(body).toMatchObject({ email: "new.person@example.com", addedBy: "staff@example.com", message: MESSAGES.added });
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60_000);
    const listed = ((await (await list()).json()) as Entry[]).find((entry) => entry.id === body.id);
    expect(listed).toEqual({ id: body.id, email: body.email, createdAt: body.createdAt, addedBy: body.addedBy });
  });

  it("answers 409 for an address already there, differing only in case, and writes nothing", async () => {
    expect((await add({ email: "dup@example.com" })).status).toBe(201);
    const before = rows();
    await expectJson(await add({ email: "DUP@Example.Com" }), 409, { error: MESSAGES.duplicate });
    await expectJson(await add({ email: "Boss@example.com" }), 409, { error: MESSAGES.duplicate });
    expect(rows()).toEqual(before);
  });

  it.each([
    ["an invalid address", { email: "not-an-address" }],
    ["an empty address", { email: "" }],
    ["no address", {}],
    ["a number", { email: 42 }],
    ["an address that is too long", { email: `${"x".repeat(250)}@example.com` }],
  ])("answers 400 with the field error for %s and writes nothing", async (_name, body) => {
    const before = rows();
    await expectJson(await add(body), 400, { error: MESSAGES.invalidEmail, fieldErrors: { email: [MESSAGES.invalidEmail] } });
    expect(rows()).toEqual(before);
  });

  it.each([
    ["an array", "[{\"email\":\"array@example.com\"}]"],
    ["broken JSON", "{\"email\": \"broken@example.com\""],
    ["null", "null"],
    ["a string", "\"string@example.com\""],
    ["a form body", "email=form@example.com"],
    ["no body", ""],
  ])("answers 400 for %s as the body and writes nothing", async (_name, rawBody) => {
    const before = rows();
    const response = await call("/api/admin/whitelist", { method: "POST", rawBody });
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body.error).toBe("The request body must be a JSON object.");
    expect(body.fieldErrors).toEqual({ email: [MESSAGES.invalidEmail] });
    expect(rows()).toEqual(before);
  });
});

describe("DELETE /api/admin/whitelist/{id}", () => {
  it("removes an entry: 200 with the message, and it is gone from the list", async () => {
    const added = (await (await add({ email: "leaving@example.com" })).json()) as Entry;
    await expectJson(await remove(added.id), 200, { message: MESSAGES.removed });
    expect(rows().some((row) => row.id === added.id)).toBe(false);
    // Once gone, the same id is unknown.
    expect((await remove(added.id)).status).toBe(404);
  });

  it.each([["999999"], ["abc"], ["0"], ["-1"], ["1.5"], ["1e3"]])("answers 404 JSON for the id %s and removes nothing", async (id) => {
    const before = rows();
    const response = await remove(id);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    expect(rows()).toEqual(before);
  });

  it("refuses to remove one's own address (whatever its case) with the texts of docs/product.md §5, and removes nothing", async () => {
    // The admin signed in as staff@example.com; the bootstrap entry came from "Staff@Example.com".
    const own = rows().find((row) => row.email === "staff@example.com")!;
    const before = rows();
    await expectJson(await remove(own.id), 403, { error: MESSAGES.cannotRemoveSelf, title: MESSAGES.cannotRemoveSelfTitle });
    expect(rows()).toEqual(before);

    // Signed in with a differently cased address, the entry is still one's own.
    expect((await add({ email: "casey@example.com" })).status).toBe(201);
    const casey = rows().find((row) => row.email === "casey@example.com")!;
    const caseyCookie = await signInAs("CASEY@example.COM", "g-case");
    await expectJson(await remove(casey.id, caseyCookie), 403, {
      error: MESSAGES.cannotRemoveSelf,
      title: MESSAGES.cannotRemoveSelfTitle,
    });
    expect(rows().some((row) => row.id === casey.id)).toBe(true);
    expect((await call("/api/admin/me", { cookie: caseyCookie })).status).toBe(200);
  });

  it("ends a removed admin's access on their next request", async () => {
    expect((await add({ email: "bee@example.com" })).status).toBe(201);
    const beeCookie = await signInAs("bee@example.com", "g-bee");
    expect((await call("/api/admin/me", { cookie: beeCookie })).status).toBe(200);
    expect((await call("/api/admin/whitelist", { cookie: beeCookie })).status).toBe(200);

    const bee = rows().find((row) => row.email === "bee@example.com")!;
    expect((await remove(bee.id)).status).toBe(200);

    await expectJson(await call("/api/admin/me", { cookie: beeCookie }), 401, { error: "Unauthorized" });
    expect((await call("/api/admin/whitelist", { cookie: beeCookie })).status).toBe(401);
    // The admin who removed them is still in.
    expect((await call("/api/admin/me")).status).toBe(200);
  });
});

describe("wrong methods", () => {
  it.each([
    ["PUT", "/api/admin/whitelist", "GET, POST"],
    ["PATCH", "/api/admin/whitelist", "GET, POST"],
    ["DELETE", "/api/admin/whitelist", "GET, POST"],
    ["GET", "/api/admin/whitelist/1", "DELETE"],
    ["POST", "/api/admin/whitelist/1", "DELETE"],
    ["PUT", "/api/admin/whitelist/1", "DELETE"],
  ])("%s %s answers 405 JSON with Allow: %s and changes nothing", async (method, path, allow) => {
    const before = rows();
    const response = await call(path, { method, body: method === "GET" ? undefined : { email: "wrong-method@example.com" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    expect(rows()).toEqual(before);
  });
});
